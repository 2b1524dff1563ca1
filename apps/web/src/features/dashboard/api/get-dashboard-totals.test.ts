import { describe, expect, it, vi } from 'vitest';
import { mockApi, untyped } from '@/test/mock-api';
import { DASHBOARD_ERROR_LOG, EMPTY_TOTALS, getDashboardTotals } from './get-dashboard-totals';

const ANSWERS = {
  'GET /api/projects/count': { body: { totalProjects: 4 } },
  'GET /api/testsuites/count': { body: { totalTestSuites: 9 } },
  'GET /api/testruns/stats': { body: { totalPassed: 5, totalFailed: 2, totalRuns: 7 } },
};

describe('getDashboardTotals', () => {
  it('asks the three counts together and reads their fields', async () => {
    const api = mockApi(ANSWERS);
    expect(await getDashboardTotals()).toEqual({
      totals: { totalProjects: 4, totalTestSuites: 9, totalPassed: 5, totalFailed: 2, totalRuns: 7 },
      failure: null,
    });
    expect(api.calls.map((call) => call.path).sort()).toEqual([
      '/api/projects/count',
      '/api/testruns/stats',
      '/api/testsuites/count',
    ]);
  });

  it('logs each failure and leaves its counts at 0, keeping the others', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ ...ANSWERS, 'GET /api/testruns/stats': 'network-error' });
    const answer = await getDashboardTotals();
    expect(answer.totals).toEqual({ ...EMPTY_TOTALS, totalProjects: 4, totalTestSuites: 9 });
    expect(answer.failure).toBeInstanceOf(Error);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]?.[0]).toBe(DASHBOARD_ERROR_LOG);
  });

  it('never rejects, even when everything fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({});
    const answer = await getDashboardTotals();
    expect(answer.totals).toEqual(EMPTY_TOTALS);
    expect(answer.failure).not.toBeNull();
  });

  it('treats a missing or odd field as 0', async () => {
    mockApi({ ...ANSWERS, 'GET /api/projects/count': untyped({ totalProjects: 'many' }) });
    expect((await getDashboardTotals()).totals.totalProjects).toBe(0);
  });
});
