import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TestCase } from '@verdict/contract';
import { describe, expect, it, vi } from 'vitest';
import { type MockHandlers, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import {
  searchHit as hit,
  searchPage as page,
  projectDetail,
  projectShell,
  requirementOf,
  testCaseOf,
} from '@/test/world';

const EDITOR = [
  'home_project',
  'home_test_suit',
  'home_test_case',
  'edit_test_case',
  'delete_test_case',
  'add_test_case_in_project',
];

const project = projectDetail(EDITOR);

const shell: MockHandlers = {
  ...projectShell(project),
  'GET /api/testsuites/project/3': {
    body: [{ id: 1, name: 'Payments', description: '', project_id: 3 }],
  },
};

const SEARCH = '/api/projects/3/cases/search';
const BULK = 'POST /api/projects/3/cases/bulk';
const PREVIEW = 'POST /api/projects/3/cases/bulk/preview';

function withListHeight(height = 440) {
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(height);
}

const bar = () => screen.getByRole('region', { name: 'Bulk actions' });
const bulkBodies = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/projects/3/cases/bulk').map((c) => c.body);

describe('bulk actions on Search Test Cases', () => {
  it('ticks a Shift-click range, sets their priority, says what the server did and clears the ticks', async () => {
    withListHeight();
    const user = userEvent.setup();
    let searches = 0;
    const api = signedIn(EDITOR, {
      ...shell,
      [`GET ${SEARCH}?limit=50&offset=0`]: () => {
        searches += 1;
        return page([hit(1), hit(2), hit(3), hit(4), hit(5)]);
      },
      [BULK]: { body: { message: 'Set the priority of 3 cases to high', affected: 3 } },
    });
    renderApp('/projects/3/search');
    expect(await screen.findByText('5 cases match')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select Case 2' }));
    expect(within(bar()).getByText('1 selected')).toBeTruthy();
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select Case 4' }));
    await user.keyboard('{/Shift}');
    expect(within(bar()).getByText('3 selected')).toBeTruthy();
    const ticked = screen
      .getAllByRole('checkbox')
      .filter((box) => (box as HTMLInputElement).checked)
      .map((box) => box.getAttribute('aria-label'));
    expect(ticked).toEqual(['Select Case 2', 'Select Case 3', 'Select Case 4']);

    await user.click(within(bar()).getByRole('button', { name: 'Set priority…' }));
    const dialog = screen.getByRole('dialog', { name: 'Set the priority of 3 cases' });
    // Confirming with nothing chosen says what is missing.
    await user.click(within(dialog).getByRole('button', { name: 'Set priority' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose a priority.');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Priority' }), 'high');
    await user.click(within(dialog).getByRole('button', { name: 'Set priority' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bulkBodies(api.calls)).toEqual([
      { selection: { ids: [2, 3, 4] }, action: 'set_priority', priority: 'high' },
    ]);
    const status = screen.getByText('Set the priority of 3 cases to high');
    expect(status.getAttribute('role')).toBe('status');
    expect(document.activeElement).toBe(status);
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    expect(screen.getAllByRole('checkbox').every((box) => !(box as HTMLInputElement).checked)).toBe(true);
    // The results were asked again.
    await waitFor(() => expect(searches).toBe(2));
  });

  it('selects all N matching less those unticked, and deletes them after saying what goes', async () => {
    withListHeight();
    const user = userEvent.setup();
    const many = Array.from({ length: 50 }, (_, i) => hit(i + 1));
    const api = signedIn(EDITOR, {
      ...shell,
      [`GET ${SEARCH}?q=tag%3Aold&limit=50&offset=0`]: page(many, 120),
      [PREVIEW]: { body: { cases: 119, descendants: 4, runs: 31 } },
      [BULK]: { body: { message: 'Deleted 119 cases and 4 child cases with 31 runs', affected: 123 } },
    });
    renderApp('/projects/3/search?q=tag%3Aold');
    expect(await screen.findByText('120 cases match')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Select all 120 matching' }));
    expect(within(bar()).getByText('120 selected')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Select all 120 matching' })).toBeNull();
    // The used button went: focus moved on to the bar it filled, not to the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(bar()).getByRole('button', { name: 'Clear selection' })),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select Case 7' }));
    expect(within(bar()).getByText('119 selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Select all 120 matching' })).toBeTruthy();

    await user.click(within(bar()).getByRole('button', { name: 'Delete…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 119 cases' });
    expect(
      await within(dialog).findByText(
        'Delete 119 cases with 4 child cases and 31 runs? This cannot be undone.',
      ),
    ).toBeTruthy();
    expect(api.calls.find((c) => c.path.endsWith('/bulk/preview'))?.body).toEqual({
      selection: { q: 'tag:old', except: [7] },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted 119 cases and 4 child cases with 31 runs')).toBeTruthy();
    expect(bulkBodies(api.calls)).toEqual([{ selection: { q: 'tag:old', except: [7] }, action: 'delete' }]);
  });

  it('shows what the server refused in the dialog, which stays open; Cancel closes it', async () => {
    withListHeight();
    const user = userEvent.setup();
    const api = signedIn(EDITOR, {
      ...shell,
      [`GET ${SEARCH}?limit=50&offset=0`]: page([hit(1), hit(2)]),
      [BULK]: {
        status: 400,
        body: {
          message: 'add_tags: A tag has no commas',
          details: [{ field: 'add_tags.0', message: 'add_tags: A tag has no commas' }],
        },
      },
    });
    renderApp('/projects/3/search');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Case 1' }));
    await user.click(within(bar()).getByRole('button', { name: 'Tags…' }));
    const dialog = screen.getByRole('dialog', { name: 'Tags of 1 case' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Add tags' }), 'Smoke, nightly');
    await user.type(within(dialog).getByRole('textbox', { name: 'Remove tags' }), 'flaky');
    await user.click(within(dialog).getByRole('button', { name: 'Change tags' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('add_tags: A tag has no commas');
    expect(bulkBodies(api.calls)).toEqual([
      {
        selection: { ids: [1] },
        action: 'tags',
        add_tags: ['smoke', 'nightly'],
        remove_tags: ['flaky'],
      },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // The selection stays for another try.
    expect(within(bar()).getByText('1 selected')).toBeTruthy();
  });

  it('links the selected cases to a requirement found by its key', { timeout: 20_000 }, async () => {
    withListHeight();
    const user = userEvent.setup();
    const linker = [...EDITOR, 'edit_requirement'];
    const api = signedIn(linker, {
      ...shell,
      'GET /api/projects/detail/3': { body: { ...project, my_permissions: linker } },
      [`GET ${SEARCH}?limit=50&offset=0`]: page([hit(1), hit(2)]),
      'GET /api/projects/3/requirements?q=pay&limit=10': {
        body: { items: [requirementOf(4, { key: 'PAY-1', title: 'Pay by card' })], total: 1 },
      },
      [BULK]: { body: { message: 'Linked 2 test cases to PAY-1', affected: 2 } },
    });
    renderApp('/projects/3/search');
    expect(await screen.findByText('2 cases match')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Select Case 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Case 2' }));
    await user.click(within(bar()).getByRole('button', { name: 'Link to requirement…' }));
    const dialog = screen.getByRole('dialog', { name: 'Link 2 cases to a requirement' });
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose a requirement.');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Find a requirement' }), 'pay');
    await user.click(await within(dialog).findByRole('radio', { name: 'PAY-1 Pay by card' }));
    expect(within(dialog).getByText(/Links them to PAY-1/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bulkBodies(api.calls)).toEqual([
      { selection: { ids: [1, 2] }, action: 'link_requirement', requirement_id: 4 },
    ]);
    expect(screen.getByText('Linked 2 test cases to PAY-1')).toBeTruthy();
  });

  it('offers only the actions the person may run, and no checkboxes without any', async () => {
    withListHeight();
    const viewer = ['home_project', 'home_test_case'];
    signedIn(viewer, {
      ...shell,
      'GET /api/projects/detail/3': { body: { ...project, my_permissions: viewer } },
      [`GET ${SEARCH}?limit=50&offset=0`]: page([hit(1)]),
    });
    renderApp('/projects/3/search');
    expect(await screen.findByText('1 case matches')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Select all/ })).toBeNull();
  });
});

const testCase = (id: number, patch: Partial<TestCase> = {}): TestCase =>
  testCaseOf(id, { name: `Loose ${id}`, ...patch });

describe("bulk actions on a project's case list", () => {
  it("'Select all' ticks the list; Move puts them under a case found by searching", async () => {
    const user = userEvent.setup();
    const api = signedIn(EDITOR, {
      ...shell,
      // The page shows the window of cases outside suites; 'Select all' reads the whole list.
      'GET /api/projects/3/cases?offset=0&limit=25&outside_suites=true': {
        body: { items: [testCase(11), testCase(12), testCase(13)], total: 3 },
      },
      'GET /api/test-cases/project/3': {
        body: [testCase(11), testCase(12), testCase(13), testCase(14, { suite_id: 1 })],
      },
      [PREVIEW]: { body: { cases: 3, descendants: 2, runs: 0 } },
      [`GET ${SEARCH}?q=login&limit=10&offset=0`]: page([
        hit(40, { name: 'Login', ancestors: ['Auth'] }),
        hit(41, { name: 'Login twice' }),
      ]),
      [BULK]: { body: { message: 'Moved 3 cases and 2 child cases under "Login"', affected: 5 } },
    });
    renderApp('/projects/3');
    const all = await screen.findByRole('checkbox', { name: 'Select all 3 cases' });
    await user.click(screen.getByRole('checkbox', { name: 'Select Loose 12' }));
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    await user.click(all);
    expect(within(bar()).getByText('3 selected')).toBeTruthy();
    expect(
      within(bar())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Clear selection', 'Move…', 'Copy…', 'Set priority…', 'Tags…', 'Set field…', 'Delete…']);

    await user.click(within(bar()).getByRole('button', { name: 'Move…' }));
    const dialog = screen.getByRole('dialog', { name: 'Move 3 cases' });
    expect(await within(dialog).findByText('Their 2 child cases go along.')).toBeTruthy();
    const suite = within(dialog).getByRole('combobox', { name: 'Suite' });
    expect(
      within(suite)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['-- Choose --', 'No suite (project)', 'Payments']);
    await user.click(within(dialog).getByRole('radio', { name: 'Under a case' }));
    await user.type(within(dialog).getByRole('searchbox', { name: 'Find the parent case' }), 'login');
    // The search runs after a pause in typing.
    const login = await within(dialog).findByRole(
      'radio',
      { name: 'Payments › Auth › Login' },
      { timeout: 3000 },
    );
    await user.click(login);
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Moved 3 cases and 2 child cases under "Login"')).toBeTruthy();
    expect(bulkBodies(api.calls)).toEqual([
      { selection: { ids: [11, 12, 13] }, action: 'move', parent_id: 40 },
    ]);
  });
});
