import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cycle } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { cycleOf, projectDetail, testCaseOf } from '@/test/world';

const LEAD = [
  'home_project',
  'home_test_suit',
  'home_test_case',
  'home_test_cycle',
  'add_test_cycle',
  'add_user_in_project',
  'add_test_suit_in_project',
  'add_test_case_in_project',
  'edit_project',
  'delete_project',
  'export_project',
  'import_results',
  'manage_case_fields',
  'manage_webhooks',
];

const cycle = (id: number, name: string, state: Cycle['state']): Cycle =>
  cycleOf({
    id,
    name,
    state,
    counts: { total: 4, untested: 2, passed: 1, failed: 1, blocked: 0, skipped: 0, retest: 0 },
  });

function renderProject(permissions: string[]) {
  const api = signedIn(permissions, {
    'GET /api/projects/detail/3': { body: projectDetail(permissions) },
    'GET /api/projects/list': { body: [] },
    'GET /api/testsuites/project/3': { body: [] },
    'GET /api/test-cases/project/3': { body: [] },
    'GET /api/projects/3/cases?offset=0&limit=25&outside_suites=true': {
      body: { items: [testCaseOf(5, { name: 'Loose case' })], total: 26 },
    },
    // Newest first, as the server answers: the open one still comes first.
    'GET /api/projects/3/cycles': {
      body: [cycle(9, 'Nightly 12', 'closed'), cycle(8, 'Release 2.4', 'open')],
    },
  });
  renderApp('/projects/3');
  return api;
}

