import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { EMPTY_RICH_CONTENT, type RichContent } from '../case-content';
import { CaseContentFields } from './case-content-fields';

let latest: RichContent = EMPTY_RICH_CONTENT;

function Harness() {
  const [content, setContent] = useState<RichContent>(EMPTY_RICH_CONTENT);
  latest = content;
  return (
    <CaseContentFields projectId={1} testCase={null} content={content} onChange={setContent} errors={{}} />
  );
}

function renderFields() {
  mockApi({
    'GET /api/projects/1/case-fields': {
      body: {
        fields: [
          {
            id: 4,
            project_id: 1,
            name: 'Component',
            type: 'select',
            required: true,
            options: ['api', 'web'],
            default: 'web',
            position: 0,
          },
        ],
      },
    },
    'GET /api/projects/1/case-tags?q=&limit=10': { body: { tags: [{ tag: 'smoke', cases: 3 }] } },
    'GET /api/projects/1/case-tags?q=s&limit=10': {
      body: {
        tags: [
          { tag: 'smoke', cases: 3 },
          { tag: 'sanity', cases: 1 },
        ],
      },
    },
  });
  renderWithProviders(<Harness />);
}

describe('CaseContentFields', () => {
  it('adds, moves and removes steps, Alt+arrows keeping focus on the moved step', async () => {
    renderFields();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    expect(document.activeElement).toBe(
      within(screen.getByRole('group', { name: 'Step 1' })).getByLabelText('Action'),
    );
    await user.keyboard('Open the page');
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    await user.keyboard('Sign in');
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(latest.steps.map((s) => ('action' in s ? s.action : s.shared_steps_id))).toEqual([
      'Sign in',
      'Open the page',
    ]);
    const first = within(screen.getByRole('group', { name: 'Step 1' })).getByLabelText('Action');
    expect(document.activeElement).toBe(first);
    await user.click(screen.getByRole('button', { name: 'Move step 1 down' }));
    expect(latest.steps.map((s) => ('action' in s ? s.action : s.shared_steps_id))).toEqual([
      'Open the page',
      'Sign in',
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove step 1' }));
    expect(latest.steps).toEqual([{ action: 'Sign in', expected: '' }]);
  });

  it('adds tags with Enter and commas, picks a suggestion with the arrows, and removes them', async () => {
    renderFields();
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(box, 'Login{Enter}api,');
    expect(latest.tags).toEqual(['login', 'api']);
    await user.type(box, 's');
    const list = await screen.findByRole('listbox', { name: 'Suggested tags' });
    expect(await within(list).findByRole('option', { name: 'sanity' })).toBeTruthy();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(latest.tags).toEqual(['login', 'api', 'sanity']);
    await user.click(screen.getByRole('button', { name: 'Remove tag login' }));
    expect(latest.tags).toEqual(['api', 'sanity']);
    await user.keyboard('{Backspace}');
    expect(latest.tags).toEqual(['api']);
  });

  it('edits the parameters in the form, after the steps', async () => {
    renderFields();
    const user = userEvent.setup();
    const section = screen.getByRole('group', { name: 'Parameters' });
    await user.click(within(section).getByRole('button', { name: 'Add column' }));
    await user.keyboard('card');
    await user.type(within(section).getByRole('textbox', { name: 'Row 1, card' }), 'Visa');
    expect(latest.parameters).toEqual({ columns: ['card'], rows: [['Visa']] });
  });

  it('shows the custom fields with their defaults, required marked', async () => {
    renderFields();
    const select = await screen.findByRole('combobox', { name: 'Component' });
    expect((select as HTMLSelectElement).value).toBe('web');
    expect(select.hasAttribute('required')).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Priority' }) as HTMLSelectElement).value).toBe('medium');
  });
});
