import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CycleTrend, TestReport, WorkloadReport } from '@verdict/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type MockHandlers, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { milestoneOf, projectDetail } from '@/test/world';

const PERMISSIONS = ['home_project', 'home_test_case', 'home_test_cycle', 'home_milestone'];

const project = projectDetail(PERMISSIONS);

const workload: WorkloadReport = {
  users: [
    { user_id: 7, username: 'jane', assigned: 4, untested: 1, retest: 1, done: 2, results: 9 },
    { user_id: 8, username: 'omar', assigned: 0, untested: 0, retest: 0, done: 0, results: 3 },
  ],
};

const noCycles: CycleTrend = { branch: 'main', cycles: [] };
const noTests: TestReport = { branch: 'main', tests: [] };

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

/** The report's calls for one query string (the workload's is outside the typed table). */
function reportAnswers(query: string): MockHandlers {
  const answers: Record<string, unknown> = {
    [`GET /api/projects/3/reports/cycles${query}`]: { body: noCycles },
    [`GET /api/projects/3/reports/slowest-tests${query}`]: { body: noTests },
    [`GET /api/projects/3/reports/failing-tests${query}`]: { body: noTests },
    [`GET /api/projects/3/reports/workload${query}`]: { body: workload },
  };
  return answers as MockHandlers;
}

function renderPage(path: string) {
  const api = signedIn(PERMISSIONS, {
    'GET /api/projects/detail/3': { body: project },
    'GET /api/projects/list': { body: [] },
    'GET /api/projects/3/milestones': {
      body: { milestones: [milestoneOf(4, { name: 'Release 2.3' }), milestoneOf(5, { name: 'R1' })] },
    },
    'GET /api/projects/3/reports/branches': {
      body: {
        branches: [{ name: 'main', cycles: 2, last_at: '2026-11-26T10:00:00.000Z' }],
        default_branch: 'main',
      },
    },
    ...reportAnswers('?branch=main'),
    ...reportAnswers(''),
    ...reportAnswers('?branch=main&from=2026-03-01&to=2026-03-31&milestone_id=4&tester=8'),
    ...reportAnswers('?branch=main&milestone_id=5'),
  });
  return { api, ...renderApp(path) };
}

describe('the report filters', () => {
  it('writes the applied filters to the address, keeping the branch, and asks every report with them', async () => {
    const { router, api } = renderPage('/projects/3/reports?branch=main');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Report filters' });
    // The Tester select lists everyone with work, whatever the filters.
    const tester = within(form).getByRole<HTMLSelectElement>('combobox', { name: 'Tester' });
    await within(tester).findByRole('option', { name: 'omar' });

    await user.type(within(form).getByLabelText('From'), '2026-03-01');
    await user.type(within(form).getByLabelText('To'), '2026-03-31');
    const milestone = within(form).getByRole<HTMLSelectElement>('combobox', { name: 'Milestone' });
    await within(milestone).findByRole('option', { name: 'Release 2.3' });
    await user.selectOptions(milestone, 'Release 2.3');
    await user.selectOptions(tester, 'omar');
    expect(router.state.location.search).toBe('?branch=main');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));

    expect(router.state.location.search).toBe(
      '?branch=main&from=2026-03-01&to=2026-03-31&milestone_id=4&tester=8',
    );
    const filtered = '?branch=main&from=2026-03-01&to=2026-03-31&milestone_id=4&tester=8';
    await screen.findAllByText('No cycles yet on this branch.');
    for (const kind of ['cycles', 'slowest-tests', 'failing-tests', 'workload']) {
      expect(
        api.calls.some((call) => call.path === `/api/projects/3/reports/${kind}${filtered}`),
        kind,
      ).toBe(true);
    }
  });

  it('reads the filters from a link, keeps them when the branch changes, and clears them', async () => {
    const { router } = renderPage('/projects/3/reports?branch=main&milestone_id=5');
    const user = userEvent.setup();
    const milestone = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Milestone' });
    await within(milestone).findByRole('option', { name: 'R1' });
    expect(milestone.value).toBe('5');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Branch' }), 'All branches');
    expect(router.state.location.search).toBe('?branch=*&milestone_id=5');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?branch=*');
    expect((await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Milestone' })).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('refuses a To before From without touching the address', async () => {
    const { router } = renderPage('/projects/3/reports?branch=main');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Report filters' });
    await user.type(within(form).getByLabelText('From'), '2026-03-10');
    await user.type(within(form).getByLabelText('To'), '2026-03-01');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));
    const to = within(form).getByLabelText('To');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('To must be on or after From.')).toBeTruthy();
    expect(router.state.location.search).toBe('?branch=main');
  });

  it('shows the workload table and a CSV download and a Print button', async () => {
    renderPage('/projects/3/reports?branch=main');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Workload per tester' });
    const table = await within(heading.parentElement!).findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'TesterAssignedUntestedRetestDoneResults recorded',
      'jane41129',
      'omar00003',
    ]);
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('jane');
    expect(
      within(heading.parentElement!).getByRole('button', { name: 'Download CSV of Workload per tester' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CSV of Slowest tests' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });
});
