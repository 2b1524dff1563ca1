import type { Page } from '@playwright/test';
import type { PermissionName } from '@verdict/contract';
import {
  type Api,
  addMemberWith,
  type CreateUser,
  createCase,
  createProject,
  createSuite,
  expect,
  signIn,
  type TestUser,
  TREE_USER,
  test,
  unique,
} from '../fixtures';
import { clickArrow, expandedNodes, node, tree } from '../page-helpers';

/** docs/product/shell-and-navigation.md, "The project tree". */

/** P: suite S (case A with child A1, case B), a top-level case T in no suite, an empty suite E. */
async function makeProject(user: TestUser) {
  const api = await user.api();
  const project = await createProject(api, unique('Tree P'));
  const suite = await createSuite(api, project.id, unique('Suite S'));
  const empty = await createSuite(api, project.id, unique('Suite E'));
  const a = await createCase(api, { suite: suite.id }, unique('Case A'));
  const a1 = await createCase(api, { parent: a.id }, unique('Case A1'));
  const b = await createCase(api, { suite: suite.id }, unique('Case B'));
  const t = await createCase(api, { project: project.id }, unique('Case T'));
  const paths = {
    project: `project-${project.id}`,
    suite: `project-${project.id}/suite-${suite.id}`,
    a: `project-${project.id}/suite-${suite.id}/case-${a.id}`,
  };
  return { project, suite, empty, a, a1, b, t, paths };
}

/**
 * makeProject's project, made by a tree user, and a viewer holding home_project and `seen` who is a
 * member of it through a project role that grants nothing.
 */
async function projectAndViewer(adminApi: Api, createUser: CreateUser, seen: PermissionName, prefix: string) {
  const owner = await createUser({ permissions: TREE_USER, prefix: 'tree' });
  const data = await makeProject(owner);
  const viewer = await createUser({ permissions: ['home_project', seen], prefix });
  await addMemberWith(adminApi, data.project.id, viewer.id, []);
  return { data, viewer };
}

/** The tree's lists: a project's suites, and windows of the case lists. */
const TREE_LISTS =
  /^\/api\/((testsuites|test-suites)\/project\/|(suites|projects)\/\d+\/cases$|test-cases\/\d+\/children$)/;

/** Counts the API calls whose path matches, from now on. */
function countCalls(page: Page, pattern: RegExp) {
  const seen: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (pattern.test(path)) seen.push(path);
  });
  return seen;
}

