import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ActiveCycles,
  AssignItemsBody,
  AssignItemsResponse,
  CaseCycleResults,
  CreateCycleBody,
  Cycle,
  CycleItemDetail,
  CycleItemPage,
  CycleItemsQuery,
  CycleList,
  CycleListQuery,
  CycleMutation,
  IdParams,
  MessageResponse,
  MyWork,
  RecordResultBody,
  ResultMutation,
  ResultUndone,
  UpdateCycleBody,
} from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { assignItems, getItem, listItems, myWork } from './cycle-items-service.ts';
import { caseCycleResults, recordResult, undoResult } from './cycle-results-service.ts';
import {
  activeCycles,
  createCycle,
  deleteCycle,
  getCycle,
  listCycles,
  updateCycle,
} from './cycles-service.ts';

const tags = ['test cycles'];

/** docs/product/cycles.md, "The calls". */
export const cyclesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/projects/:id/cycles',
    {
      config: { access: { project: 'add_test_cycle' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: 'Create a test cycle of chosen suites and cases (with their descendants)',
        params: IdParams,
        body: CreateCycleBody,
        response: { 201: CycleMutation },
      },
    },
    async (request, reply) => {
      const cycle = await createCycle(app.db, principalOf(request), request.params.id, request.body);
      return reply.status(201).send({ message: 'Test cycle created successfully', cycle });
    },
  );

  app.get(
    '/api/projects/:id/cycles',
    {
      config: { access: { project: 'home_test_cycle' }, errors: [404] },
      schema: {
        tags,
        summary: "A project's test cycles, newest first, each with its counts",
        description: 'milestone_id: only the cycles of that milestone and of its sub-milestones.',
        params: IdParams,
        querystring: CycleListQuery,
        response: { 200: CycleList },
      },
    },
    (request) => listCycles(app.db, principalOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/cycles/active',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Open test cycles (at most 20, newest first) of the projects where the caller sees cycles',
        response: { 200: ActiveCycles },
      },
    },
    (request) => activeCycles(app.db, principalOf(request)),
  );

  app.get(
    '/api/cycles/:id',
    {
      config: { access: { project: 'home_test_cycle' }, errors: [404] },
      schema: { tags, summary: 'A test cycle with its counts', params: IdParams, response: { 200: Cycle } },
    },
    (request) =>
      getCycle(app.db, principalOf(request), request.params.id, {
        liveRunTimeoutMinutes: app.config.liveRunTimeoutMinutes,
      }),
  );

  app.put(
    '/api/cycles/:id',
    {
      config: { access: { project: 'edit_test_cycle' }, authCache: 'keeps', errors: [404, 409] },
      schema: {
        tags,
        summary: 'Edit a test cycle, or close or reopen it (state)',
        params: IdParams,
        body: UpdateCycleBody,
        response: { 200: CycleMutation },
      },
    },
    (request) => updateCycle(app.db, principalOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/cycles/:id',
    {
      config: { access: { project: 'delete_test_cycle' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: 'Delete a test cycle with its items, results and the test runs they recorded',
        params: IdParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await deleteCycle(app.db, principalOf(request), request.params.id);
      return { message: 'Test cycle deleted successfully' };
    },
  );

  app.get(
    '/api/cycles/:id/items',
    {
      config: { access: { project: 'home_test_cycle' }, errors: [404] },
      schema: {
        tags,
        summary: "A page of a cycle's items, filtered by state, assignee (0: none), suite and text",
        params: IdParams,
        querystring: CycleItemsQuery,
        response: { 200: CycleItemPage },
      },
    },
    (request) => listItems(app.db, principalOf(request), request.params.id, request.query),
  );

  app.put(
    '/api/cycles/:id/assign',
    {
      config: { access: { project: 'edit_test_cycle' }, authCache: 'keeps', errors: [404, 409] },
      schema: {
        tags,
        summary: 'Assign items of a cycle to a user who sees the project (null unassigns)',
        params: IdParams,
        body: AssignItemsBody,
        response: { 200: AssignItemsResponse },
      },
    },
    (request) => assignItems(app.db, principalOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/cycle-items/:id',
    {
      config: { access: { project: 'home_test_cycle' }, errors: [404] },
      schema: {
        tags,
        summary: 'A cycle item with its case, its cycle and its results (oldest first)',
        params: IdParams,
        response: { 200: CycleItemDetail },
      },
    },
    (request) => getItem(app.db, principalOf(request), request.params.id),
  );

  app.post(
    '/api/cycle-items/:id/results',
    {
      config: { access: { project: 'execute_test_cycle' }, authCache: 'keeps', errors: [404, 409] },
      schema: {
        tags,
        summary: 'Record a result on a cycle item (passed and failed also record the test run)',
        params: IdParams,
        body: RecordResultBody,
        response: { 201: ResultMutation },
      },
    },
    async (request, reply) => {
      const { result, item } = await recordResult(
        app.db,
        principalOf(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ message: 'Result recorded', result, item });
    },
  );

  app.delete(
    '/api/cycle-results/:id',
    {
      config: { access: { project: 'execute_test_cycle' }, authCache: 'keeps', errors: [404, 409] },
      schema: {
        tags,
        summary:
          "Undo a result: its recorder, within 15 s, while it is the item's latest (its test run goes too)",
        params: IdParams,
        response: { 200: ResultUndone },
      },
    },
    async (request) => ({
      message: 'Result undone',
      item: await undoResult(app.db, principalOf(request), request.params.id),
    }),
  );

  app.get(
    '/api/test-cases/:id/cycle-results',
    {
      config: { access: { project: 'home_test_cycle' }, errors: [404] },
      schema: {
        tags,
        summary: "A test case's latest cycle results (at most 50, newest first), each with its cycle",
        params: IdParams,
        response: { 200: CaseCycleResults },
      },
    },
    (request) => caseCycleResults(app.db, principalOf(request), request.params.id),
  );

  app.get(
    '/api/my-work',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Open items (untested, blocked or retest, in open cycles) assigned to the caller',
        response: { 200: MyWork },
      },
    },
    (request) => myWork(app.db, principalOf(request)),
  );
};
