import { screen, within } from '@testing-library/react';
import type { ActiveCycle, Cycle, MyWorkItem } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { cycleOf } from '@/test/world';

const TESTER = ['home_project', 'home_test_cycle', 'execute_test_cycle'];

const cycle = (id: number, name: string, failed: number, updated: string): Cycle =>
  cycleOf({
    id,
    name,
    created_at: '2026-11-20T12:00:00Z',
    updated_at: updated,
    counts: { total: 10, untested: 10 - failed, passed: 0, failed, blocked: 0, skipped: 0, retest: 0 },
  });

const active: ActiveCycle[] = [
  { cycle: cycle(8, 'Release 2.4', 2, '2026-11-25T12:00:00Z'), project: { id: 3, name: 'Checkout Web' } },
  { cycle: cycle(9, 'Nightly 12', 0, '2026-11-26T12:00:00Z'), project: { id: 3, name: 'Checkout Web' } },
];

const work: MyWorkItem = {
  item: {
    id: 41,
    cycle_id: 8,
    test_case: {
      id: 410,
      name: 'Pay by card',
      description: '',
      suite_id: 1,
      suite_name: 'Payments',
      parent_id: null,
      priority: 'high',
    },
    state: 'untested',
    assignee: { id: 7, username: 'jane' },
    executor: null,
    results: 0,
    last_result: null,
    parameter_row: null,
    updated_at: '2026-11-25T12:00:00Z',
  },
  cycle: { id: 8, name: 'Release 2.4' },
  project: { id: 3, name: 'Checkout Web' },
};

describe('the dashboard', () => {
  it('shows active cycles, my work and recent failures under the title, before the seed figures', {
    timeout: 20_000,
  }, async () => {
    signedIn(TESTER, {
      'GET /api/projects/list': { body: [] },
      'GET /api/projects/count': { body: { totalProjects: 1 } },
      'GET /api/testsuites/count': { body: { totalTestSuites: 2 } },
      'GET /api/testruns/stats': { body: { totalPassed: 3, totalFailed: 1, totalRuns: 4 } },
      'GET /api/cycles/active': { body: { cycles: active } },
      'GET /api/my-work': { body: { items: [work] } },
    });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Total Projects' });
    await screen.findByRole('link', { name: 'Pay by card' });
    const headings = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent)
      .filter((text) => text !== 'Projects');
    expect(headings.slice(0, 4)).toEqual(['Active cycles', 'My work', 'Recent failures', 'Total Projects']);

    expect(screen.getByRole('link', { name: 'Pay by card' }).getAttribute('href')).toBe('/cycle-items/41');
    const failures = screen.getByRole('heading', { name: 'Recent failures' }).parentElement as HTMLElement;
    const link = within(failures).getByRole('link', { name: 'Release 2.4' });
    expect(link.getAttribute('href')).toBe('/cycles/8?state=failed');
    expect(within(failures).getByText('2 failed')).toBeTruthy();
    expect(within(failures).queryByText('Nightly 12')).toBeNull();
  });
});
