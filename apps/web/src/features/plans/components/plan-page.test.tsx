import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Plan } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { type MockHandlers, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { cycleOf, milestoneOf, planOf, projectDetail } from '@/test/world';

const READER = ['home_project', 'home_test_cycle', 'home_milestone'];
const LEAD = [...READER, 'edit_test_cycle', 'delete_test_cycle'];

const chrome = { id: 11, name: 'Chrome', group: 'Browser' };
const firefox = { id: 12, name: 'Firefox', group: 'Browser' };
const counts = { total: 4, untested: 1, passed: 2, failed: 1, blocked: 0, skipped: 0, retest: 0 };
const PLAN: Plan = planOf(4, {
  name: 'Release 2.0',
  milestone_id: 1,
  description: 'Ships **checkout**',
  cycle_count: 3,
  totals: { ...counts, total: 6, untested: 3 },
  entries: [
    {
      id: 1,
      name: 'Regression',
      suite_ids: [],
      case_ids: [],
      all_cases: true,
      configuration_ids: [11, 12],
      assignee_id: null,
      cycle_ids: [5, 6],
    },
    {
      id: 2,
      name: null,
      suite_ids: [1],
      case_ids: [],
      all_cases: false,
      configuration_ids: [],
      assignee_id: null,
      cycle_ids: [7],
    },
  ],
  cycles: [
    cycleOf({ id: 5, name: 'Regression (Chrome)', plan_id: 4, configurations: [chrome], counts }),
    cycleOf({ id: 6, name: 'Regression (Firefox)', plan_id: 4, configurations: [firefox] }),
    cycleOf({ id: 7, name: 'Release 2.0', plan_id: 4 }),
  ],
});

function renderPage(permissions: string[], more: MockHandlers = {}) {
  const api = signedIn(permissions, {
    'GET /api/projects/detail/3': { body: projectDetail(permissions) },
    'GET /api/projects/list': { body: [] },
    'GET /api/plans/4': { body: PLAN },
    'GET /api/projects/3/milestones': {
      body: { milestones: [milestoneOf(1, { name: 'Release 2.0 milestone' })] },
    },
    'GET /api/projects/3/plans': { body: { plans: [] } },
    ...more,
  });
  return { api, ...renderApp('/plans/4') };
}

describe('the plan page', () => {
  it('shows its milestone, description, totals and its cycles by entry with their configurations', async () => {
    renderPage(READER);
    expect(await screen.findByRole('heading', { level: 1, name: 'Release 2.0' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Release 2.0 milestone' })).getAttribute('href')).toBe(
      '/milestones/1',
    );
    expect(screen.getByText('checkout').tagName).toBe('STRONG');
    expect(screen.getByRole('img', { name: /^3 of 6 done/ })).toBeTruthy();
    expect(screen.getByText('3 test cycles · 2 passed, 1 failed, 3 untested')).toBeTruthy();

    const first = screen.getByRole('list', { name: 'Test cycles of entry 1' });
    expect(screen.getByRole('heading', { level: 3, name: 'Entry 1: Regression' })).toBeTruthy();
    const chromeCycle = within(first).getByRole('link', { name: 'Regression (Chrome)' });
    expect(chromeCycle.getAttribute('href')).toBe('/cycles/5');
    expect(within(first).getAllByRole('list', { name: 'Configurations' })[0]?.textContent).toBe(
      'Browser: Chrome',
    );
    const second = screen.getByRole('list', { name: 'Test cycles of entry 2' });
    expect(within(second).getByRole('link', { name: 'Release 2.0' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('edits its name, description and milestone in a dialog', async () => {
    const user = userEvent.setup();
    const { api } = renderPage(LEAD, {
      'PUT /api/plans/4': (body) => ({
        body: { message: 'Test plan saved', plan: { ...PLAN, ...(body as object) } },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit test plan' });
    const name = within(dialog).getByLabelText(/^Plan name/);
    await user.clear(name);
    await user.type(name, 'Release 2.1');
    await user.selectOptions(within(dialog).getByLabelText('Milestone'), 'None');
    await user.click(within(dialog).getByRole('button', { name: 'Save test plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Release 2.1',
      description: 'Ships **checkout**',
      milestone_id: null,
    });
    expect(await screen.findByText('Test plan saved')).toBeTruthy();
  });

  it('asks what happens to its cycles before deleting, keeping them by default', async () => {
    const user = userEvent.setup();
    const { api, router } = renderPage(LEAD, {
      'DELETE /api/plans/4?cycles=keep': { body: { message: 'Test plan deleted; its 3 test cycles stay' } },
      'DELETE /api/plans/4?cycles=delete': { body: { message: 'Test plan and its 3 test cycles deleted' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete test plan?' });
    const keep = within(dialog).getByLabelText(
      'Keep them, with their results, in no plan',
    ) as HTMLInputElement;
    expect(keep.checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    dialog = screen.getByRole('dialog', { name: 'Delete test plan?' });
    await user.click(within(dialog).getByLabelText(/^Delete them too/));
    await user.click(within(dialog).getByRole('button', { name: 'Delete plan and cycles' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/3/plans'));
    expect(api.calls.find((call) => call.method === 'DELETE')?.path).toBe('/api/plans/4?cycles=delete');
    expect(await screen.findByText('Test plan and its 3 test cycles deleted')).toBeTruthy();
  });

  it('shows a missing plan as not found', async () => {
    signedIn(READER, { 'GET /api/projects/list': { body: [] } });
    renderApp('/plans/99');
    expect(await screen.findByRole('heading', { name: 'Test plan not found' })).toBeTruthy();
  });
});
