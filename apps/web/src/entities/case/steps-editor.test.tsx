import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CaseStepEntry } from '@verdict/contract';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type MockHandlers, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { sharedStepsOf } from '@/test/world';
import { StepsEditor } from './steps-editor';

let latest: CaseStepEntry[] = [];

function Harness({ initial }: { initial: CaseStepEntry[] }) {
  const [steps, setSteps] = useState<CaseStepEntry[]>(initial);
  latest = steps;
  return <StepsEditor steps={steps} onChange={setSteps} errors={{}} sharedStepsOf={3} />;
}

const signIn = sharedStepsOf(4, {
  name: 'Sign in',
  steps: [
    { action: 'Type the user', expected: '' },
    { action: 'Type the password', expected: 'Signed in' },
  ],
  case_count: 2,
});

function renderEditor(initial: CaseStepEntry[], handlers: MockHandlers = {}) {
  const api = mockApi({
    'GET /api/projects/3/shared-steps?limit=25&offset=0': { body: { items: [signIn], total: 1 } },
    'GET /api/shared-steps/4': { body: signIn },
    ...handlers,
  });
  renderWithProviders(<Harness initial={initial} />);
  return api;
}

const written = (action: string) => ({ action, expected: '' });

/** docs/product/shared-steps-screens.md, "The step editor". */
describe('the step editor with shared steps', () => {
  it("shows a reference as one locked block with the set's steps, moved and removed like a step", async () => {
    const user = userEvent.setup();
    renderEditor([written('Open the app'), { shared_steps_id: 4 }]);
    const block = await screen.findByRole('group', { name: 'Step 2: Shared steps Sign in' });
    expect(within(block).getByText('Type the password')).toBeTruthy();
    expect(within(block).queryByRole('textbox')).toBeNull();
    await user.click(within(block).getByRole('button', { name: 'Move Shared steps Sign in up' }));
    expect(latest).toEqual([{ shared_steps_id: 4 }, written('Open the app')]);
    await user.click(screen.getByRole('button', { name: 'Remove Shared steps Sign in' }));
    expect(latest).toEqual([written('Open the app')]);
  });

  it('inserts a set found by name after the step last focused, else at the end', async () => {
    const user = userEvent.setup();
    const api = renderEditor([written('Open the app'), written('Pay')], {
      'GET /api/projects/3/shared-steps?q=sign&limit=25&offset=0': { body: { items: [signIn], total: 1 } },
    });
    await user.click(within(screen.getByRole('group', { name: 'Step 1' })).getByLabelText('Action'));
    await user.click(screen.getByRole('button', { name: 'Insert shared steps' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insert shared steps' });
    expect(within(dialog).getByText('The set goes after step 1.')).toBeTruthy();
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search shared steps' }), 'sign');
    await waitFor(() => expect(api.calls.some((call) => call.path.includes('q=sign'))).toBe(true));
    expect(within(dialog).getByText('2 steps, used by 2 cases')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Insert Sign in' }));
    expect(latest).toEqual([written('Open the app'), { shared_steps_id: 4 }, written('Pay')]);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Focus moves to the new block; focus leaving the steps forgets it, so the next goes at the end.
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Step 2: Shared steps Sign in' }));
    (document.activeElement as HTMLElement).blur();
    await user.click(screen.getByRole('button', { name: 'Insert shared steps' }));
    const again = await screen.findByRole('dialog', { name: 'Insert shared steps' });
    expect(within(again).getByText('The set goes at the end.')).toBeTruthy();
    await user.click(await within(again).findByRole('button', { name: 'Insert Sign in' }));
    expect(latest.at(-1)).toEqual({ shared_steps_id: 4 });
  });

  it('makes a set of chosen written steps and puts its reference in their place', async () => {
    const user = userEvent.setup();
    const made = sharedStepsOf(9, {
      name: 'Log in',
      steps: [written('Type the user'), written('Type the password')],
    });
    const api = renderEditor(
      [written('Open the app'), written('Type the user'), written('Type the password'), written('Pay')],
      {
        'POST /api/projects/3/shared-steps': {
          status: 201,
          body: { message: 'Shared steps created', shared_steps: made },
        },
        'GET /api/shared-steps/9': { body: made },
      },
    );
    await user.click(screen.getByRole('button', { name: 'Make shared' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make shared steps' });
    await user.click(within(dialog).getByRole('button', { name: 'Make shared' }));
    expect(within(dialog).getByText('Choose at least one step')).toBeTruthy();
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Step 2: Type the user' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Step 3: Type the password' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' Log in ');
    await user.click(within(dialog).getByRole('button', { name: 'Make shared' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = api.calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      name: 'Log in',
      steps: [written('Type the user'), written('Type the password')],
    });
    expect(latest).toEqual([written('Open the app'), { shared_steps_id: 9 }, written('Pay')]);
    expect(await screen.findByRole('group', { name: 'Step 2: Shared steps Log in' })).toBeTruthy();
  });
});
