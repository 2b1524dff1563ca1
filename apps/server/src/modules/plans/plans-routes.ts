import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreatePlanBody,
  DeletePlanQuery,
  IdParams,
  MessageResponse,
  Plan,
  PlanList,
  PlanMutation,
  UpdatePlanBody,
} from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { createPlan, deletePlan, getPlan, listPlans, updatePlan } from './plans-service.ts';

const tags = ['test plans'];

/** docs/product/plans.md: test plans, each making one cycle per entry and configuration combination. */
export const plansRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/projects/:id/plans',
    {
      config: { access: { project: 'home_test_cycle' }, errors: [404] },
      schema: {
        tags,
        summary: "A project's test plans, oldest first, each with the totals of its cycles",
        params: IdParams,
        response: { 200: PlanList },
      },
    },
    async (request) => ({ plans: await listPlans(app.db, principalOf(request), request.params.id) }),
  );

  app.post(
    '/api/projects/:id/plans',
    {
      config: { access: { project: 'add_test_cycle' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: 'Create a test plan: one cycle per entry and configuration combination, in one transaction',
        params: IdParams,
        body: CreatePlanBody,
        response: { 201: PlanMutation },
      },
    },
    async (request, reply) => {
      const plan = await createPlan(app.db, principalOf(request), request.params.id, request.body);
      return reply.status(201).send({ message: 'Test plan created', plan });
    },
  );

  app.get(
    '/api/plans/:id',
    {
      config: { access: { project: 'home_test_cycle' }, errors: [404] },
      schema: {
        tags,
        summary: 'A test plan with its entries, its cycles (configurations and counts) and their totals',
        params: IdParams,
        response: { 200: Plan },
      },
    },
    (request) => getPlan(app.db, principalOf(request), request.params.id),
  );

  app.put(
    '/api/plans/:id',
    {
      config: { access: { project: 'edit_test_cycle' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: "Edit a test plan's name, description or milestone; a new milestone takes its cycles along",
        params: IdParams,
        body: UpdatePlanBody,
        response: { 200: PlanMutation },
      },
    },
    async (request) => ({
      message: 'Test plan saved',
      plan: await updatePlan(app.db, principalOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/plans/:id',
    {
      config: { access: { project: 'delete_test_cycle' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary:
          'Delete a test plan; `?cycles=keep` (default) leaves its cycles, `?cycles=delete` deletes them',
        params: IdParams,
        querystring: DeletePlanQuery,
        response: { 200: MessageResponse },
      },
    },
    async (request) => ({
      message: await deletePlan(
        app.db,
        principalOf(request),
        request.params.id,
        request.query.cycles ?? 'keep',
      ),
    }),
  );
};
