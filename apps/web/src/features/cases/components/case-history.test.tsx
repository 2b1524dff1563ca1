import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CaseVersion, TestCaseDetail } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { CaseHistory } from './case-history';

const testCase: TestCaseDetail = {
  id: 5,
  name: 'Sign in',
  description: 'With a passkey',
  project_id: 1,
  suite_id: null,
  parent_id: null,
  has_children: false,
  status: null,
  rollup: null,
  priority: 'high',
  tags: ['login'],
  preconditions: '',
  steps: [],
  custom_fields: {},
  parameters: null,
  version: 3,
  source_id: null,
};

const version = (n: number, description: string, changed: string[]): CaseVersion => ({
  version: n,
  author: { id: 7, username: 'jane' },
  created_at: `2026-11-2${n}T10:00:00.000Z`,
  changed,
  content: {
    name: 'Sign in',
    description,
    preconditions: '',
    priority: n === 3 ? 'high' : 'medium',
    tags: ['login'],
    steps: [],
    custom_fields: {},
    parameters: null,
  },
  note: null,
});

function renderHistory(mayRestore = true) {
  const api = mockApi({
    'GET /api/projects/1/case-fields': { body: { fields: [] } },
    'GET /api/test-cases/5/versions?limit=50&offset=0': {
      body: {
        items: [
          version(3, 'With a passkey', ['priority']),
          version(2, 'With a passkey', ['description']),
          version(1, 'With a password', ['name', 'description']),
        ],
        total: 3,
      },
    },
    'POST /api/test-cases/5/versions/1/restore': {
      body: { message: 'Version 1 restored', testCase: { ...testCase, version: 4 } },
    },
  });
  renderWithProviders(<CaseHistory testCase={testCase} mayRestore={mayRestore} />);
  return api;
}

describe('CaseHistory', () => {
  it('lists the versions and compares the newest two by default', async () => {
    renderHistory();
    const table = await screen.findByRole('table', { name: 'Versions of Sign in' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByText('Name, Description')).toBeTruthy();
    const diff = screen.getByRole('region', { name: 'Version 2 → version 3' });
    expect(within(diff).getByRole('rowheader', { name: 'Priority' })).toBeTruthy();
    expect(within(diff).queryByRole('rowheader', { name: 'Description' })).toBeNull();
  });

  it('compares any two chosen versions, words marked, and restores one after confirming', async () => {
    const api = renderHistory();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Compare from version 1' }));
    const diff = screen.getByRole('region', { name: 'Version 1 → version 3' });
    expect(diff.querySelector('del')?.textContent).toBe('password');
    expect(diff.querySelector('ins')?.textContent).toBe('passkey');
    await user.click(screen.getByRole('button', { name: 'Restore this version (version 1)' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, Restore' }));
    expect(await screen.findByText('Version 1 restored')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST' && c.path.endsWith('/versions/1/restore'))).toBe(true);
  });

  it('offers no restore without edit_test_case', async () => {
    renderHistory(false);
    await screen.findByRole('table', { name: 'Versions of Sign in' });
    expect(screen.queryByRole('button', { name: /Restore this version/ })).toBeNull();
  });

  it('shows a step without an expected result as its action alone, with no empty "Expected:"', async () => {
    const withSteps = (n: number, steps: CaseVersion['content']['steps']): CaseVersion => {
      const base = version(n, 'With a passkey', ['steps']);
      return { ...base, content: { ...base.content, priority: 'high', steps } };
    };
    mockApi({
      'GET /api/projects/1/case-fields': { body: { fields: [] } },
      'GET /api/test-cases/5/versions?limit=50&offset=0': {
        body: {
          items: [
            withSteps(2, [
              { action: 'Open the page', expected: '' },
              { action: 'Sign in', expected: 'The dashboard shows' },
            ]),
            withSteps(1, [{ action: 'Open the page', expected: '  ' }]),
          ],
          total: 2,
        },
      },
    });
    renderWithProviders(<CaseHistory testCase={testCase} mayRestore={false} />);
    const diff = await screen.findByRole('region', { name: 'Version 1 → version 2' });
    const steps = within(diff).getByRole('rowheader', { name: 'Steps' }).closest('tr') as HTMLElement;
    const [older, newer] = within(steps).getAllByRole('cell');
    expect(older?.textContent).toBe('1. Open the page');
    expect(newer?.textContent).toBe('1. Open the page\n2. Sign in\n   Expected: The dashboard shows');
    expect(newer?.textContent?.match(/Expected:/g)).toHaveLength(1);
  });

  it('says why a version came without an edit of the case, and names a set of steps by its id', async () => {
    const base = version(2, 'With a passkey', ['steps']);
    mockApi({
      'GET /api/projects/1/case-fields': { body: { fields: [] } },
      'GET /api/test-cases/5/versions?limit=50&offset=0': {
        body: {
          items: [
            { ...base, note: "Shared steps 'Sign in' changed" },
            {
              ...version(1, 'With a passkey', ['name']),
              content: { ...base.content, steps: [{ shared_steps_id: 4 }, { action: 'Pay', expected: '' }] },
            },
          ],
          total: 2,
        },
      },
    });
    renderWithProviders(<CaseHistory testCase={testCase} mayRestore={false} />);
    const table = await screen.findByRole('table', { name: 'Versions of Sign in' });
    expect(within(table).getByText("Shared steps 'Sign in' changed")).toBeTruthy();
    const diff = screen.getByRole('region', { name: 'Version 1 → version 2' });
    const steps = within(diff).getByRole('rowheader', { name: 'Steps' }).closest('tr') as HTMLElement;
    expect(within(steps).getAllByRole('cell')[0]?.textContent).toBe('1. Shared steps #4\n2. Pay');
  });

  it('names changed parameters "Parameters" and shows each side as a small table of text', async () => {
    const withParameters = (n: number, parameters: CaseVersion['content']['parameters']): CaseVersion => {
      const base = version(n, 'With a passkey', n === 1 ? ['name'] : ['parameters']);
      return { ...base, content: { ...base.content, priority: 'high', parameters } };
    };
    mockApi({
      'GET /api/projects/1/case-fields': { body: { fields: [] } },
      'GET /api/test-cases/5/versions?limit=50&offset=0': {
        body: {
          items: [
            withParameters(2, {
              columns: ['card', 'locale'],
              rows: [
                ['Visa', 'en'],
                ['Amex', 'de'],
              ],
            }),
            withParameters(1, null),
          ],
          total: 2,
        },
      },
    });
    renderWithProviders(<CaseHistory testCase={testCase} mayRestore={false} />);
    const table = await screen.findByRole('table', { name: 'Versions of Sign in' });
    expect(within(table).getByText('Parameters')).toBeTruthy();
    const diff = screen.getByRole('region', { name: 'Version 1 → version 2' });
    const row = within(diff).getByRole('rowheader', { name: 'Parameters' }).closest('tr') as HTMLElement;
    const [older, newer] = within(row).getAllByRole('cell');
    expect(older?.textContent).toBe('');
    expect(newer?.textContent).toBe('card | locale\n1. Visa | en\n2. Amex | de');
  });
});
