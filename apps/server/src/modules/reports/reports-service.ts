import {
  type CycleTrend,
  GATE_DEFAULT_BRANCHES,
  type ReportBranches,
  type ReportQuery,
  type TestReport,
  type WorkloadReport,
} from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { type Principal, requireProject } from '../authz/authorization.ts';
import { reportFiltersOf } from './report-filters.ts';
import { workloadRows } from './report-filters-repository.ts';
import { type CsvReport, csvFilename, cyclesCsv, testsCsv, workloadCsv } from './reports-csv.ts';
import {
  cycleTrend,
  rankedTests,
  reportBranches,
  storeFlakyCount,
  subtractResults,
  type TestRanking,
  type WithdrawnResult,
} from './reports-repository.ts';

/**
 * A project's reports (docs/product/reports.md): seen by whoever sees its test cycles, since every
 * figure comes from them. Each answer reads kept figures only, so it costs the same however long
 * the history.
 */

export async function branches(db: Db, principal: Principal, projectId: number): Promise<ReportBranches> {
  await requireProject(db, principal, projectId, 'home_test_cycle');
  const list = await reportBranches(db, projectId);
  const names = new Set(list.map((branch) => branch.name));
  return {
    branches: list,
    default_branch: GATE_DEFAULT_BRANCHES.find((name) => names.has(name)) ?? null,
  };
}

export async function trend(
  db: Db,
  principal: Principal,
  projectId: number,
  query: ReportQuery = {},
): Promise<CycleTrend> {
  await requireProject(db, principal, projectId, 'home_test_cycle');
  const filters = reportFiltersOf(query);
  return { branch: query.branch ?? null, cycles: await cycleTrend(db, projectId, filters) };
}

export async function tests(
  db: Db,
  principal: Principal,
  projectId: number,
  query: ReportQuery,
  ranking: TestRanking,
): Promise<TestReport> {
  await requireProject(db, principal, projectId, 'home_test_cycle');
  const filters = reportFiltersOf(query);
  return { branch: query.branch ?? null, tests: await rankedTests(db, projectId, filters, ranking) };
}

/** Each user's assigned items and recorded results under the filters (decision 187). */
export async function workload(
  db: Db,
  principal: Principal,
  projectId: number,
  query: ReportQuery,
): Promise<WorkloadReport> {
  await requireProject(db, principal, projectId, 'home_test_cycle');
  return { users: await workloadRows(db, projectId, reportFiltersOf(query)) };
}

export interface CsvFile {
  filename: string;
  text: string;
}

/** A report's rows as CSV, seen by whoever sees the report (decision 186). */
export async function reportCsv(
  db: Db,
  principal: Principal,
  projectId: number,
  report: CsvReport,
  query: ReportQuery,
): Promise<CsvFile> {
  const text =
    report === 'cycles'
      ? cyclesCsv((await trend(db, principal, projectId, query)).cycles)
      : report === 'workload'
        ? workloadCsv((await workload(db, principal, projectId, query)).users)
        : testsCsv(
            (await tests(db, principal, projectId, query, report === 'slowest-tests' ? 'slowest' : 'failing'))
              .tests,
          );
  return { filename: csvFilename(projectId, report), text };
}

/**
 * Called by an import after its results: keeps on the cycle how many tests are flaky on its
 * branch now, for the flaky count over time (in the caller's transaction).
 */
export function recordFlakyCount(tx: Tx, projectId: number, cycle: { id: number; branch: string | null }) {
  return storeFlakyCount(tx, projectId, cycle);
}

/**
 * Called by an undo of a cycle result (docs/product/cycle-execution.md, "Undo"): takes the result
 * back out of the figures its recording added (the database adds them as results are inserted),
 * in the caller's transaction, before the result goes.
 */
export function withdrawResults(tx: Tx, results: WithdrawnResult[]): Promise<void> {
  return subtractResults(tx, results);
}

export { mergeCaseResultStats } from './reports-repository.ts';
