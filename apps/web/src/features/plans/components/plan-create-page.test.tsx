import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockHandlers, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { configurationGroupOf, milestoneOf, planOf, projectDetail } from '@/test/world';

const PLANNER = [
  'home_project',
  'home_test_suit',
  'home_test_case',
  'home_test_cycle',
  'add_test_cycle',
  'home_milestone',
];
const BROWSER = configurationGroupOf(1, 'Browser', ['Chrome', 'Firefox']);
const OS = configurationGroupOf(2, 'OS', ['Linux', 'Windows']);

function renderForm(permissions: string[] = PLANNER, more: MockHandlers = {}) {
  const api = signedIn(permissions, {
    'GET /api/projects/detail/3': {
      body: projectDetail(permissions, {
        members: [{ id: 8, username: 'ana', email: 'ana@example.com', role: { id: 1, name: 'Tester' } }],
      }),
    },
    'GET /api/projects/list': { body: [] },
    'GET /api/testsuites/project/3': { body: [{ id: 1, name: 'Login', description: '', project_id: 3 }] },
    'GET /api/test-cases/project/3': { body: [] },
    'GET /api/projects/3/configuration-groups': { body: { groups: [BROWSER, OS] } },
    'GET /api/projects/3/milestones': { body: { milestones: [milestoneOf(1, { name: 'Release 2.0' })] } },
    ...more,
  });
  return { api, ...renderApp('/projects/3/plans/new') };
}

const entry = (n: number) => screen.getByRole('group', { name: `Entry ${n}` });

describe('New test plan', () => {
  it('counts the cycles live per entry and for the plan, and sends the entries', async () => {
    const user = userEvent.setup();
    const { api, router } = renderForm(PLANNER, {
      'POST /api/projects/3/plans': { status: 201, body: { message: 'Test plan created', plan: planOf(9) } },
      'GET /api/plans/9': { body: planOf(9) },
    });
    await user.type(await screen.findByLabelText(/^Plan name/), 'Release 2.0');
    await user.selectOptions(screen.getByLabelText('Milestone'), 'Release 2.0');
    await user.click(within(entry(1)).getByLabelText('All cases of the project'));
    const browsers = await within(entry(1)).findByRole('group', { name: 'Browser' });
    await user.click(within(browsers).getByLabelText('Chrome'));
    await user.click(within(browsers).getByLabelText('Firefox'));
    await user.click(within(within(entry(1)).getByRole('group', { name: 'OS' })).getByLabelText('Linux'));
    expect(within(entry(1)).getByText('Entry 1 makes 2 test cycles.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add entry' }));
    await user.type(within(entry(2)).getByLabelText('Entry name'), 'Smoke');
    await user.click(within(entry(2)).getByLabelText(/^Login/));
    await user.selectOptions(within(entry(2)).getByLabelText('Assignee'), 'ana');
    expect(within(entry(2)).getByText('Entry 2 makes 1 test cycle.')).toBeTruthy();
    expect(screen.getByText('3 test cycles').closest('p')?.textContent).toBe(
      'The plan makes 3 test cycles from 2 entries.',
    );

    await user.click(screen.getByRole('button', { name: 'Create test plan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/plans/9'));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Release 2.0',
      description: '',
      milestone_id: 1,
      entries: [
        { all_cases: true, configuration_ids: [11, 12, 21] },
        { name: 'Smoke', suite_ids: [1], assignee_id: 8 },
      ],
    });
  });

  it('refuses an entry that selects nothing at that entry, without sending', async () => {
    const user = userEvent.setup();
    const { api } = renderForm();
    await user.type(await screen.findByLabelText(/^Plan name/), 'Release 2.0');
    await user.click(screen.getByRole('button', { name: 'Create test plan' }));
    expect(
      await within(entry(1)).findByText('Entry 1: choose its cases: suites, cases or all cases'),
    ).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows the server's refusal of an entry at that entry", async () => {
    const user = userEvent.setup();
    renderForm(PLANNER, {
      'POST /api/projects/3/plans': {
        status: 400,
        body: {
          message: 'Entry 2: the assignee must be a user who sees the project',
          code: 'invalid_request',
          details: [{ field: 'entries[1].assignee_id', message: 'must be a user who sees the project' }],
        },
      },
    });
    await user.type(await screen.findByLabelText(/^Plan name/), 'Release 2.0');
    await user.click(within(entry(1)).getByLabelText('All cases of the project'));
    await user.click(screen.getByRole('button', { name: 'Add entry' }));
    await user.click(within(entry(2)).getByLabelText('All cases of the project'));
    await user.click(screen.getByRole('button', { name: 'Create test plan' }));
    expect(
      await within(entry(2)).findByText('Entry 2: the assignee must be a user who sees the project'),
    ).toBeTruthy();
    expect(within(entry(1)).queryByText(/assignee must be/)).toBeNull();
    expect(screen.queryByText('Failed to create test plan')).toBeNull();
  });

  it("refuses more than 100 cycles in the server's words, and removes entries", async () => {
    const user = userEvent.setup();
    const many = configurationGroupOf(
      5,
      'Device',
      Array.from({ length: 11 }, (_, i) => `Device ${i + 1}`),
    );
    const big = configurationGroupOf(
      7,
      'Locale',
      Array.from({ length: 10 }, (_, i) => `Locale ${i + 1}`),
    );
    const { api } = renderForm(PLANNER, {
      'GET /api/projects/3/configuration-groups': { body: { groups: [many, big] } },
    });
    await user.type(await screen.findByLabelText(/^Plan name/), 'Release 2.0');
    await user.click(within(entry(1)).getByLabelText('All cases of the project'));
    for (const group of ['Device', 'Locale']) {
      const fieldset = await within(entry(1)).findByRole('group', { name: group });
      for (const box of within(fieldset).getAllByRole('checkbox')) await user.click(box);
    }
    expect(within(entry(1)).getByText('Entry 1 makes 110 test cycles.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'The plan would make 110 test cycles; a plan makes at most 100',
    );
    await user.click(screen.getByRole('button', { name: 'Create test plan' }));
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Add entry' }));
    expect(screen.getByRole('group', { name: 'Entry 2' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove entry 2' }));
    expect(screen.queryByRole('group', { name: 'Entry 2' })).toBeNull();
  });

  it('needs add_test_cycle', async () => {
    renderForm(PLANNER.filter((permission) => permission !== 'add_test_cycle'));
    expect(
      await screen.findByText('You need the add_test_cycle permission to create test plans in this project.'),
    ).toBeTruthy();
  });
});
