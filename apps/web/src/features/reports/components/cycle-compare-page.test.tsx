import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComparedCase, Cycle, CycleComparison } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { projectDetail } from '@/test/world';

const PERMISSIONS = ['home_project', 'home_test_cycle'];

const project = projectDetail(PERMISSIONS);

const counts = { total: 3, untested: 0, passed: 2, failed: 1, blocked: 0, skipped: 0, retest: 0 };

function listed(id: number): Cycle {
  return {
    id,
    project_id: 3,
    name: `Nightly ${id}`,
    description: '',
    milestone_id: null,
    milestone: null,
    environment: null,
    state: 'open',
    source: 'import',
    branch: 'main',
    commit: null,
    build_url: null,
    build_number: null,
    creator: null,
    created_at: '2026-11-26T10:00:00.000Z',
    updated_at: '2026-11-26T10:00:00.000Z',
    closed_at: null,
    counts,
    plan_id: null,
    configurations: [],
  };
}

const compared = (id: number, name: string, from: string | null, to: string | null): ComparedCase => ({
  id,
  name,
  from_state: from,
  to_state: to,
  from_ms: from ? 800 : null,
  to_ms: to ? 1200 : null,
});

const comparison: CycleComparison = {
  from: {
    id: 21,
    name: 'Nightly 21',
    branch: 'main',
    created_at: '2026-11-25T10:00:00.000Z',
    counts,
    duration_ms: 3000,
  },
  to: {
    id: 22,
    name: 'Nightly 22',
    branch: 'main',
    created_at: '2026-11-26T10:00:00.000Z',
    counts,
    duration_ms: 1800,
  },
  counts: { new_failures: 812, fixed: 1, still_failing: 0, added: 0, removed: 0 },
  new_failures: [compared(11, 'pays by card', 'passed', 'failed')],
  fixed: [compared(12, 'applies coupon', 'failed', 'passed')],
  still_failing: [],
  added: [],
  removed: [],
  duration_change_ms: -1200,
};

function renderPage(path: string, answer: 'ok' | 'other-project' = 'ok') {
  signedIn(PERMISSIONS, {
    'GET /api/projects/detail/3': { body: project },
    'GET /api/projects/list': { body: [] },
    'GET /api/projects/3/cycles': { body: [listed(22), listed(21)] },
    'GET /api/cycles/compare?from=21&to=22':
      answer === 'ok'
        ? { body: comparison }
        : { status: 400, body: { message: 'Compare two cycles of one project' } },
  });
  return renderApp(path);
}

describe('CycleComparePage', () => {
  it('lets the user pick the two cycles, kept in the address', async () => {
    const { router } = renderPage('/projects/3/cycles/compare?to=22');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Compare cycles' })).toBeTruthy();
    const from = screen.getByRole<HTMLSelectElement>('combobox', { name: 'From' });
    const to = screen.getByRole<HTMLSelectElement>('combobox', { name: 'To' });
    await within(from).findByRole('option', { name: /Nightly 21/ });
    expect(to.value).toBe('22');
    expect(screen.getByText(/Pick the two cycles to compare/)).toBeTruthy();
    await user.selectOptions(from, '21');
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('21');
    expect(await screen.findByRole('heading', { level: 2, name: 'New failures (812)' })).toBeTruthy();
  });

  it('shows both cycles, the duration change and the five lists', async () => {
    renderPage('/projects/3/cycles/compare?from=21&to=22');
    const newFailures = await screen.findByRole('heading', { level: 2, name: 'New failures (812)' });
    expect(screen.getByText('\u22121.2 s')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nightly 21' }).getAttribute('href')).toBe('/cycles/21');
    const card = newFailures.parentElement!;
    expect(within(card).getByText(/Showing 1 of 812/)).toBeTruthy();
    const row = within(card).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'pays by card' }).getAttribute('href')).toBe('/cases/11');
    expect(row.textContent).toContain('Passed');
    expect(row.textContent).toContain('1.2 s');
    expect(screen.getByRole('heading', { level: 2, name: 'Fixed (1)' })).toBeTruthy();
    const stillFailing = screen.getByRole('heading', { level: 2, name: 'Still failing (0)' }).parentElement!;
    expect(within(stillFailing).getByText('None.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Added (0)' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Removed (0)' })).toBeTruthy();
  });

  it('shows the server refusing two cycles of different projects', async () => {
    renderPage('/projects/3/cycles/compare?from=21&to=22', 'other-project');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the comparison.');
    expect(alert.textContent).toContain('Compare two cycles of one project');
  });
});
