import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CycleDefectList,
  DefectBody,
  DefectLinkList,
  DefectLinkMutation,
  IdParams,
  ItemDefectBody,
  MessageResponse,
  NewIssueAnswer,
  TrackerAnswer,
  TrackerBody,
  TrackerMutation,
} from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import {
  linkToCase,
  linkToItem,
  listCaseDefects,
  listCycleDefects,
  listItemDefects,
  newIssueAddress,
  projectTracker,
  removeTracker,
  setTracker,
  unlink,
} from './defects-service.ts';

const tags = ['defects'];

/** docs/product/defects.md: the project's issue tracker, defect links and "File a bug". */
export const defectsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/projects/:id/tracker',
    {
      config: { access: { project: 'home_test_case' }, errors: [404] },
      schema: {
        tags,
        summary: "A project's issue tracker (null when none)",
        params: IdParams,
        response: { 200: TrackerAnswer },
      },
    },
    async (request) => ({ tracker: await projectTracker(app.db, principalOf(request), request.params.id) }),
  );

  app.put(
    '/api/projects/:id/tracker',
    {
      config: { access: { project: 'edit_project' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: "Set a project's issue tracker: Jira, GitHub, GitLab or an address template",
        params: IdParams,
        body: TrackerBody,
        response: { 200: TrackerMutation },
      },
    },
    async (request) => ({
      message: 'Issue tracker saved',
      tracker: await setTracker(app.db, principalOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/projects/:id/tracker',
    {
      config: { access: { project: 'edit_project' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: "Remove a project's issue tracker (links already made keep their addresses)",
        params: IdParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await removeTracker(app.db, principalOf(request), request.params.id);
      return { message: 'Issue tracker removed' };
    },
  );

  app.get(
    '/api/test-cases/:id/defects',
    {
      config: { access: { project: 'home_test_case' }, errors: [404] },
      schema: {
        tags,
        summary: "A case's defect links at every level (the case, its items and results), newest first",
        params: IdParams,
        response: { 200: DefectLinkList },
      },
    },
    async (request) => ({ defects: await listCaseDefects(app.db, principalOf(request), request.params.id) }),
  );

  app.post(
    '/api/test-cases/:id/defects',
    {
      config: { access: { project: 'edit_test_case' }, authCache: 'keeps', errors: [404, 409] },
      schema: {
        tags,
        summary: 'Link a defect (an id or an address) to a case',
        params: IdParams,
        body: DefectBody,
        response: { 201: DefectLinkMutation },
      },
    },
    async (request, reply) => {
      const defect = await linkToCase(app.db, principalOf(request), request.params.id, request.body.defect);
      return reply.status(201).send({ message: 'Defect linked', defect });
    },
  );

  app.get(
    '/api/cycle-items/:id/defects',
    {
      config: { access: { project: 'home_test_cycle' }, errors: [404] },
      schema: {
        tags,
        summary: "A cycle item's defect links and those of its results, newest first",
        params: IdParams,
        response: { 200: DefectLinkList },
      },
    },
    async (request) => ({ defects: await listItemDefects(app.db, principalOf(request), request.params.id) }),
  );

  app.post(
    '/api/cycle-items/:id/defects',
    {
      config: { access: { project: 'execute_test_cycle' }, authCache: 'keeps', errors: [404, 409] },
      schema: {
        tags,
        summary: 'Link a defect to a cycle item, or to one of its results (result_id)',
        params: IdParams,
        body: ItemDefectBody,
        response: { 201: DefectLinkMutation },
      },
    },
    async (request, reply) => {
      const defect = await linkToItem(app.db, principalOf(request), request.params.id, request.body);
      return reply.status(201).send({ message: 'Defect linked', defect });
    },
  );

  app.delete(
    '/api/defect-links/:id',
    {
      config: { access: { project: 'edit_test_case' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: 'Remove a defect link',
        description:
          "Needs edit_test_case for a case's link, execute_test_cycle for an item's or a result's.",
        params: IdParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await unlink(app.db, principalOf(request), request.params.id);
      return { message: 'Defect link removed' };
    },
  );

  app.get(
    '/api/cycles/:id/defects',
    {
      config: { access: { project: 'home_test_cycle' }, errors: [404] },
      schema: {
        tags,
        summary: "A cycle's defects (linked to its items and results), each with the cases it touches",
        params: IdParams,
        response: { 200: CycleDefectList },
      },
    },
    async (request) => ({ defects: await listCycleDefects(app.db, principalOf(request), request.params.id) }),
  );

  app.get(
    '/api/cycle-results/:id/new-issue',
    {
      config: { access: { project: 'home_test_cycle' }, errors: [404] },
      schema: {
        tags,
        summary: "File a bug: the tracker's new-issue address, filled in from a failed or blocked result",
        params: IdParams,
        response: { 200: NewIssueAnswer },
      },
    },
    async (request) => ({
      url: await newIssueAddress(
        app.db,
        principalOf(request),
        request.params.id,
        `${request.protocol}://${request.host}`,
      ),
    }),
  );
};
