import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cycle, CycleRenames, RenamePair } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { type MockHandlers, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { caseDetailOf, cycleOf, projectDetail } from '@/test/world';

const READER = ['home_project', 'home_test_suit', 'home_test_case', 'home_test_cycle'];
const MERGER = [...READER, 'delete_test_case'];

const ADDS: RenamePair = {
  from: { id: 41, name: 'adds two numbers' },
  to: { id: 52, name: 'adds 2 numbers' },
};
const SUBTRACTS: RenamePair = {
  from: { id: 42, name: 'subtracts numbers' },
  to: { id: 53, name: 'subtracts two numbers' },
};

const imported = cycleOf({ source: 'import', branch: 'main', name: 'main #12' });

function handlers(permissions: string[], cycle: Cycle, extra: MockHandlers = {}): MockHandlers {
  return {
    'GET /api/projects/detail/3': { body: projectDetail(permissions) },
    'GET /api/projects/list': { body: [] },
    'GET /api/testsuites/project/3': { body: [] },
    'GET /api/cycles/5': { body: cycle },
    'GET /api/cycles/5/defects': { body: { defects: [] } },
    'GET /api/cycles/5/items?limit=200&offset=0': { body: { items: [], total: 0 } },
    'GET /api/cycles/5/renames': { body: { items: [ADDS, SUBTRACTS] } },
    ...extra,
  };
}

const notice = () => screen.findByRole('region', { name: 'Looks renamed: keep the history?' });

describe('the renamed tests of an import cycle', () => {
  it('lists each pair with links to both cases', async () => {
    signedIn(MERGER, handlers(MERGER, imported));
    renderApp('/cycles/5');
    const region = await notice();
    const rows = within(region).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.cycle-rename-names')?.textContent)).toEqual([
      '“adds two numbers” → “adds 2 numbers”',
      '“subtracts numbers” → “subtracts two numbers”',
    ]);
    const first = rows[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'adds two numbers' }).getAttribute('href')).toBe(
      '/cases/41',
    );
    expect(within(first).getByRole('link', { name: 'adds 2 numbers' }).getAttribute('href')).toBe(
      '/cases/52',
    );
    expect(within(first).getByRole('img', { name: 'renamed to' })).toBeTruthy();
    expect(
      within(first).getByRole('button', { name: 'Keep the history of adds two numbers in adds 2 numbers' }),
    ).toBeTruthy();
  });

  it('asks for no renames on a cycle that is not an import', async () => {
    const api = signedIn(MERGER, handlers(MERGER, cycleOf()));
    renderApp('/cycles/5');
    await screen.findByRole('heading', { name: 'Items' });
    // The items are asked for in the same render as the renames would be.
    await waitFor(() =>
      expect(api.calls.some((call) => call.path.startsWith('/api/cycles/5/items'))).toBe(true),
    );
    expect(screen.queryByRole('region', { name: 'Looks renamed: keep the history?' })).toBeNull();
    expect(api.calls.some((call) => call.path.endsWith('/renames'))).toBe(false);
  });

  it('shows no notice when nothing looks renamed', async () => {
    const api = signedIn(
      MERGER,
      handlers(MERGER, imported, { 'GET /api/cycles/5/renames': { body: { items: [] } } }),
    );
    renderApp('/cycles/5');
    await screen.findByRole('heading', { name: 'Items' });
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/cycles/5/renames')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Looks renamed: keep the history?' })).toBeNull();
  });

  it('hides Keep the history without delete_test_case', async () => {
    signedIn(READER, handlers(READER, imported));
    renderApp('/cycles/5');
    const region = await notice();
    expect(within(region).getByRole('link', { name: 'adds two numbers' })).toBeTruthy();
    expect(within(region).queryByRole('button')).toBeNull();
  });

  it('merges after confirmation: the pair leaves, a toast says so and the cycle reloads', async () => {
    const user = userEvent.setup();
    let renames: CycleRenames = { items: [ADDS, SUBTRACTS] };
    const api = signedIn(
      MERGER,
      handlers(MERGER, imported, {
        'GET /api/cycles/5/renames': () => ({ body: renames }),
        'POST /api/test-cases/52/merge': () => {
          renames = { items: [SUBTRACTS] };
          return {
            body: { message: 'Test cases merged', testCase: caseDetailOf(52, { name: 'adds 2 numbers' }) },
          };
        },
      }),
    );
    renderApp('/cycles/5');
    const region = await notice();
    const keep = within(region).getByRole('button', {
      name: 'Keep the history of adds two numbers in adds 2 numbers',
    });

    await user.click(keep);
    let dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Merge “adds two numbers” into “adds 2 numbers”? Its runs, results and history move to “adds 2 numbers” and “adds two numbers” is deleted.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'No, Cancel' }));
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(keep);
    dialog = await screen.findByRole('dialog');
    const cycleReads = api.calls.filter((call) => call.path === '/api/cycles/5').length;
    const itemReads = api.calls.filter((call) => call.path.startsWith('/api/cycles/5/items')).length;
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Merge' }));

    expect(await screen.findByText('Test cases merged')).toBeTruthy();
    const merge = api.calls.find((call) => call.method === 'POST');
    expect(merge).toMatchObject({ path: '/api/test-cases/52/merge', body: { from_case_id: 41 } });
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(1));
    expect(within(region).queryByRole('link', { name: 'adds two numbers' })).toBeNull();
    expect(within(region).getByRole('link', { name: 'subtracts numbers' })).toBeTruthy();
    await waitFor(() => {
      expect(api.calls.filter((call) => call.path === '/api/cycles/5').length).toBeGreaterThan(cycleReads);
      expect(api.calls.filter((call) => call.path.startsWith('/api/cycles/5/items')).length).toBeGreaterThan(
        itemReads,
      );
    });
    // The pair's button is gone: focus goes to the page's heading, not to the page.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'main #12' }));
  });

  it('shows the server’s reason beside the pair when the merge is refused', async () => {
    const user = userEvent.setup();
    signedIn(
      MERGER,
      handlers(MERGER, imported, {
        'POST /api/test-cases/52/merge': {
          status: 409,
          body: { message: 'A test case with child cases cannot be merged', code: 'merge_has_children' },
        },
      }),
    );
    renderApp('/cycles/5');
    const region = await notice();
    await user.click(
      within(region).getByRole('button', { name: 'Keep the history of adds two numbers in adds 2 numbers' }),
    );
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, Merge' }));
    const row = within(region).getAllByRole('listitem')[0] as HTMLElement;
    const alert = await within(row).findByRole('alert');
    expect(alert.textContent).toContain('Failed to keep the history');
    expect(alert.textContent).toContain('A test case with child cases cannot be merged');
    expect(within(region).getAllByRole('listitem')).toHaveLength(2);
  });
});
