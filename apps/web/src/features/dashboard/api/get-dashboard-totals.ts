import type { ProjectCount, RunStats, SuiteCount } from '@verdict/contract';
import { api } from '@/lib/api-client';

/** Every count starts at 0 (docs/product/dashboard.md, "Loading and failures" and "The calls"). */
export interface DashboardTotals {
  totalProjects: number;
  totalTestSuites: number;
  totalPassed: number;
  totalFailed: number;
  totalRuns: number;
}

export const EMPTY_TOTALS: DashboardTotals = {
  totalProjects: 0,
  totalTestSuites: 0,
  totalPassed: 0,
  totalFailed: 0,
  totalRuns: 0,
};

export const DASHBOARD_ERROR_LOG = 'Error fetching dashboard stats';

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export interface DashboardAnswer {
  totals: DashboardTotals;
  /** The first failure of the three calls, or null when all answered. */
  failure: unknown;
}

/**
 * The three counts are asked together; each failure is logged and its counts stay 0, while the
 * others still show, and the screen says that some figures could not be loaded. Never rejects.
 * docs/product/dashboard.md, "Loading and failures" and "The calls"
 */
export async function getDashboardTotals(signal?: AbortSignal): Promise<DashboardAnswer> {
  const [projects, suites, runs] = await Promise.allSettled([
    api.get<ProjectCount>('/api/projects/count', { signal }),
    api.get<SuiteCount>('/api/testsuites/count', { signal }),
    api.get<RunStats>('/api/testruns/stats', { signal }),
  ]);
  const totals = { ...EMPTY_TOTALS };
  if (projects.status === 'fulfilled') totals.totalProjects = count(projects.value?.totalProjects);
  if (suites.status === 'fulfilled') totals.totalTestSuites = count(suites.value?.totalTestSuites);
  if (runs.status === 'fulfilled') {
    totals.totalPassed = count(runs.value?.totalPassed);
    totals.totalFailed = count(runs.value?.totalFailed);
    totals.totalRuns = count(runs.value?.totalRuns);
  }
  if (!signal?.aborted) {
    for (const result of [projects, suites, runs]) {
      if (result.status === 'rejected') console.error(DASHBOARD_ERROR_LOG, result.reason);
    }
  }
  const failed = [projects, suites, runs].find((result) => result.status === 'rejected');
  return { totals, failure: failed ? failed.reason : null };
}
