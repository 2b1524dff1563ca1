import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CycleTrend,
  GATE_DEFAULT_BRANCHES,
  IdParams,
  ReportBranches,
  ReportQuery,
  TestReport,
} from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { principalOf } from '../../plugins/auth.ts';
import { type Principal, requireProject } from '../authz/authorization.ts';
import { cycleTrend, rankedTests, reportBranches, type TestRanking } from './reports-repository.ts';

/**
 * A project's reports (docs/product/reports.md): seen by whoever sees its test cycles, since every
 * figure comes from them. Each answer reads kept figures only, so it costs the same however long
 * the history.
 */

const tags = ['reports'];
const access = { project: 'home_test_cycle' } as const;

async function branches(db: Db, principal: Principal, projectId: number): Promise<ReportBranches> {
  await requireProject(db, principal, projectId, 'home_test_cycle');
  const list = await reportBranches(db, projectId);
  const names = new Set(list.map((branch) => branch.name));
  return {
    branches: list,
    default_branch: GATE_DEFAULT_BRANCHES.find((name) => names.has(name)) ?? null,
  };
}

async function trend(db: Db, principal: Principal, projectId: number, branch?: string): Promise<CycleTrend> {
  await requireProject(db, principal, projectId, 'home_test_cycle');
  return { branch: branch ?? null, cycles: await cycleTrend(db, projectId, branch) };
}

async function tests(
  db: Db,
  principal: Principal,
  projectId: number,
  branch: string | undefined,
  ranking: TestRanking,
): Promise<TestReport> {
  await requireProject(db, principal, projectId, 'home_test_cycle');
  return { branch: branch ?? null, tests: await rankedTests(db, projectId, branch, ranking) };
}

export const reportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/projects/:id/reports/branches',
    {
      config: { access, errors: [404] },
      schema: {
        tags,
        summary: "The branches of a project's cycles, newest activity first, and its default branch",
        params: IdParams,
        response: { 200: ReportBranches },
      },
    },
    (request) => branches(app.db, principalOf(request), request.params.id),
  );

  app.get(
    '/api/projects/:id/reports/cycles',
    {
      config: { access, errors: [404] },
      schema: {
        tags,
        summary:
          'The newest 50 cycles (of a branch): counts, pass rate, duration and flaky count, oldest first',
        params: IdParams,
        querystring: ReportQuery,
        response: { 200: CycleTrend },
      },
    },
    (request) => trend(app.db, principalOf(request), request.params.id, request.query.branch),
  );

  for (const [path, ranking, summary] of [
    ['slowest-tests', 'slowest', 'The 20 slowest tests (of a branch), by mean duration'],
    ['failing-tests', 'failing', 'The 20 most often failing tests (of a branch)'],
  ] as const) {
    app.get(
      `/api/projects/:id/reports/${path}`,
      {
        config: { access, errors: [404] },
        schema: { tags, summary, params: IdParams, querystring: ReportQuery, response: { 200: TestReport } },
      },
      (request) => tests(app.db, principalOf(request), request.params.id, request.query.branch, ranking),
    );
  }
};
