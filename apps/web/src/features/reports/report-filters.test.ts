import type { WorkloadReport } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { milestoneOf } from '@/test/world';
import {
  filteredQuery,
  filtersFrom,
  hasFilters,
  milestoneFilterOptions,
  NO_FILTERS,
  testerOptions,
  withFilters,
} from './report-filters';
import { ALL_BRANCHES } from './report-text';

describe('the report filters', () => {
  it('asks exactly as before without filters, and adds each filter set after the branch', () => {
    expect(filteredQuery(ALL_BRANCHES, NO_FILTERS)).toBe('');
    expect(filteredQuery('', NO_FILTERS)).toBe('?branch=');
    expect(filteredQuery('main', NO_FILTERS)).toBe('?branch=main');
    const filters = { from: '2026-03-01', to: '', milestone_id: '12', tester: '7' };
    expect(filteredQuery('main', filters)).toBe('?branch=main&from=2026-03-01&milestone_id=12&tester=7');
    expect(filteredQuery(ALL_BRANCHES, filters)).toBe('?from=2026-03-01&milestone_id=12&tester=7');
  });

  it('reads the filters from the address and writes them back, keeping the branch', () => {
    const params = new URLSearchParams('branch=main&milestone_id=2&tester=7');
    const filters = filtersFrom(params);
    expect(filters).toEqual({ from: '', to: '', milestone_id: '2', tester: '7' });
    expect(hasFilters(filters)).toBe(true);
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(withFilters(params, { ...filters, milestone_id: '', to: '2026-03-31' }).toString()).toBe(
      'branch=main&tester=7&to=2026-03-31',
    );
    expect(withFilters(params, NO_FILTERS).toString()).toBe('branch=main');
  });

  it('offers every milestone with its sub-milestones, and keeps a linked one it lacks', () => {
    const release = milestoneOf(1, { name: 'Release 2' });
    const sprint = milestoneOf(2, { name: 'Sprint 1', parent_id: 1 });
    expect(milestoneFilterOptions([release, sprint], '9')).toEqual([
      { value: '', label: 'Any milestone' },
      { value: '1', label: 'Release 2' },
      { value: '2', label: 'Release 2 › Sprint 1' },
      { value: '9', label: 'Milestone #9' },
    ]);
  });

  it('offers every tester of the workload, a deleted one by id, and keeps a linked one it lacks', () => {
    const workload: WorkloadReport = {
      users: [
        { user_id: 7, username: 'jane', assigned: 1, untested: 1, retest: 0, done: 0, results: 0 },
        { user_id: 9, username: null, assigned: 0, untested: 0, retest: 0, done: 0, results: 2 },
      ],
    };
    expect(testerOptions(workload, '12')).toEqual([
      { value: '', label: 'All testers' },
      { value: '7', label: 'jane' },
      { value: '9', label: 'Deleted user #9' },
      { value: '12', label: 'User #12' },
    ]);
  });
});
