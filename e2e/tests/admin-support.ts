import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { Permission, PermissionName, Role, User } from '@verdict/contract';
import { Api, signIn, unique } from '../fixtures';

/**
 * Shared set-up for the admin-*.spec.ts files: every helper creates its own data through the
 * real API, with unique names, so the files run in any order and in parallel.
 */

export const PASSWORD = 'e2e-user-password';

export interface TestUser {
  user: User;
  email: string;
  password: string;
}

/** A permission name from a unique() string (permission names are lower-case identifiers). */
export function uniquePermissionName(prefix: string): string {
  return unique(prefix)
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_');
}

export async function permissionIdsOf(api: Api, names: readonly string[]): Promise<number[]> {
  const all = await api.call<Permission[]>('GET', '/api/permissions/list');
  return names.map((name) => {
    const found = all.find((permission) => permission.name === name);
    if (!found) throw new Error(`No permission named ${name}`);
    return found.id;
  });
}

export async function createRole(
  api: Api,
  permissions: readonly PermissionName[] = [],
  name = unique('role'),
) {
  const answer = await api.call<{ role: Role }>('POST', '/api/roles/create', {
    name,
    description: `E2E role ${name}`,
    permissionIds: await permissionIdsOf(api, permissions),
  });
  return answer.role;
}

export async function createUser(
  api: Api,
  options: { name?: string; roleIds?: number[]; maxUserLimit?: number | null } = {},
): Promise<TestUser> {
  const name = options.name ?? unique('user');
  const email = `${name}@example.com`.toLowerCase();
  const answer = await api.call<{ user: User }>('POST', '/api/users/create', {
    username: name,
    email,
    password: PASSWORD,
    roleIds: options.roleIds ?? [],
    ...(options.maxUserLimit === undefined ? {} : { max_user_limit: options.maxUserLimit }),
  });
  return { user: answer.user, email, password: PASSWORD };
}

/** A sub-user in the account of whoever `api` is signed in as. */
export async function createSubUser(
  api: Api,
  options: { name?: string; roleIds?: number[] } = {},
): Promise<TestUser> {
  const name = options.name ?? unique('sub');
  const email = `${name}@example.com`.toLowerCase();
  const answer = await api.call<{ user: User }>('POST', '/api/users/create-subuser', {
    username: name,
    email,
    password: PASSWORD,
    roleIds: options.roleIds ?? [],
  });
  return { user: answer.user, email, password: PASSWORD };
}

export async function createPermission(api: Api, name = uniquePermissionName('perm')) {
  const answer = await api.call<{ permission: Permission }>('POST', '/api/permissions/create', {
    name,
    description: `E2E permission ${name}`,
  });
  return answer.permission;
}

export function signInAs(page: Page, who: TestUser): Promise<void> {
  return signIn(page, who.email, who.password);
}

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

export function toast(page: Page, text: string): Locator {
  return page.locator('.toast-region').getByText(text, { exact: true });
}

export function errorBox(page: Page, text: string): Locator {
  return page.getByRole('alert').getByText(text, { exact: true });
}

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

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Counts the GET requests to `path` from now on (to prove a list was not reloaded). */
export function countRequests(page: Page, path: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === path) count += 1;
  });
  return () => count;
}

/** The chip of a chosen option inside a multi-select. */
export function chip(page: Page, label: string): Locator {
  return page.locator('.chip').filter({ hasText: label });
}

/** The HTTP status of a call made with `api`'s token (for calls that are meant to be refused). */
export async function statusOf(
  request: APIRequestContext,
  api: Api,
  method: string,
  url: string,
  data?: unknown,
): Promise<number> {
  const res = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${api.token}` },
    ...(data === undefined ? {} : { data }),
  });
  return res.status();
}

export { Api, unique };
