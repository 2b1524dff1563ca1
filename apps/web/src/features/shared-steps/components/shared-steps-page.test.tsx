import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockHandlers, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { projectDetail, projectShell, sharedStepsOf } from '@/test/world';

const READER = ['home_project', 'home_test_case'];
const LEAD = [...READER, 'add_test_case_in_project', 'edit_test_case', 'delete_test_case'];

const signIn = sharedStepsOf(4, {
  name: 'Sign in',
  description: 'As the **shopper**.',
  steps: [
    { action: 'Type the user', expected: '' },
    { action: 'Type the password', expected: 'Signed in' },
  ],
  case_count: 2,
  version: 3,
});
const logOut = sharedStepsOf(5, { name: 'Log out', case_count: 1 });

function renderAt(path: string, permissions: string[], handlers: MockHandlers = {}) {
  const api = signedIn(permissions, {
    ...projectShell(projectDetail(permissions)),
    'GET /api/projects/3/shared-steps?limit=25&offset=0': { body: { items: [logOut, signIn], total: 2 } },
    'GET /api/shared-steps/4': { body: signIn },
    'GET /api/shared-steps/4/usage?limit=25&offset=0': {
      body: {
        items: [
          { id: 40, name: 'Checkout', suite_id: null, version: 5 },
          { id: 41, name: 'Refund', suite_id: 1, version: 2 },
        ],
        total: 2,
      },
    },
    ...handlers,
  });
  renderApp(path);
  return api;
}

/** docs/product/shared-steps-screens.md */
describe('the Shared Steps page', () => {
  it('lists the sets with their step and case counts, filtered by name', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    renderAt('/projects/3/shared-steps', READER, {
      'GET /api/projects/3/shared-steps?q=sign&limit=25&offset=0': { body: { items: [signIn], total: 1 } },
    });
    const list = await screen.findByRole('list', { name: 'Shared steps' });
    expect(within(list).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/shared-steps/4');
    expect(within(list).getByText('2 steps, used by 2 cases')).toBeTruthy();
    expect(within(list).getByText('1 step, used by 1 case')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New shared steps' })).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Filter' }), 'sign');
    const matches = await screen.findByRole('list', { name: 'Matching shared steps' });
    await waitFor(() => expect(within(matches).queryByRole('link', { name: 'Log out' })).toBeNull());
    expect(within(matches).getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('makes a new set and opens its page', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const made = sharedStepsOf(6, {
      name: 'Open the cart',
      steps: [{ action: 'Click the cart', expected: '' }],
    });
    const api = renderAt('/projects/3/shared-steps', LEAD, {
      'POST /api/projects/3/shared-steps': {
        status: 201,
        body: { message: 'Shared steps created', shared_steps: made },
      },
      'GET /api/shared-steps/6': { body: made },
      'GET /api/shared-steps/6/usage?limit=25&offset=0': { body: { items: [], total: 0 } },
    });
    await user.click(await screen.findByRole('button', { name: 'New shared steps' }));
    const dialog = await screen.findByRole('dialog', { name: 'New shared steps' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Open the cart');
    await user.type(within(dialog).getByRole('textbox', { name: 'Action' }), 'Click the cart');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Shared steps created')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Open the cart',
      description: '',
      steps: [{ action: 'Click the cart', expected: '' }],
    });
    expect(
      await screen.findByText("No case uses these steps yet. Insert them in a case's steps from its form."),
    ).toBeTruthy();
  });
});

describe("a shared step set's page", () => {
  it('shows its steps and the cases using it, linked', async () => {
    renderAt('/shared-steps/4', READER);
    expect(await screen.findByText('Type the password')).toBeTruthy();
    const cases = await screen.findByRole('list', { name: 'Cases using Sign in' });
    expect(within(cases).getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/cases/40');
    expect(screen.getByRole('link', { name: 'Shared Steps' }).getAttribute('href')).toBe(
      '/projects/3/shared-steps',
    );
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('saves an edit of its name and steps', async () => {
    const user = userEvent.setup();
    const api = renderAt('/shared-steps/4', LEAD, {
      'PUT /api/shared-steps/4': { body: { message: 'Shared steps updated', shared_steps: signIn } },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    await user.keyboard('Accept the cookies');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Shared steps updated')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Sign in',
      description: 'As the **shopper**.',
      steps: [...signIn.steps, { action: 'Accept the cookies', expected: '' }],
    });
    // A set holds written steps only: its editor offers no other set.
    expect(screen.queryByRole('button', { name: 'Insert shared steps' })).toBeNull();
  });

  it('offers to copy the steps into the cases using it when a delete is refused', {
    timeout: 20_000,
  }, async () => {
    const user = userEvent.setup();
    const api = renderAt('/shared-steps/4', LEAD, {
      'DELETE /api/shared-steps/4': {
        status: 409,
        body: {
          code: 'in_use',
          message: 'These shared steps are used by 2 cases; copy them into the cases first.',
        },
      },
      'DELETE /api/shared-steps/4?copy_into_cases=true': { body: { message: 'Shared steps deleted' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Sign in?' });
    expect(within(dialog).getByText('The set goes for good. It is used by the 2 cases.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Delete' }));
    expect(
      await within(dialog).findByText(
        'These shared steps are used by 2 cases; copy them into the cases first.',
      ),
    ).toBeTruthy();
    await user.click(
      within(dialog).getByRole('button', { name: 'Copy the steps into the 2 cases and delete' }),
    );
    expect(await screen.findByText('Shared steps deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('list', { name: 'Shared steps' })).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/shared-steps/4',
      '/api/shared-steps/4?copy_into_cases=true',
    ]);
  });
});
