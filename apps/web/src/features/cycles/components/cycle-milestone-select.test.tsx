import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockHandlers, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { cycleOf, milestoneOf, projectDetail } from '@/test/world';

const PLANNER = ['home_project', 'home_test_suit', 'home_test_case', 'home_test_cycle', 'add_test_cycle'];
const EDITOR = ['home_project', 'home_test_cycle', 'edit_test_cycle'];

const MILESTONES = [
  milestoneOf(1, { name: 'Release 2.0' }),
  milestoneOf(2, { name: 'Sprint 1', parent_id: 1 }),
  milestoneOf(3, { name: 'Release 1.0', state: 'completed' }),
];

function answers(permissions: string[], more: MockHandlers = {}): MockHandlers {
  return {
    'GET /api/projects/detail/3': { body: projectDetail(permissions) },
    'GET /api/projects/list': { body: [] },
    'GET /api/testsuites/project/3': { body: [] },
    'GET /api/test-cases/project/3': { body: [] },
    'GET /api/projects/3/milestones': { body: { milestones: MILESTONES } },
    ...more,
  };
}

describe("the cycle form's Milestone", () => {
  it("offers the project's milestones and sends the chosen one's id", async () => {
    const user = userEvent.setup();
    const permissions = [...PLANNER, 'home_milestone'];
    const api = signedIn(
      permissions,
      answers(permissions, {
        'POST /api/projects/3/cycles': {
          status: 201,
          body: { message: 'Test cycle created', cycle: cycleOf({ id: 5 }) },
        },
      }),
    );
    renderApp('/projects/3/new-cycle');
    await user.type(await screen.findByLabelText(/^Cycle Name/), 'Sprint smoke');
    const select = await screen.findByRole('combobox', { name: 'Milestone' });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['None', 'Release 2.0', 'Release 2.0 › Sprint 1', 'Release 1.0 (completed)']),
    );
    await user.selectOptions(select, 'Release 2.0 › Sprint 1');
    await user.click(screen.getByLabelText('All cases of the project'));
    await user.click(screen.getByRole('button', { name: 'Create Test Cycle' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    const body = api.calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(body.milestone_id).toBe(2);
    expect('milestone' in body).toBe(false);
  });

  it('is not shown without home_milestone, and a new cycle then has none', async () => {
    const user = userEvent.setup();
    const api = signedIn(
      PLANNER,
      answers(PLANNER, {
        'POST /api/projects/3/cycles': {
          status: 201,
          body: { message: 'Test cycle created', cycle: cycleOf({ id: 5 }) },
        },
      }),
    );
    renderApp('/projects/3/new-cycle');
    await user.type(await screen.findByLabelText(/^Cycle Name/), 'Smoke');
    expect(screen.queryByLabelText('Milestone')).toBeNull();
    await user.click(screen.getByLabelText('All cases of the project'));
    await user.click(screen.getByRole('button', { name: 'Create Test Cycle' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.some((call) => call.path === '/api/projects/3/milestones')).toBe(false);
    const sent = api.calls.find((call) => call.method === 'POST')?.body as { milestone_id?: unknown };
    expect(sent.milestone_id).toBe(null);
  });

  it("starts an edit at the cycle's milestone and can take it out of it", async () => {
    const user = userEvent.setup();
    const permissions = [...EDITOR, 'home_milestone'];
    const cycle = cycleOf({ milestone_id: 1, milestone: 'Release 2.0' });
    const api = signedIn(
      permissions,
      answers(permissions, {
        'GET /api/cycles/5': { body: cycle },
        'PUT /api/cycles/5': { body: { message: 'Test cycle saved', cycle } },
        'GET /api/cycles/5/items?limit=200&offset=0': { body: { items: [], total: 0 } },
      }),
    );
    renderApp('/edit-cycle/5');
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Milestone' });
    await waitFor(() => expect(select.selectedOptions[0]?.textContent).toBe('Release 2.0'));
    await user.selectOptions(select, 'None');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    const sent = api.calls.find((call) => call.method === 'PUT')?.body as { milestone_id?: unknown };
    expect(sent.milestone_id).toBe(null);
  });
});
