import { expect, type Locator, type Page } from '@playwright/test';
import { signIn, type TestUser } from './fixtures';

/**
 * What the browser tests look for on the screens, and how they stand in for a failing or slow
 * server. Data and signing in come from ./fixtures.
 */

// ---------------------------------------------------------------------------------------------
// Messages

/**
 * A toast whose text is exactly `text` (an error toast's text starts with its warning sign);
 * a RegExp matches part of the text.
 */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.toast-region').getByText(text, { exact: true });
}

/** Asserts a toast shows and is gone again after about 3 seconds (docs/product/limits-and-constants.md). */
export async function expectToastFor3Seconds(page: Page, text: string | RegExp) {
  const shown = toast(page, text);
  await expect(shown).toBeVisible();
  const start = Date.now();
  // Polled every 100 ms so the measured time stays close to the real one.
  await expect.poll(() => shown.count(), { timeout: 6000, intervals: [100] }).toBe(0);
  const elapsed = Date.now() - start;
  expect(elapsed).toBeLessThan(3800);
  expect(elapsed).toBeGreaterThan(1500);
}

/**
 * A line of an error box (role=alert) reading exactly `text`, warning sign included: its message,
 * or the server's reason under it. A RegExp matches part of a line.
 */
export function errorBox(page: Page, text: string | RegExp): Locator {
  return page.getByRole('alert').getByText(text, { exact: true });
}

// ---------------------------------------------------------------------------------------------
// Lists and forms

/** The body rows of the list table (the header row is in thead). */
export function bodyRows(page: Page): Locator {
  return page.locator('table tbody tr');
}

export function rowWith(page: Page, text: string): Locator {
  return bodyRows(page).filter({ has: page.getByRole('cell', { name: text, exact: true }) });
}

export async function columnHeaders(page: Page): Promise<string[]> {
  return (await page.getByRole('columnheader').allTextContents()).map((text) => text.trim());
}

/** The first cell ('#') of every visible body row. */
export async function indexCells(page: Page): Promise<string[]> {
  return (await bodyRows(page).locator('td:first-child').allTextContents()).map((text) => text.trim());
}

/** Picks an option of a searchable select by typing part of its label. */
export async function pick(page: Page, label: string, optionText: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.fill(optionText);
  await page.getByRole('option', { name: optionText }).first().click();
}

/** Picks an option of a searchable multi-select with the keyboard only: type to filter, Enter. */
export async function pickWithKeyboard(page: Page, label: string, text: string): Promise<void> {
  const input = page.getByRole('combobox', { name: label });
  await input.focus();
  await input.pressSequentially(text);
  await expect(page.getByRole('option', { name: new RegExp(escapeRegExp(text)) }).first()).toBeVisible();
  await input.press('Enter');
  // A multi-select stays open after a pick; Escape closes the list (and not the form).
  await input.press('Escape');
  await expect(input).toHaveAttribute('aria-expanded', 'false');
}

/** The chip of a chosen option inside a multi-select. */
export function chip(page: Page, label: string): Locator {
  return page.locator('.chip').filter({ hasText: label });
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Fills Username, Email and Password of a user or sub-user form. */
export async function fillAccount(
  page: Page,
  account: { username: string; email: string; password?: string },
): Promise<void> {
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  if (account.password !== undefined) await page.getByLabel('Password').fill(account.password);
}

/**
 * Submits a form with the `button` while the server holds its `method` request to `path`:
 * checks the busy text on the disabled button, then lets the request through. Answers the body sent.
 */
export async function submitHeld(
  page: Page,
  options: { button: string; busy: string; path: string; method: 'POST' | 'PUT' },
): Promise<any> {
  const release = await hold(page, `**${options.path}`, options.method);
  const sent = page.waitForRequest((r) => r.url().endsWith(options.path) && r.method() === options.method);
  await page.getByRole('button', { name: options.button }).click();
  await expect(page.getByRole('button', { name: options.busy })).toBeDisabled();
  const body = (await sent).postDataJSON();
  release();
  return body;
}

/** submitHeld for a create form: `button` shows 'Creating...' while its POST to `path` is held. */
export function submitCreate(page: Page, button: string, path: string): Promise<any> {
  return submitHeld(page, { button, busy: 'Creating...', path, method: 'POST' });
}

/** Submits a form with the `button` and answers the body of the request it sends to `path`. */
export async function submitAndCapture(page: Page, button: string, path: string): Promise<any> {
  const sent = page.waitForRequest((r) => r.url().endsWith(path));
  await page.getByRole('button', { name: button }).click();
  return (await sent).postDataJSON();
}

// ---------------------------------------------------------------------------------------------
// A slow or failing server

/**
 * Holds every `method` request to `url` until the returned function is called, so a test can
 * see a busy or loading state.
 */
export async function hold(page: Page, url: string | RegExp, method: string): Promise<() => void> {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    await gate;
    return route.fallback();
  });
  return release;
}

