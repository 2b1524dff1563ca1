import type { ReportBranches, ReportCycle, ReportTest } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import {
  ALL_BRANCHES,
  branchOptions,
  branchValue,
  compareLink,
  durationChangeText,
  durationSummary,
  failingSummary,
  flakySummary,
  importCycles,
  NO_BRANCH,
  passRateSummary,
  reportQuery,
  shownText,
  slowestSummary,
} from './report-text';

const branches = (default_branch: string | null): ReportBranches => ({
  branches: [
    { name: 'main', cycles: 3, last_at: '2026-11-26T10:00:00.000Z' },
    { name: null, cycles: 1, last_at: '2026-11-25T10:00:00.000Z' },
    { name: 'feature/cart', cycles: 2, last_at: '2026-11-24T10:00:00.000Z' },
  ],
  default_branch,
});

function cycle(
  id: number,
  pass_rate: number | null,
  duration_ms: number,
  flaky_count: number | null,
): ReportCycle {
  return {
    id,
    name: `Nightly ${id}`,
    branch: 'main',
    source: flaky_count === null ? 'manual' : 'import',
    created_at: '2026-11-26T10:00:00.000Z',
    counts: { total: 10, untested: 0, passed: 8, failed: 2, blocked: 0, skipped: 0, retest: 0 },
    pass_rate,
    duration_ms,
    flaky_count,
  };
}

const test = (name: string, failures: number, average_ms: number | null): ReportTest => ({
  case_id: failures + 1,
  name,
  suite_name: 'Checkout',
  results: 10,
  failures,
  failure_rate: failures / 10,
  average_ms,
});

describe('the branch select and the address', () => {
  it('starts on the linked branch, else the default branch, else every branch', () => {
    expect(branchValue('feature/cart', branches('main'))).toBe('feature/cart');
    expect(branchValue('', branches('main'))).toBe(NO_BRANCH);
    expect(branchValue(null, branches('main'))).toBe('main');
    expect(branchValue(null, branches(null))).toBe(ALL_BRANCHES);
    expect(branchValue(null, undefined)).toBeUndefined();
    expect(branchValue('*', undefined)).toBe(ALL_BRANCHES);
  });

  it('asks the reports for every branch, no branch or one branch', () => {
    expect(reportQuery(ALL_BRANCHES)).toBe('');
    expect(reportQuery(NO_BRANCH)).toBe('?branch=');
    expect(reportQuery('feature/cart')).toBe('?branch=feature%2Fcart');
  });

  it('offers every branch, "No branch" for the cycles naming none, and keeps a linked one', () => {
    expect(branchOptions(branches('main'), 'main')).toEqual([
      { value: '*', label: 'All branches' },
      { value: 'main', label: 'main' },
      { value: '', label: 'No branch' },
      { value: 'feature/cart', label: 'feature/cart' },
    ]);
    expect(branchOptions(undefined, 'release').map((option) => option.label)).toEqual([
      'All branches',
      'release',
    ]);
  });
});

describe('what the charts say to screen readers', () => {
  const cycles = [cycle(1, 0.8, 1200, 0), cycle(2, null, 65_000, null), cycle(3, 0.95, 800, 2)];

  it('gives the pass rate from the oldest cycle to the newest, leaving out cycles with nothing executed', () => {
    expect(passRateSummary(cycles)).toBe('Pass rate of the last 3 cycles, from 80% to 95%');
    expect(passRateSummary([cycle(1, 0.5, 0, 0)])).toBe('Pass rate of the last cycle: 50%');
    expect(passRateSummary([cycle(1, null, 0, 0)])).toBe('Pass rate of the last cycle: nothing executed yet');
  });

  it('gives durations as the rest of the app formats them', () => {
    expect(durationSummary(cycles)).toBe('Duration of the last 3 cycles, from 1.2 s to 0.80 s');
  });

  it('counts flaky tests over the imports only', () => {
    const imports = importCycles(cycles);
    expect(imports.map((c) => c.id)).toEqual([1, 3]);
    expect(flakySummary(imports)).toBe('Flaky tests after each of the last 2 imports, from 0 to 2');
  });

  it('names the first and last test of the rankings', () => {
    const slow = [test('pays by card', 0, 12_300), test('logs in', 1, 420)];
    expect(slowestSummary(slow)).toBe(
      'Average duration of the 2 slowest tests, from 12.3 s (pays by card) to 0.42 s (logs in)',
    );
    expect(failingSummary([test('pays by card', 9, null)])).toBe(
      'Failures of the most often failing test: 9 (pays by card)',
    );
  });
});

describe('the comparison', () => {
  it('signs the duration change with a plus or a real minus', () => {
    expect(durationChangeText(1200)).toBe('+1.2 s');
    expect(durationChangeText(-800)).toBe('\u22120.80 s');
    expect(durationChangeText(0)).toBe('\u00b10.00 s');
  });

  it('links the pair, or the one cycle known', () => {
    expect(compareLink(3, 10, 11)).toBe('/projects/3/cycles/compare?from=10&to=11');
    expect(compareLink(3, null, 11)).toBe('/projects/3/cycles/compare?to=11');
    expect(compareLink(3, null, null)).toBe('/projects/3/cycles/compare');
  });

  it('says when a list was cut', () => {
    expect(shownText(500, 812)).toBe('Showing 500 of 812');
    expect(shownText(3, 3)).toBeNull();
  });
});
