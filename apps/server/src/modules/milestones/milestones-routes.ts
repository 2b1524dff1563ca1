import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateMilestoneBody,
  CycleDefectList,
  IdParams,
  MessageResponse,
  Milestone,
  MilestoneList,
  MilestoneMutation,
  MilestoneReadiness,
  ReadinessRules,
  ReadinessRulesMutation,
  UpdateMilestoneBody,
} from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import {
  createMilestone,
  deleteMilestone,
  getMilestone,
  listMilestoneDefects,
  listMilestones,
  updateMilestone,
} from './milestones-service.ts';
import { getReadiness, setReadinessRules } from './readiness-service.ts';

const tags = ['milestones'];

/** docs/product/milestones.md: a project's milestones, each with the counts of its cycles. */
export const milestonesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/projects/:id/milestones',
    {
      config: { access: { project: 'home_milestone' }, errors: [404] },
      schema: {
        tags,
        summary:
          "A project's milestones, each with the item counts of its cycles and its sub-milestones' cycles",
        params: IdParams,
        response: { 200: MilestoneList },
      },
    },
    async (request) => ({
      milestones: await listMilestones(app.db, principalOf(request), request.params.id),
    }),
  );

  app.post(
    '/api/projects/:id/milestones',
    {
      config: { access: { project: 'add_milestone' }, authCache: 'keeps', errors: [404, 409] },
      schema: {
        tags,
        summary: 'Create a milestone, or a sub-milestone of a top-level one (`parent_id`)',
        params: IdParams,
        body: CreateMilestoneBody,
        response: { 201: MilestoneMutation },
      },
    },
    async (request, reply) => {
      const milestone = await createMilestone(app.db, principalOf(request), request.params.id, request.body);
      return reply.status(201).send({ message: 'Milestone created', milestone });
    },
  );

  app.get(
    '/api/milestones/:id',
    {
      config: { access: { project: 'home_milestone' }, errors: [404] },
      schema: {
        tags,
        summary: "A milestone with the item counts of its cycles and its sub-milestones' cycles",
        params: IdParams,
        response: { 200: Milestone },
      },
    },
    (request) => getMilestone(app.db, principalOf(request), request.params.id),
  );

  app.get(
    '/api/milestones/:id/defects',
    {
      config: { access: { project: 'home_test_cycle' }, errors: [404] },
      schema: {
        tags,
        summary:
          "The defects linked to the items and results of a milestone's cycles (and its sub-milestones'), each with its cases",
        params: IdParams,
        response: { 200: CycleDefectList },
      },
    },
    async (request) => ({
      defects: await listMilestoneDefects(app.db, principalOf(request), request.params.id),
    }),
  );

  app.put(
    '/api/milestones/:id',
    {
      config: { access: { project: 'edit_milestone' }, authCache: 'keeps', errors: [404, 409] },
      schema: {
        tags,
        summary: 'Edit, complete or reopen a milestone; omitted fields are kept, null clears one',
        params: IdParams,
        body: UpdateMilestoneBody,
        response: { 200: MilestoneMutation },
      },
    },
    (request) => updateMilestone(app.db, principalOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/milestones/:id',
    {
      config: { access: { project: 'delete_milestone' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: 'Delete a milestone; its cycles stay without one and its sub-milestones become top-level',
        params: IdParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await deleteMilestone(app.db, principalOf(request), request.params.id);
      return { message: 'Milestone deleted' };
    },
  );

  app.get(
    '/api/milestones/:id/readiness',
    {
      config: { access: { project: 'home_milestone' }, errors: [404] },
      schema: {
        tags,
        summary:
          'Whether the milestone meets its readiness rules: each reason it does not, with a link, and the figures read',
        params: IdParams,
        response: { 200: MilestoneReadiness },
      },
    },
    (request) => getReadiness(app.db, principalOf(request), request.params.id),
  );

  app.put(
    '/api/milestones/:id/readiness-rules',
    {
      config: { access: { project: 'edit_milestone' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary:
          "Set the milestone's readiness rules; null or false turns a rule off, max_unmet_requirements may be left out",
        params: IdParams,
        body: ReadinessRules,
        response: { 200: ReadinessRulesMutation },
      },
    },
    async (request) => ({
      message: 'Readiness rules saved',
      rules: await setReadinessRules(app.db, principalOf(request), request.params.id, request.body),
    }),
  );
};