function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test.describe('project tree', () => {
  test('expands lazily, collapses its descendants and restores expanded nodes after a reload', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ permissions: TREE_USER, prefix: 'tree' });
    const { project, suite, empty, a, a1, b, t, paths } = await makeProject(user);
    const calls = countCalls(page, TREE_LISTS);
    await signIn(page, user);

    const p = node(page, project.name);
    await expect(p).toBeVisible();
    await expect(p).toHaveAttribute('aria-expanded', 'false');
    await expect(p.locator('[data-icon="project"]')).toBeVisible();
    // Nothing below a project is asked for before it is opened.
    expect(calls).toEqual([]);

    // A project shows its suites, then its top-level cases that are in no suite.
    await clickArrow(page, project.name);
    await expect(p).toHaveAttribute('aria-expanded', 'true');
    await expect(node(page, suite.name)).toBeVisible();
    await expect(node(page, empty.name)).toBeVisible();
    await expect(node(page, t.name)).toBeVisible();
    await expect(node(page, a.name)).toHaveCount(0);
    const order = await tree(page).getByRole('treeitem').allTextContents();
    expect(order).toEqual([project.name, suite.name, empty.name, t.name]);
    expect(calls.sort()).toEqual([
      `/api/projects/${project.id}/cases`,
      `/api/testsuites/project/${project.id}`,
    ]);

    // A suite shows its top-level cases; a case without children has a document icon and no arrow.
    await clickArrow(page, suite.name);
    await expect(node(page, a.name)).toBeVisible();
    await expect(node(page, b.name)).toBeVisible();
    await expect(node(page, a1.name)).toHaveCount(0);
    await expect(node(page, b.name).locator('[data-icon="document"]')).toBeVisible();
    await expect(node(page, b.name)).not.toHaveAttribute('aria-expanded', /.*/);
    await expect(node(page, b.name).getByTestId('tree-arrow')).toHaveCount(0);
    await expect(node(page, t.name).locator('[data-icon="document"]')).toBeVisible();
    await expect(node(page, a.name).locator('[data-icon="document"]')).toHaveCount(0);

    // A case shows its child cases.
    await clickArrow(page, a.name);
    await expect(node(page, a1.name)).toBeVisible();
    await expect(node(page, a1.name)).toHaveAttribute('aria-level', '4');

    // An expanded node without children says so.
    await clickArrow(page, empty.name);
    await expect(tree(page).getByText('No items')).toBeVisible();

    await expect
      .poll(() => expandedNodes(page))
      .toEqual({
        [paths.project]: true,
        [paths.suite]: true,
        [paths.a]: true,
        [`project-${project.id}/suite-${empty.id}`]: true,
      });

    // A reload restores the expanded nodes, loading their children again.
    await page.reload();
    await expect(node(page, a1.name)).toBeVisible();
    await expect(tree(page).getByText('No items')).toBeVisible();
    await expect(node(page, suite.name)).toHaveAttribute('aria-expanded', 'true');

    // Collapsing the project hides everything below it and forgets its descendants' state.
    await clickArrow(page, project.name);
    await expect(p).toHaveAttribute('aria-expanded', 'false');
    await expect(node(page, suite.name)).toHaveCount(0);
    await expect(node(page, a1.name)).toHaveCount(0);
    await expect.poll(() => expandedNodes(page)).toEqual({ [paths.project]: false });

    // Opened again, its children come back folded.
    await clickArrow(page, project.name);
    await expect(node(page, suite.name)).toHaveAttribute('aria-expanded', 'false');
    await expect(node(page, a.name)).toHaveCount(0);
  });

  test('children load once: collapsing and expanding again asks nothing more', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ permissions: TREE_USER, prefix: 'tree' });
    const { project, suite, a } = await makeProject(user);
    await signIn(page, user);
    const calls = countCalls(page, TREE_LISTS);

    await clickArrow(page, project.name);
    await clickArrow(page, suite.name);
    await expect(node(page, a.name)).toBeVisible();
    expect(calls).toHaveLength(3);

    await clickArrow(page, suite.name);
    await expect(node(page, a.name)).toHaveCount(0);
    await clickArrow(page, project.name);
    await clickArrow(page, project.name);
    await clickArrow(page, suite.name);
    await expect(node(page, a.name)).toBeVisible();
    expect(calls).toHaveLength(3);
  });

  test("shows 'Loading…' while a node's children load", async ({ page, createUser }) => {
    const user = await createUser({ permissions: TREE_USER, prefix: 'tree' });
    const { project, suite, a } = await makeProject(user);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/api/suites/${suite.id}/cases*`, async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page, user);
    await clickArrow(page, project.name);
    await clickArrow(page, suite.name);
    await expect(tree(page).getByText('Loading…')).toBeVisible();
    await expect(tree(page)).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(node(page, a.name)).toBeVisible();
    await expect(tree(page).getByText('Loading…')).toHaveCount(0);
  });

  test('clicking a label opens the project, suite or case', async ({ page, createUser }) => {
    const user = await createUser({ permissions: TREE_USER, prefix: 'tree' });
    const { project, suite, a } = await makeProject(user);
    await signIn(page, user);
    await clickArrow(page, project.name);
    await clickArrow(page, suite.name);

    await node(page, project.name).getByRole('link', { name: project.name }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));
    await expect(node(page, project.name)).toHaveAttribute('aria-selected', 'true');
    await node(page, suite.name).getByRole('link', { name: suite.name }).click();
    await expect(page).toHaveURL(new RegExp(`/suites/${suite.id}$`));
    await node(page, a.name).getByRole('link', { name: a.name }).click();
    await expect(page).toHaveURL(new RegExp(`/cases/${a.id}$`));
    await expect(node(page, a.name)).toHaveAttribute('aria-selected', 'true');
    // Opening a page does not fold or unfold anything.
    await expect(node(page, project.name)).toHaveAttribute('aria-expanded', 'true');
  });

  test('without home_test_suit a project shows all its top-level cases and no suites are asked for', async ({
    page,
    adminApi,
    createUser,
  }) => {
    const { data, viewer } = await projectAndViewer(adminApi, createUser, 'home_test_case', 'nosuites');
    const suiteCalls = countCalls(page, /^\/api\/(testsuites|test-suites)\/project\//);
    await signIn(page, viewer);
    await clickArrow(page, data.project.name);
    await expect(node(page, data.a.name)).toBeVisible();
    await expect(node(page, data.b.name)).toBeVisible();
    await expect(node(page, data.t.name)).toBeVisible();
    await expect(node(page, data.suite.name)).toHaveCount(0);
    await expect(tree(page).locator('[data-type="suite"]')).toHaveCount(0);
    // Child cases stay below their parent.
    await expect(node(page, data.a1.name)).toHaveCount(0);
    await clickArrow(page, data.a.name);
    await expect(node(page, data.a1.name)).toBeVisible();
    expect(suiteCalls).toEqual([]);
  });

  test('without home_test_case only suites show, they cannot open, and no cases are asked for', async ({
    page,
    adminApi,
    createUser,
  }) => {
    const { data, viewer } = await projectAndViewer(adminApi, createUser, 'home_test_suit', 'nocases');
    const caseCalls = countCalls(page, /^\/api\/(test-cases\/|(suites|projects)\/\d+\/cases$)/);
    await signIn(page, viewer);
    await clickArrow(page, data.project.name);
    await expect(node(page, data.suite.name)).toBeVisible();
    await expect(node(page, data.empty.name)).toBeVisible();
    await expect(node(page, data.t.name)).toHaveCount(0);
    await expect(node(page, data.suite.name).getByTestId('tree-arrow')).toHaveCount(0);
    await expect(node(page, data.suite.name)).not.toHaveAttribute('aria-expanded', /.*/);
    expect(caseCalls).toEqual([]);
  });

  test('a failing suite list is retried at /api/test-suites/…', async ({ page, createUser }) => {
    const user = await createUser({ permissions: TREE_USER, prefix: 'tree' });
    const { project, suite, t } = await makeProject(user);
    await page.route(`**/api/testsuites/project/${project.id}`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    const fallback = countCalls(page, /^\/api\/test-suites\/project\//);
    await signIn(page, user);
    await clickArrow(page, project.name);
    await expect(node(page, suite.name)).toBeVisible();
    await expect(node(page, t.name)).toBeVisible();
    expect(fallback).toEqual([`/api/test-suites/project/${project.id}`]);
  });

  test('when both suite lists fail the project shows all its top-level cases; failures are only logged', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ permissions: TREE_USER, prefix: 'tree' });
    const { project, suite, a, t } = await makeProject(user);
    const errors = consoleErrors(page);
    await page.route(/\/api\/(testsuites|test-suites)\/project\/\d+$/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await signIn(page, user);
    await clickArrow(page, project.name);
    await expect(node(page, a.name)).toBeVisible();
    await expect(node(page, t.name)).toBeVisible();
    await expect(node(page, suite.name)).toHaveCount(0);
    expect(errors.some((text) => text.includes(`Failed to load the suites of project ${project.id}`))).toBe(
      true,
    );
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test("a failing children list is logged and said, with Retry, never 'No items'", async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ permissions: TREE_USER, prefix: 'tree' });
    const { project, suite } = await makeProject(user);
    const errors = consoleErrors(page);
    await page.route(`**/api/suites/${suite.id}/cases*`, (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not found"}' }),
    );
    await signIn(page, user);
    await clickArrow(page, project.name);
    await clickArrow(page, suite.name);
    // docs/product/errors-and-keyboard.md, "A failed load is never empty data"
    await expect(tree(page).getByText('⚠️ Could not load')).toBeVisible();
    await expect(tree(page).getByText('No items')).toHaveCount(0);
    expect(errors.some((text) => text.includes(`Failed to load the cases of suite ${suite.id}`))).toBe(true);
    await expect(page.getByRole('alert')).toHaveText(/A list could not be loaded/);
  });

  test("a failing project list is logged and said, with Retry, never 'No projects'", async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ permissions: TREE_USER, prefix: 'tree' });
    await makeProject(user);
    const errors = consoleErrors(page);
    await page.route('**/api/projects/list', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not found"}' }),
    );
    await signIn(page, user);
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await expect(sidebar.getByRole('alert')).toHaveText(/Could not load the projects\./);
    await expect(sidebar.getByText('No projects')).toHaveCount(0);
    expect(errors.some((text) => text.includes('Failed to load the project list'))).toBe(true);
  });
});

test.describe('project tree with the keyboard', () => {
  test('arrows, Home, End and Enter move, open, close and follow nodes; one tab stop', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ permissions: TREE_USER, prefix: 'keys' });
    const first = await makeProject(user);
    const api = await user.api();
    const second = await createProject(api, unique('Tree Q'));
    await signIn(page, user);
    const p = node(page, first.project.name);
    const q = node(page, second.name);
    await expect(q).toBeVisible();

    // ARIA: a tree of treeitems with level, position and set size; one of them in the tab order.
    await expect(p).toHaveAttribute('aria-level', '1');
    await expect(p).toHaveAttribute('aria-setsize', '2');
    await expect(p).toHaveAttribute('aria-posinset', '1');
    await expect(q).toHaveAttribute('aria-posinset', '2');
    await expect(tree(page).locator('[role="treeitem"][tabindex="0"]')).toHaveCount(1);

    // Tab reaches the tree's single tab stop, the first node.
    await page.getByRole('link', { name: 'Add Project' }).focus();
    await page.keyboard.press('Tab');
    await expect(p).toBeFocused();

    await page.keyboard.press('ArrowRight'); // opens P
    await expect(p).toHaveAttribute('aria-expanded', 'true');
    await expect(node(page, first.suite.name)).toBeVisible();
    await expect(p).toBeFocused();
    await page.keyboard.press('ArrowRight'); // steps into P: its first child, suite S
    await expect(node(page, first.suite.name)).toBeFocused();
    await expect(node(page, first.suite.name)).toHaveAttribute('tabindex', '0');
    await expect(p).toHaveAttribute('tabindex', '-1');
    await page.keyboard.press('ArrowRight'); // opens S
    await expect(node(page, first.a.name)).toBeVisible();
    await page.keyboard.press('ArrowDown'); // case A
    await expect(node(page, first.a.name)).toBeFocused();
    await page.keyboard.press('ArrowDown'); // case B
    await expect(node(page, first.b.name)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(node(page, first.a.name)).toBeFocused();
    await page.keyboard.press('End');
    await expect(q).toBeFocused();
    await page.keyboard.press('Home');
    await expect(p).toBeFocused();

    // Left on a child goes to its parent; Left on an open node closes it.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(node(page, first.a.name)).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(node(page, first.suite.name)).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(node(page, first.suite.name)).toHaveAttribute('aria-expanded', 'false');
    await expect(node(page, first.a.name)).toHaveCount(0);

    // Enter opens the focused node's page.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/suites/${first.suite.id}$`));
    await page.keyboard.press('ArrowUp');
    await expect(p).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/projects/${first.project.id}$`));
  });
});