/** Answers every `method` request to `url` with `status` and `body`, as a failing server would. */
export async function fail(
  page: Page,
  url: string | RegExp,
  method: string,
  status = 500,
  body: unknown = {},
) {
  await page.route(url, (route) => {
    if (route.request().method() !== method) return route.fallback();
    return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  });
}

/** Counts the `method` requests to `path` from now on (to prove a list was not reloaded). */
export function countRequests(page: Page, path: string, method = 'GET'): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === path) count += 1;
  });
  return () => count;
}

// ---------------------------------------------------------------------------------------------
// The admin lists and their edit screens

/** Opens the confirm dialog from a row's Delete button and checks its texts. */
export async function openDeleteDialog(page: Page, row: Locator, name: string): Promise<Locator> {
  await row.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`Do you really want to delete ${name}?`, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Yes, Delete' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'No, Cancel' })).toBeVisible();
  return dialog;
}

/** Opens a row's delete dialog and cancels it with 'No, Cancel': the row stays. */
export async function cancelDelete(page: Page, row: Locator, name: string): Promise<void> {
  const dialog = await openDeleteDialog(page, row, name);
  await dialog.getByRole('button', { name: 'No, Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();
}

/**
 * Confirms a row's delete: the `success` toast shows and the row goes at once, without the list
 * (GET `listPath`) being loaded again.
 */
export async function confirmDelete(
  page: Page,
  row: Locator,
  name: string,
  success: string,
  listPath: string,
): Promise<void> {
  const listLoads = countRequests(page, listPath);
  const dialog = await openDeleteDialog(page, row, name);
  await dialog.getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(toast(page, success)).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(listLoads()).toBe(0);
}

/** Confirms a row's delete that the server refuses: the failure toast shows and the row stays. */
export async function refusedDelete(page: Page, row: Locator, name: string, failure: string): Promise<void> {
  const dialog = await openDeleteDialog(page, row, name);
  await dialog.getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(toast(page, failure)).toBeVisible();
  await expect(row).toBeVisible();
}

/**
 * A list whose GET `listUrl` fails (500 with `body`) shows the list's error text
 * (docs/product/admin-screens.md) on the screen at `path`, whatever the server said.
 */
export async function expectListLoadFailure(
  page: Page,
  listUrl: string,
  path: string,
  text: string,
  body: unknown = {},
) {
  await signIn(page);
  await fail(page, listUrl, 'GET', 500, body);
  await page.goto(path);
  await expect(errorBox(page, text)).toBeVisible({ timeout: 15_000 });
}

/**
 * Opens a list row's Edit while the server holds the record (GET `recordUrl`): the edit screen
 * at `editPath` shows `loadingText` first, then the form.
 */
export async function openEditWhileLoading(
  page: Page,
  options: { row: Locator; recordUrl: string; editPath: string; loadingText: string },
): Promise<void> {
  const release = await hold(page, options.recordUrl, 'GET');
  await options.row.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(options.editPath)}$`));
  await expect(page.getByText(options.loadingText, { exact: true })).toBeVisible();
  release();
}

/** Where the user and sub-user screens are, for the helpers shared by their specs. */
export interface AccountScreens {
  list: string;
  search: string;
  /** The edit path without the id. */
  edit: string;
  editHeading: string;
  updateButton: string;
  /** The heading an edit address with an unknown id shows (docs/product/errors-and-keyboard.md). */
  notFound: string;
  /** Error texts of the edit screen (docs/product/admin-screens.md, "The forms"). */
  updateFailure: string;
}

export const USER_SCREENS: AccountScreens = {
  list: '/admin',
  search: 'Search users...',
  edit: '/admin-edit-user',
  editHeading: 'Edit User',
  updateButton: 'Update User',
  notFound: 'User not found',
  updateFailure: '⚠️ Failed to update user.',
};

export const SUB_USER_SCREENS: AccountScreens = {
  list: '/sub-user-list',
  search: 'Search sub-users...',
  edit: '/admin-edit-subuser',
  editHeading: 'Edit Sub-User',
  updateButton: 'Update Sub-User',
  notFound: 'Sub-user not found',
  updateFailure: '⚠️ Failed to update sub-user.',
};

/** Opens the list and searches it for `name`: answers the row. */
export async function searchList(page: Page, screens: AccountScreens, name: string): Promise<Locator> {
  await page.goto(screens.list);
  await page.getByPlaceholder(screens.search).fill(name);
  return rowWith(page, name);
}

/**
 * Opens `target`'s edit screen from its list (found by searching) while the record is held, so
 * 'Loading user data...' shows first; then checks the loaded Username and Email.
 */
export async function openAccountEdit(page: Page, screens: AccountScreens, target: TestUser): Promise<void> {
  const { id, username } = target;
  await openEditWhileLoading(page, {
    row: await searchList(page, screens, username),
    recordUrl: `**/api/users/${id}`,
    editPath: `${screens.edit}/${id}`,
    loadingText: 'Loading user data...',
  });
  await expect(page.getByRole('heading', { name: screens.editHeading })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(username);
  await expect(page.getByLabel('Email')).toHaveValue(target.email);
}

/**
 * The edit screen's failures: a missing record, then an update the server refuses (`target`
 * taking `other`'s email), with the screen's fixed sentence followed by the server's reason.
 */
export async function expectEditFailures(
  page: Page,
  screens: AccountScreens,
  target: TestUser,
  other: TestUser,
): Promise<void> {
  await page.goto(`${screens.edit}/2147483000`);
  await expect(page.getByRole('heading', { name: screens.notFound })).toBeVisible();

  await page.goto(`${screens.edit}/${target.id}`);
  await page.getByLabel('Email').fill(other.email);
  await page.getByRole('button', { name: screens.updateButton }).click();
  await expect(errorBox(page, screens.updateFailure)).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('A user with this email already exists');
  await expect(page).toHaveURL(new RegExp(`${screens.edit}/${target.id}$`));
}

// ---------------------------------------------------------------------------------------------
// The sidebar's project tree

/** The sidebar's project tree. */
export const tree = (page: Page) => page.getByRole('tree', { name: 'Projects' });

/** A node of the tree by its exact name. */
export const node = (page: Page, name: string) => tree(page).getByRole('treeitem', { name, exact: true });

/** Opens or closes a node with its arrow, as a mouse user does. */
export async function clickArrow(page: Page, name: string) {
  await node(page, name).getByTestId('tree-arrow').click();
}

export async function expandedNodes(page: Page): Promise<Record<string, boolean>> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('expandedNodes') ?? '{}'));
}

/** Requests in flight per page, the live event stream (GET /api/events, never ending) aside. */
const inFlight = new WeakMap<Page, Set<unknown>>();

function trackRequests(page: Page): Set<unknown> {
  let pending = inFlight.get(page);
  if (pending) return pending;
  const open = new Set<unknown>();
  pending = open;
  inFlight.set(page, open);
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/events')) open.add(request);
  });
  const done = (request: unknown) => open.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return open;
}

/**
 * Waits until no request has been in flight for 500 ms, as `waitForLoadState('networkidle')`
 * does, except for the live event stream, which stays open while signed in (app/live-updates.ts).
 * Counts the requests started since its first call on the page.
 */
export async function waitForQuiet(page: Page, timeout = 20_000): Promise<void> {
  const pending = trackRequests(page);
  const deadline = Date.now() + timeout;
  let quietSince = Date.now();
  while (Date.now() - quietSince < 500) {
    if (Date.now() > deadline) throw new Error(`requests still in flight after ${timeout} ms`);
    await page.waitForTimeout(100);
    if (pending.size > 0) quietSince = Date.now();
  }
}

/** The project page's tool menus: each a button that shows a short list of links and buttons. */
export type ProjectMenu = 'Insights' | 'Import / Export' | 'Settings';

/** Opens one of the project page's tool menus (docs/product/projects.md, "Project Details"), if closed. */
export async function openProjectMenu(page: Page, name: ProjectMenu): Promise<void> {
  const toggle = page.getByRole('button', { name, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}
