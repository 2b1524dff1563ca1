import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CycleTrend,
  IdParams,
  ReportBranches,
  ReportQuery,
  TestReport,
  WorkloadReport,
} from '@verdict/contract';
import { Type } from 'typebox';
import { principalOf } from '../../plugins/auth.ts';
import type { CsvReport } from './reports-csv.ts';
import { branches, reportCsv, tests, trend, workload } from './reports-service.ts';

/** The routes of a project's reports; reports-service.ts says who sees them and what they read. */

const tags = ['reports'];
const access = { project: 'home_test_cycle' } as const;
const FILTERS =
  ' Filters: branch, milestone_id (with its sub-milestones) or milestone (a name), from and to (a day or an ISO 8601 instant), tester (a user id).';

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
        description: FILTERS,
        params: IdParams,
        querystring: ReportQuery,
        response: { 200: CycleTrend },
      },
    },
    (request) => trend(app.db, principalOf(request), request.params.id, request.query),
  );

  for (const [path, ranking, summary] of [
    ['slowest-tests', 'slowest', 'The 20 slowest tests (of a branch), by mean duration'],
    ['failing-tests', 'failing', 'The 20 most often failing tests (of a branch)'],
  ] as const) {
    app.get(
      `/api/projects/:id/reports/${path}`,
      {
        config: { access, errors: [404] },
        schema: {
          tags,
          summary,
          description: FILTERS,
          params: IdParams,
          querystring: ReportQuery,
          response: { 200: TestReport },
        },
      },
      (request) => tests(app.db, principalOf(request), request.params.id, request.query, ranking),
    );
  }

  app.get(
    '/api/projects/:id/reports/workload',
    {
      config: { access, errors: [404] },
      schema: {
        tags,
        summary: "Each user's assigned cycle items (untested, retest, done) and recorded results",
        description: FILTERS,
        params: IdParams,
        querystring: ReportQuery,
        response: { 200: WorkloadReport },
      },
    },
    (request) => workload(app.db, principalOf(request), request.params.id, request.query),
  );

  const csv = Type.String({
    description: 'CSV (RFC 4180): UTF-8, comma-separated, CRLF line ends, a header row',
  });
  const CSV_REPORTS: readonly (readonly [CsvReport, string])[] = [
    [
      'cycles',
      'cycle_id, name, branch, source, created_at, total, untested, passed, failed, blocked, skipped, retest, pass_rate, duration_ms, flaky_count',
    ],
    ['slowest-tests', 'case_id, name, suite, results, failures, failure_rate, average_ms'],
    ['failing-tests', 'case_id, name, suite, results, failures, failure_rate, average_ms'],
    ['workload', 'user_id, username, assigned, untested, retest, done, results'],
  ];
  for (const [report, columns] of CSV_REPORTS) {
    app.get(
      `/api/projects/:id/reports/${report}.csv`,
      {
        config: { access, errors: [404] },
        schema: {
          tags,
          summary: `The ${report} report as CSV`,
          description: `The rows of GET …/reports/${report}, under the same filters. Columns: ${columns}.${FILTERS}`,
          produces: ['text/csv'],
          params: IdParams,
          querystring: ReportQuery,
          response: { 200: csv },
        },
      },
      async (request, reply) => {
        const file = await reportCsv(app.db, principalOf(request), request.params.id, report, request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${file.filename}"`)
          .header('Cache-Control', 'no-store')
          .send(file.text);
      },
    );
  }
};
