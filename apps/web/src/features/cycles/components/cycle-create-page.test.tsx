import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { projectDetail } from '@/test/world';

const PLANNER = ['home_project', 'home_test_suit', 'home_test_case', 'home_test_cycle', 'add_test_cycle'];

const project = projectDetail(PLANNER);

/** Fills the form for all cases and submits it; the server refuses with `code`. */
async function submitRefused(code: 'nothing_selected' | 'invalid_request') {
  const user = userEvent.setup();
  signedIn(PLANNER, {
    'GET /api/projects/detail/3': { body: project },
    'GET /api/projects/list': { body: [] },
    'GET /api/testsuites/project/3': { body: [] },
    'GET /api/test-cases/project/3': { body: [] },
    'POST /api/projects/3/cycles': {
      status: 400,
      body: { message: 'The selection holds no test cases', code },
    },
  });
  renderApp('/projects/3/new-cycle');
  await user.type(await screen.findByLabelText(/^Cycle Name/), 'Release 2');
  await user.click(screen.getByLabelText('All cases of the project'));
  await user.click(screen.getByRole('button', { name: 'Create Test Cycle' }));
}

describe('New Test Cycle', () => {
  it('shows the refusal of the selection at the cases, by its code', async () => {
    await submitRefused('nothing_selected');
    const cases = screen.getByRole('group', { name: 'Cases' });
    expect(await within(cases).findByText('The selection holds no test cases')).toBeTruthy();
    expect(screen.queryByText('Failed to create Test Cycle')).toBeNull();
  });

  it('shows any other refusal in the box above the form', async () => {
    await submitRefused('invalid_request');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to create Test Cycle');
    const cases = screen.getByRole('group', { name: 'Cases' });
    expect(within(cases).queryByText('The selection holds no test cases')).toBeNull();
  });
});
