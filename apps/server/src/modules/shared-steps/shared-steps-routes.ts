import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateSharedStepsBody,
  DeleteSharedStepsQuery,
  IdParams,
  MessageResponse,
  SharedSteps,
  SharedStepsListQuery,
  SharedStepsMutation,
  SharedStepsPage,
  SharedStepsUsage,
  SharedStepsUsageQuery,
  UpdateSharedStepsBody,
} from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { counted } from '../audit-log/audit-entries.ts';
import {
  createSharedSteps,
  deleteSharedSteps,
  getSharedSteps,
  listSharedSteps,
  sharedStepsUsage,
  updateSharedSteps,
} from './shared-steps-service.ts';

const tags = ['shared steps'];

/** docs/product/shared-steps.md: a project's shared step sets and the cases that use them. */
export const sharedStepsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/projects/:id/shared-steps',
    {
      config: { access: { project: 'home_test_case' }, errors: [404] },
      schema: {
        tags,
        summary: "A page of a project's shared step sets by name, each with how many cases use it",
        params: IdParams,
        querystring: SharedStepsListQuery,
        response: { 200: SharedStepsPage },
      },
    },
    (request) => listSharedSteps(app.db, principalOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/projects/:id/shared-steps',
    {
      config: { access: { project: 'add_test_case_in_project' }, authCache: 'keeps', errors: [404, 409] },
      schema: {
        tags,
        summary: 'Create a shared step set',
        params: IdParams,
        body: CreateSharedStepsBody,
        response: { 201: SharedStepsMutation },
      },
    },
    async (request, reply) => {
      const set = await createSharedSteps(app.db, principalOf(request), request.params.id, request.body);
      return reply.status(201).send({ message: 'Shared steps created', shared_steps: set });
    },
  );

  app.get(
    '/api/shared-steps/:id',
    {
      config: { access: { project: 'home_test_case' }, errors: [404] },
      schema: {
        tags,
        summary: 'A shared step set',
        params: IdParams,
        response: { 200: SharedSteps },
      },
    },
    (request) => getSharedSteps(app.db, principalOf(request), request.params.id),
  );

  app.put(
    '/api/shared-steps/:id',
    {
      config: { access: { project: 'edit_test_case' }, authCache: 'keeps', errors: [404, 409] },
      schema: {
        tags,
        summary:
          'Edit a shared step set; omitted fields are kept. Its new steps change every case using it, each as a new version',
        params: IdParams,
        body: UpdateSharedStepsBody,
        response: { 200: SharedStepsMutation },
      },
    },
    async (request) => {
      const { set, cases } = await updateSharedSteps(
        app.db,
        principalOf(request),
        request.params.id,
        request.body,
      );
      const also = cases > 0 ? `; ${counted(cases, 'case')} changed with them` : '';
      return { message: `Shared steps updated${also}`, shared_steps: set };
    },
  );

  app.delete(
    '/api/shared-steps/:id',
    {
      config: { access: { project: 'delete_test_case' }, authCache: 'keeps', errors: [404, 409] },
      schema: {
        tags,
        summary:
          'Delete a shared step set; one that cases use is refused (409 in_use) unless copy_into_cases=true writes its steps into them first',
        params: IdParams,
        querystring: DeleteSharedStepsQuery,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      const copied = await deleteSharedSteps(
        app.db,
        principalOf(request),
        request.params.id,
        request.query.copy_into_cases === true,
      );
      const also = copied > 0 ? `; their steps were copied into ${counted(copied, 'case')}` : '';
      return { message: `Shared steps deleted${also}` };
    },
  );

  app.get(
    '/api/shared-steps/:id/usage',
    {
      config: { access: { project: 'home_test_case' }, errors: [404] },
      schema: {
        tags,
        summary: 'The cases that use a shared step set, by id',
        params: IdParams,
        querystring: SharedStepsUsageQuery,
        response: { 200: SharedStepsUsage },
      },
    },
    (request) => sharedStepsUsage(app.db, principalOf(request), request.params.id, request.query),
  );
};
