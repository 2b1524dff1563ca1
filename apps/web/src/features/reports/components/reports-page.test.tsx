import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CycleTrend, ReportCycle, TestReport } from '@verdict/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { projectDetail } from '@/test/world';

const PERMISSIONS = ['home_project', 'home_test_case'];

const project = projectDetail(PERMISSIONS);

function cycle(id: number, passed: number, failed: number, duration_ms: number, flaky: number): ReportCycle {
  return {
    id,
    name: `Nightly ${id}`,
    branch: 'main',
    source: 'import',
    created_at: '2026-11-26T10:00:00.000Z',
    counts: { total: passed + failed, untested: 0, passed, failed, blocked: 0, skipped: 0, retest: 0 },
    pass_rate: passed / (passed + failed),
    duration_ms,
    flaky_count: flaky,
  };
}

const trend: CycleTrend = { branch: 'main', cycles: [cycle(21, 4, 1, 3200, 0), cycle(22, 5, 0, 2100, 1)] };

const slowest: TestReport = {
  branch: 'main',
  tests: [
    {
      case_id: 11,
      name: 'pays by card',
      suite_name: 'Checkout',
      results: 2,
      failures: 1,
      failure_rate: 0.5,
      average_ms: 1500,
    },
  ],
};

// jsdom measures nothing: the charts' container only needs to be observable.
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

function renderPage(path = '/projects/3/reports', withCycles = true) {
  const api = signedIn(PERMISSIONS, {
    'GET /api/projects/detail/3': { body: project },
    'GET /api/projects/list': { body: [] },
    'GET /api/projects/3/reports/branches': {
      body: {
        branches: [
          { name: 'main', cycles: 2, last_at: '2026-11-26T10:00:00.000Z' },
          { name: null, cycles: 1, last_at: '2026-11-25T10:00:00.000Z' },
        ],
        default_branch: 'main',
      },
    },
    'GET /api/projects/3/reports/cycles?branch=main': {
      body: withCycles ? trend : { branch: 'main', cycles: [] },
    },
    'GET /api/projects/3/reports/slowest-tests?branch=main': { body: slowest },
    'GET /api/projects/3/reports/failing-tests?branch=main': { body: slowest },
    'GET /api/projects/3/reports/cycles?branch=': { body: { branch: null, cycles: [] } },
    'GET /api/projects/3/reports/slowest-tests?branch=': { body: { branch: null, tests: [] } },
    'GET /api/projects/3/reports/failing-tests?branch=': { body: { branch: null, tests: [] } },
  });
  return { api, ...renderApp(path) };
}

const section = (name: string) => screen.getByRole('heading', { level: 2, name }).parentElement!;

describe('ReportsPage', () => {
  it('opens on the default branch with a chart and a table per section', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeTruthy();
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Branch' });
    expect(
      await screen.findByRole('img', { name: 'Pass rate of the last 2 cycles, from 80% to 100%' }),
    ).toBeTruthy();
    expect(select.value).toBe('main');

    const passRate = within(section('Pass rate per cycle')).getByRole('table');
    const rows = within(passRate).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('80%');
    expect(within(rows[1]!).getByRole('link', { name: 'Nightly 21' }).getAttribute('href')).toBe(
      '/cycles/21',
    );
    expect(within(rows[1]!).queryByRole('link', { name: 'Compare with previous' })).toBeNull();
    expect(within(rows[2]!).getByRole('link', { name: 'Compare with previous' }).getAttribute('href')).toBe(
      '/projects/3/cycles/compare?from=21&to=22',
    );

    expect(within(section('Duration per cycle')).getByRole('img').getAttribute('aria-label')).toBe(
      'Duration of the last 2 cycles, from 3.2 s to 2.1 s',
    );
    expect(within(section('Flaky tests over time')).getByRole('table').textContent).toContain('Nightly 22');
    const slow = within(section('Slowest tests')).getByRole('table');
    expect(within(slow).getByRole('link', { name: 'pays by card' }).getAttribute('href')).toBe('/cases/11');
    expect(slow.textContent).toContain('1.5 s');
    expect(within(section('Most often failing tests')).getByRole('table').textContent).toContain('50%');
  });

  it('keeps the chosen branch in the address and says when a branch has nothing', async () => {
    const { router, api } = renderPage();
    const user = userEvent.setup();
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Branch' });
    await screen.findAllByText('Nightly 22', { selector: 'a' });
    await user.selectOptions(select, 'No branch');
    expect(router.state.location.search).toBe('?branch=');
    expect(await screen.findAllByText('No cycles yet on this branch.')).toHaveLength(2);
    expect(screen.getByText('No imported cycles yet on this branch.')).toBeTruthy();
    expect(screen.getByText('No results yet.')).toBeTruthy();
    expect(screen.getByText('No failures yet.')).toBeTruthy();
    expect(api.calls.some((call) => call.path === '/api/projects/3/reports/cycles?branch=')).toBe(true);
  });

  it('numbers the cycles on the charts and names each one whole in the tables', async () => {
    renderPage();
    const passRate = await screen.findByRole('heading', { level: 2, name: 'Pass rate per cycle' });
    const card = passRate.parentElement!;
    expect(
      within(card).getByText('Cycles are numbered from 1, the oldest; the table names each one.'),
    ).toBeTruthy();
    const rows = within(within(card).getByRole('table')).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader')[0]!.textContent).toBe('No.');
    expect(within(rows[2]!).getAllByRole('cell')[0]!.textContent).toBe('2');
    expect(within(rows[2]!).getByRole('rowheader').textContent).toBe('Nightly 22');
  });

  it('reads the branch from a link', async () => {
    renderPage('/projects/3/reports?branch=main', false);
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Branch' });
    expect(select.value).toBe('main');
    expect(await screen.findAllByText('No cycles yet on this branch.')).toHaveLength(2);
  });
});