describe('the project page', () => {
  it('asks only for the page of cases it shows, never the whole list', async () => {
    const api = renderProject(LEAD);
    expect(await screen.findByRole('link', { name: 'Loose case' })).toBeTruthy();
    const paths = api.calls.map((call) => `${call.method} ${call.path}`);
    expect(paths).toContain('GET /api/projects/3/cases?offset=0&limit=25&outside_suites=true');
    expect(paths).not.toContain('GET /api/test-cases/project/3');
  });

  it('leads with the cycles (open first), before the seed table and its Add buttons', {
    timeout: 20_000,
  }, async () => {
    renderProject(LEAD);
    const cycles = await screen.findByRole('list', { name: 'Test cycles of Checkout Web' });
    const names = within(cycles)
      .getAllByRole('link')
      .map((link) => link.textContent)
      .filter((text) => text === 'Release 2.4' || text === 'Nightly 12');
    expect(names).toEqual(['Release 2.4', 'Nightly 12']);
    const table = screen.getByRole('table', { name: 'Project' });
    expect(cycles.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (const name of ['Add User', 'Add Test Suite', 'Add Test Case']) {
      expect(screen.getByRole('link', { name })).toBeTruthy();
    }
  });

  it('groups the tools in Insights, Import / Export and Settings menus that open and close by keyboard', async () => {
    const user = userEvent.setup();
    renderProject(LEAD);
    const insights = await screen.findByRole('button', { name: 'Insights' });
    // Closed, their entries are not in the page's reading order.
    for (const name of [
      'Reports',
      'Flaky Tests',
      'Import cases',
      'Case Fields',
      'Webhooks',
      'Issue Tracker',
    ]) {
      expect(screen.queryByRole('link', { name })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: 'Export cases (CSV)' })).toBeNull();
    expect(insights.getAttribute('aria-expanded')).toBe('false');

    insights.focus();
    await user.keyboard('{Enter}');
    expect(insights.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Reports' }).getAttribute('href')).toBe('/projects/3/reports');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Test plans' }));
    await user.keyboard('{Escape}');
    expect(insights.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(insights);

    await user.click(screen.getByRole('button', { name: 'Import / Export' }));
    expect(screen.getByRole('button', { name: 'Import results' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export cases (CSV)' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    // Opening another closes the first (a press outside it).
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Import results' })).toBeNull());
    for (const name of ['Case Fields', 'Webhooks', 'Issue Tracker']) {
      expect(screen.getByRole('link', { name })).toBeTruthy();
    }
  });

  it('links Milestones first in Insights for holders of home_milestone only', async () => {
    const user = userEvent.setup();
    renderProject([...LEAD, 'home_milestone']);
    await user.click(await screen.findByRole('button', { name: 'Insights' }));
    const link = screen.getByRole('link', { name: 'Milestones' });
    expect(link.getAttribute('href')).toBe('/projects/3/milestones');
    const reports = screen.getByRole('link', { name: 'Reports' });
    expect(link.compareDocumentPosition(reports) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('links Test plans after Milestones in Insights for holders of home_test_cycle only', async () => {
    const user = userEvent.setup();
    renderProject([...LEAD, 'home_milestone']);
    await user.click(await screen.findByRole('button', { name: 'Insights' }));
    const plans = screen.getByRole('link', { name: 'Test plans' });
    expect(plans.getAttribute('href')).toBe('/projects/3/plans');
    const milestones = screen.getByRole('link', { name: 'Milestones' });
    expect(milestones.compareDocumentPosition(plans) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no Test plans link without home_test_cycle', async () => {
    const user = userEvent.setup();
    renderProject([...LEAD.filter((permission) => permission !== 'home_test_cycle'), 'home_milestone']);
    await user.click(await screen.findByRole('button', { name: 'Insights' }));
    expect(screen.getByRole('link', { name: 'Milestones' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Test plans' })).toBeNull();
  });

  it('links Requirements and the Traceability matrix in Insights, and sums coverage up, for home_requirement', async () => {
    const user = userEvent.setup();
    const permissions = [...LEAD, 'home_requirement'];
    signedIn(permissions, {
      'GET /api/projects/detail/3': { body: projectDetail(permissions) },
      'GET /api/projects/list': { body: [] },
      'GET /api/testsuites/project/3': { body: [] },
      'GET /api/test-cases/project/3': { body: [] },
      'GET /api/projects/3/cycles': { body: [] },
      'GET /api/projects/3/traceability?limit=1': {
        body: { items: [], total: 24, summary: { passing: 12, failing: 3, untested: 4, not_covered: 5 } },
      },
    });
    renderApp('/projects/3');
    const figure = await screen.findByText('Requirements: 12 passing, 3 failing, 4 untested, 5 not covered');
    const card = figure.closest('.card') as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Traceability matrix' }).getAttribute('href')).toBe(
      '/projects/3/traceability',
    );
    await user.click(screen.getByRole('button', { name: 'Insights' }));
    const menu = screen.getByRole('link', { name: 'Requirements' });
    expect(menu.getAttribute('href')).toBe('/projects/3/requirements');
    expect(
      screen.getAllByRole('link', { name: 'Traceability matrix' }).map((link) => link.getAttribute('href')),
    ).toEqual(['/projects/3/traceability', '/projects/3/traceability']);
  });

  it('shows no requirements link nor coverage figure without home_requirement', async () => {
    const user = userEvent.setup();
    renderProject(LEAD);
    await user.click(await screen.findByRole('button', { name: 'Insights' }));
    expect(screen.getByRole('link', { name: 'Reports' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Requirements' })).toBeNull();
    expect(screen.queryByText(/^Requirements:/)).toBeNull();
  });

  it('shows no Milestones link without home_milestone', async () => {
    const user = userEvent.setup();
    renderProject(LEAD);
    await user.click(await screen.findByRole('button', { name: 'Insights' }));
    expect(screen.getByRole('link', { name: 'Reports' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Milestones' })).toBeNull();
  });

  it('links Configurations in Settings for holders of edit_project only', async () => {
    const user = userEvent.setup();
    renderProject(LEAD);
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const link = screen.getByRole('link', { name: 'Configurations' });
    expect(link.getAttribute('href')).toBe('/projects/3/configurations');
  });

  it('shows no Configurations link without edit_project', async () => {
    const user = userEvent.setup();
    renderProject(LEAD.filter((permission) => permission !== 'edit_project'));
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    expect(screen.getByRole('link', { name: 'Case Fields' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Configurations' })).toBeNull();
  });

  it('shows no menu whose entries the user may not use', async () => {
    renderProject(['home_project', 'home_test_case']);
    expect(await screen.findByRole('button', { name: 'Insights' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import / Export' })).toBeNull();
  });

  it('links Shared Steps in Insights for holders of home_test_case only', async () => {
    const user = userEvent.setup();
    renderProject(LEAD);
    await user.click(await screen.findByRole('button', { name: 'Insights' }));
    expect(screen.getByRole('link', { name: 'Shared Steps' }).getAttribute('href')).toBe(
      '/projects/3/shared-steps',
    );
  });

  it('shows no Shared Steps link without home_test_case', async () => {
    const user = userEvent.setup();
    renderProject(LEAD.filter((permission) => permission !== 'home_test_case'));
    await user.click(await screen.findByRole('button', { name: 'Insights' }));
    expect(screen.getByRole('link', { name: 'Reports' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Shared Steps' })).toBeNull();
  });
});
