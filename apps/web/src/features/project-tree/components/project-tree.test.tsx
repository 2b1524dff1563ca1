import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type CaseWindow, STORAGE_KEYS, type TestCase } from '@verdict/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { testCaseOf } from '@/test/world';
import { ProjectTree } from './project-tree';

/**
 * A long list in the tree shows its first window and 'Show more', which the keyboard reaches and
 * which loads the next window (docs/product/shell-and-navigation.md, "Long lists").
 */

const TOTAL = 450;
const testCase = (id: number): TestCase => testCaseOf(id, { suite_id: 5 });
const window = (offset: number, limit: number): { body: CaseWindow } => ({
  body: {
    items: Array.from({ length: Math.min(limit, TOTAL - offset) }, (_, i) => testCase(1000 + offset + i)),
    total: TOTAL,
  },
});

function openTree() {
  localStorage.setItem(
    STORAGE_KEYS.expandedNodes,
    JSON.stringify({ 'project-3': true, 'project-3/suite-5': true }),
  );
  const api = signedIn(['home_project', 'home_test_suit', 'home_test_case'], {
    'GET /api/projects/list': { body: [{ id: 3, name: 'Checkout', description: '', created_by: 7 }] },
    'GET /api/testsuites/project/3': { body: [{ id: 5, name: 'Big suite', description: '', project_id: 3 }] },
    'GET /api/projects/3/cases?offset=0&limit=200&outside_suites=true': {
      body: { items: [{ ...testCase(90), suite_id: null, name: 'Loose' }], total: 1 },
    },
    'GET /api/suites/5/cases?offset=0&limit=200': window(0, 200),
    'GET /api/suites/5/cases?offset=200&limit=200': window(200, 200),
    'GET /api/suites/5/cases?offset=400&limit=200': window(400, 200),
  });
  renderWithProviders(<ProjectTree />);
  return api;
}

const caseCalls = (api: ReturnType<typeof openTree>) =>
  api.calls.map((call) => call.path).filter((path) => /cases/.test(path));

/** The tree is virtualized and jsdom lays nothing out: its scroll box is given a height of 10 rows. */
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
// jsdom has no CSS.escape, which the tree uses to find the row to focus (paths need none).
if (!globalThis.CSS?.escape) {
  Object.assign(globalThis, { CSS: { ...globalThis.CSS, escape: (value: string) => value } });
}
beforeEach(() => {
  localStorage.clear();
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('tree-scroll') ? 320 : 0;
    },
  });
});
afterEach(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});

/** The lists have loaded and the tree shows its rows. */
async function loaded(tree: HTMLElement) {
  await waitFor(() => {
    expect(tree.getAttribute('aria-busy')).toBeNull();
    expect(tree.querySelector('[data-path="project-3/suite-5/case-1000"]')).not.toBeNull();
  });
}

describe('the project tree with a long list', () => {
  it('asks for the first window of each case list, never a whole list', async () => {
    const api = openTree();
    const tree = await screen.findByRole('tree', { name: 'Projects' });
    await loaded(tree);
    expect(caseCalls(api).sort()).toEqual([
      '/api/projects/3/cases?offset=0&limit=200&outside_suites=true',
      '/api/suites/5/cases?offset=0&limit=200',
    ]);
  });

  it("'Show more' is reached with the keyboard, says how many are shown and loads the next window", {
    timeout: 20_000,
  }, async () => {
    const user = userEvent.setup();
    const api = openTree();
    const tree = await screen.findByRole('tree', { name: 'Projects' });
    await loaded(tree);
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Checkout');

    // 'Show more' follows the suite's first 200 cases, before the project's loose case.
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toContain('Loose');
    await user.keyboard('{ArrowUp}');
    const more = document.activeElement as HTMLElement;
    expect(more.getAttribute('role')).toBe('treeitem');
    expect(more.textContent).toBe('Show more (200 of 450 shown)');
    expect(more.getAttribute('aria-level')).toBe('3');
    // Up and Down move on from it like from any node.
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toContain('Case 1199');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Show more (200 of 450 shown)');

    // Enter loads the next window; focus goes to the first case it added.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Case 1200'));
    expect(caseCalls(api)).toContain('/api/suites/5/cases?offset=200&limit=200');

    // Space loads the last window; then no 'Show more' is left.
    await user.keyboard('{End}{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Show more (400 of 450 shown)');
    await user.keyboard(' ');
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Case 1400'));
    await user.keyboard('{End}{ArrowUp}');
    expect(document.activeElement?.textContent).toContain('Case 1449');
    expect(tree.querySelector('[data-type="more"]')).toBeNull();
  });

  it("a click on 'Show more' loads the next window", { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const api = openTree();
    const tree = await screen.findByRole('tree', { name: 'Projects' });
    await loaded(tree);
    await user.tab();
    await user.keyboard('{End}{ArrowUp}');
    await user.click(document.activeElement as HTMLElement);
    await waitFor(() => expect(caseCalls(api)).toContain('/api/suites/5/cases?offset=200&limit=200'));
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Case 1200'));
  });
});
