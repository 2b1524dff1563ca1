import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { createVerdictClient, type VerdictClient } from '@verdict/client';
import type {
  AddMemberBody,
  CaseBody,
  CaseField,
  CaseFieldMutation,
  CaseMutation,
  CreateCycleBody,
  CreateRunBody,
  CreateSubUserBody,
  CreateSuiteBody,
  CreateUserBody,
  Cycle,
  MemberMutation,
  Permission,
  PermissionBody,
  PermissionMutation,
  PermissionName,
  Project,
  ProjectBody,
  Role,
  RoleBody,
  RoleMutation,
  RunMutation,
  RunStatusValue,
  Suite,
  TestCase,
  TestRun,
  User,
  UserMutation,
} from '@verdict/contract';
import { BASE_URL } from './playwright.config';

/**
 * The one fixture layer of the browser tests. Every test makes its own data through the real
 * API, with unique names, so the files run in any order and in parallel against one server.
 * Data is typed by @verdict/contract: a created user is the server's `User`, a project its
 * `Project`, and so on.
 *
 *   test('…', async ({ page, adminApi, createUser }) => {
 *     const user = await createUser({ permissions: ['home_project'] });
 *     const project = await createProject(adminApi);
 *     await signIn(page, user);
 *   });
 */

/**
 * The tag of a test that writes thousands of rows in one statement (a 10,000-case import). On the
 * embedded database such a write holds the one connection for seconds, so these run after every
 * other test (e2e/playwright.config.ts), where they cannot hold up another test's screen.
 */
export const LARGE_DATA = '@large-data';

/** Who can sign in. */
export interface Credentials {
  email: string;
  password: string;
}

export const ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password', name: 'admin' };

/** The password of every user the tests create. */
export const PASSWORD = 'e2e-user-password';

let counter = 0;
/** A name no other test uses, so tests can run in any order against one server. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}`;
}

/** A permission name from a unique() string (permission names are lower-case identifiers). */
export function uniquePermissionName(prefix: string): string {
  return unique(prefix)
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_');
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What the typed client answers for a call: the data of a success, the error of a failure. */
type ClientAnswer<T> = { data?: T; error?: unknown; response: Response };

/**
 * The typed client's calls by any path: the specs name paths with their ids filled in
 * (`/api/cycles/12`), which the typed paths (`/api/cycles/{id}`) do not list.
 */
interface UntypedClient {
  request(
    method: HttpMethod,
    url: string,
    init: { body?: unknown; parseAs: 'text' },
  ): Promise<ClientAnswer<string>>;
}

/** A failure's body as the server sent it (the client parses JSON errors). */
const errorText = (error: unknown) => (typeof error === 'string' ? error : (JSON.stringify(error) ?? ''));

/**
 * A thin API client, signed in as one user, for setting up data through the real API: the typed
 * client (@verdict/client) with the user's token, against the server the tests run on.
 */
export class Api {
  /** The typed client, for calls by a typed path: `api.ok(api.client.GET('/api/projects/{id}', …))`. */
  readonly client: VerdictClient;

  constructor(readonly token: string) {
    this.client = createVerdictClient({ baseUrl: BASE_URL, token });
  }

  /** Signs in through the API (asserting it succeeds). */
  static async login(who: Credentials = ADMIN): Promise<Api> {
    const anonymous = createVerdictClient({ baseUrl: BASE_URL });
    const body = { email: who.email, password: who.password };
    const { data, error, response } = await anonymous.POST('/api/auth/login', { body });
    expect(response.status, errorText(error)).toBe(200);
    return new Api(data!.token);
  }

  /** The data of a typed call that must succeed. */
  async ok<T>(call: Promise<ClientAnswer<T>>): Promise<T> {
    const { data, error, response } = await call;
    expect(response.ok, `${response.url} → ${response.status} ${errorText(error)}`).toBeTruthy();
    return data as T;
  }

  /** Makes a call that must succeed; answers its JSON body. */
  async call<T = unknown>(method: HttpMethod, url: string, data?: unknown): Promise<T> {
    const { data: text, error, response } = await this.send(method, url, data);
    expect(response.ok, `${method} ${url} → ${response.status} ${errorText(error)}`).toBeTruthy();
    return text ? (JSON.parse(text) as T) : (undefined as T);
  }

  /** Uploads one file as multipart/form-data (attachments); the call must succeed. */
  async upload<T = unknown>(url: string, name: string, mimeType: string, buffer: Buffer): Promise<T> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(buffer)], { type: mimeType }), name);
    return this.call<T>('POST', url, form);
  }

  /** The HTTP status of a call, for calls that are meant to be refused. */
  async status(method: HttpMethod, url: string, data?: unknown): Promise<number> {
    return (await this.send(method, url, data)).response.status;
  }

  private send(method: HttpMethod, url: string, data?: unknown) {
    // A success is read as text, so that an empty answer and a JSON one are told apart here.
    return (this.client as unknown as UntypedClient).request(method, url, { body: data, parseAs: 'text' });
  }
}

/** Signs in through the sign-in page like a person would: the administrator unless told whom. */
export async function signInThroughForm(page: Page, who: Credentials = ADMIN): Promise<void> {
  await page.goto('/');
  await page.getByPlaceholder('Enter your email').fill(who.email);
  await page.getByPlaceholder('Enter your password').fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  // Signing in loads the rest of the app (docs/product/sign-in-and-sessions.md), slower on a busy machine.
  await expect(page).not.toHaveURL(/\/$/, { timeout: 20_000 });
}

/**
 * Signs in as the administrator (or `who`) the quick way: the sign-in call through the API, the
 * session stored in the page as the sign-in screen stores it (docs/product/sign-in-and-sessions.md,
 * "The session in the browser"), then '/' opened, which moves on to the last route or the
 * dashboard. sign-in.spec.ts checks the form itself; every other test starts signed in this way,
 * which saves the sign-in screen's load and typing in each of them (decision record 144).
 */
export async function signIn(page: Page, who: Credentials = ADMIN): Promise<void> {
  await storeSession(page, who);
  await page.goto('/');
  await expect(page).not.toHaveURL(/\/$/, { timeout: 20_000 });
}

/**
 * Signs in as signIn does and opens `path` straight away: the app loads once, on the screen the
 * test is about, instead of first on the dashboard (its charts and figures) and then there.
 */
export async function signInAt(page: Page, path: string, who: Credentials = ADMIN): Promise<void> {
  await storeSession(page, who);
  await page.goto(path);
}

/** The sign-in call through the API, its session stored in the page before the app's first load. */
async function storeSession(page: Page, who: Credentials): Promise<void> {
  const answer = await page.request.post('/api/auth/login', {
    data: { email: who.email, password: who.password },
  });
  expect(answer.ok(), `sign-in of ${who.email}: ${answer.status()} ${await answer.text()}`).toBeTruthy();
  const { token, user } = (await answer.json()) as { token: string; user: { id: number } };
  // Once per tab: later loads of the page (a reload, a sign-out and another sign-in) are left alone.
  const seed = `e2e-session-${Math.random()}`;
  await page.addInitScript(
    ({ seed, token, userId }) => {
      if (sessionStorage.getItem(seed)) return;
      sessionStorage.setItem(seed, '1');
      localStorage.setItem('token', token);
      localStorage.setItem('userId', String(userId));
      localStorage.setItem('tokenTime', String(Date.now()));
    },
    { seed, token, userId: user.id },
  );
}

/** Whether the API signs `who` in (after a password change). */
export async function expectSignInWorks(request: APIRequestContext, who: Credentials): Promise<void> {
  const login = await request.post('/api/auth/login', { data: { email: who.email, password: who.password } });
  expect(login.status()).toBe(200);
}

// ---------------------------------------------------------------------------------------------
// Users, roles and permissions

/** A user a test made: the server's `User`, its password, and its own API client. */
export interface TestUser extends User {
  password: string;
  /** The API signed in as this user (signs in on first use, then reuses the token). */
  api(): Promise<Api>;
}

export interface NewUser {
  /** The permissions of a fresh global role made for this user (no such role when empty). */
  permissions?: readonly PermissionName[];
  /** Roles the user holds besides that one. */
  roleIds?: number[];
  /** The username, which also makes the email; `unique(prefix)` when left out. */
  name?: string;
  /** What a generated username starts with (default 'user'). */
  prefix?: string;
  maxUserLimit?: number | null;
}

/** Makes a top-level user as the administrator (the `createUser` fixture). */
export type CreateUser = (options?: NewUser) => Promise<TestUser>;
export interface NewSubUser extends Pick<NewUser, 'permissions' | 'roleIds' | 'name' | 'prefix'> {
  /** Whose account the sub-user joins, made by that user (the administrator's when left out). */
  owner?: TestUser;
}

/** Makes a sub-user (the `createSubUser` fixture); 'sub' is the default prefix. */
export type CreateSubUser = (options?: NewSubUser) => Promise<TestUser>;

/** Every user-facing permission of the project, suite, case and run screens. */
export const ALL_PROJECT_PERMISSIONS: PermissionName[] = [
  'home_project',
  'home_test_suit',
  'home_test_case',
  'edit_project',
  'delete_project',
  'add_user_in_project',
  'add_test_suit_in_project',
  'add_test_case_in_project',
  'users_in_project',
  'change_user_role_in_project',
  'remove_user_from_project',
  'edit_test_suit',
  'delete_test_suit',
  'add_test_case_in_test_suit',
  'edit_test_case',
  'delete_test_case',
  'add_test_case_in_test_case',
  'add_test_run_in_test_case',
  'home_test_run',
  'edit_test_run',
  'delete_test_run',
];

/** Everything the shell and tree show, plus what it takes to fill a project through the API. */
export const TREE_USER: readonly PermissionName[] = [
  'add_project',
  'home_project',
  'home_test_suit',
  'home_test_case',
  'add_test_suit_in_project',
  'add_test_case_in_project',
  'add_test_case_in_test_suit',
  'add_test_case_in_test_case',
  'add_test_run_in_test_case',
];

/** The tree user's permissions, and runs, case fields and test cycles (the search and bulk screens). */
export const CYCLE_USER: readonly PermissionName[] = [
  ...TREE_USER,
  'home_test_run',
  'manage_case_fields',
  'home_test_cycle',
  'add_test_cycle',
  'edit_test_cycle',
];

/** The catalogue's ids by name, read once per worker (tests add permissions, never rename them). */
let permissionIds: Promise<Map<string, number>> | undefined;

export async function permissionIdsOf(api: Api, names: readonly PermissionName[]): Promise<number[]> {
  permissionIds ??= api
    .call<Permission[]>('GET', '/api/permissions/list')
    .then((list) => new Map(list.map((permission) => [permission.name, permission.id])));
  const ids = await permissionIds;
  return names.map((name) => {
    const id = ids.get(name);
    if (id === undefined) throw new Error(`No permission named ${name}`);
    return id;
  });
}

/** A role holding exactly `permissions`. */
export async function createRole(
  api: Api,
  permissions: readonly PermissionName[] = [],
  name = unique('role'),
): Promise<Role> {
  const body: RoleBody = {
    name,
    description: `E2E role ${name}`,
    permissionIds: await permissionIdsOf(api, permissions),
  };
  return (await api.call<RoleMutation>('POST', '/api/roles/create', body)).role;
}

export async function createPermission(api: Api, name = uniquePermissionName('perm')): Promise<Permission> {
  const body: PermissionBody = { name, description: `E2E permission ${name}` };
  return (await api.call<PermissionMutation>('POST', '/api/permissions/create', body)).permission;
}

function testUser(user: User): TestUser {
  let api: Promise<Api> | undefined;
  return {
    ...user,
    password: PASSWORD,
    api: () => {
      api ??= Api.login({ email: user.email, password: PASSWORD });
      return api;
    },
  };
}

async function roleIdsFor(admin: Api, options: NewUser): Promise<number[]> {
  const { permissions = [], roleIds = [], prefix = 'user' } = options;
  if (permissions.length === 0) return roleIds;
  const role = await createRole(admin, permissions, unique(`${prefix}-role`));
  return [role.id, ...roleIds];
}

async function newUser(admin: Api, options: NewUser): Promise<TestUser> {
  const username = options.name ?? unique(options.prefix ?? 'user');
  const body: CreateUserBody = {
    username,
    email: `${username}@example.com`.toLowerCase(),
    password: PASSWORD,
    roleIds: await roleIdsFor(admin, options),
    ...(options.maxUserLimit === undefined ? {} : { max_user_limit: options.maxUserLimit }),
  };
  return testUser((await admin.call<UserMutation>('POST', '/api/users/create', body)).user);
}

async function newSubUser(admin: Api, { owner, ...options }: NewSubUser): Promise<TestUser> {
  const maker = owner ? await owner.api() : admin;
  const username = options.name ?? unique(options.prefix ?? 'sub');
  const body: CreateSubUserBody = {
    username,
    email: `${username}@example.com`.toLowerCase(),
    password: PASSWORD,
    roleIds: await roleIdsFor(admin, { ...options, prefix: options.prefix ?? 'sub' }),
  };
  return testUser((await maker.call<UserMutation>('POST', '/api/users/create-subuser', body)).user);
}

// ---------------------------------------------------------------------------------------------
// Projects, suites, cases and runs (made by whoever `api` is signed in as)

export async function createProject(
  api: Api,
  name = unique('project'),
  description = 'An e2e project',
): Promise<Project> {
  const body: ProjectBody = { name, description };
  return (await api.ok(api.client.POST('/api/projects/create', { body }))).project;
}

export async function addMember(api: Api, projectId: number, userId: number, roleId: number) {
  const body: AddMemberBody = { projectId, userId, roleId };
  return (await api.call<MemberMutation>('POST', '/api/projects/add-user', body)).member;
}

/** Adds the user to the project through a fresh project role holding exactly `permissions`. */
export async function addMemberWith(
  api: Api,
  projectId: number,
  userId: number,
  permissions: readonly PermissionName[],
) {
  return addMember(api, projectId, userId, (await createRole(api, permissions, unique('member-role'))).id);
}

export async function createSuite(
  api: Api,
  projectId: number,
  name = unique('suite'),
  description = '',
): Promise<Suite> {
  const body: CreateSuiteBody = { project_id: projectId, name, description };
  return (await api.ok(api.client.POST('/api/testsuites/create', { body }))).suite;
}

/** Where a case goes: at the top of a project, into a suite, or under another case. */
export type CaseParent = { project: number } | { suite: number } | { parent: number };

export async function createCase(
  api: Api,
  where: CaseParent,
  name = unique('case'),
  description = '',
): Promise<TestCase> {
  const [kind, id] = Object.entries(where)[0] as [keyof CaseParent, number];
  return createCaseIn(api, `${kind}/${id}`, { name, description });
}

/**
 * A case with every field the body gives (priority, tags, custom fields…), made in `where`:
 * `project/<id>`, `suite/<id>` or `parent/<id>`.
 */
export async function createCaseIn(api: Api, where: string, body: CaseBody): Promise<TestCase> {
  return (await api.call<CaseMutation>('POST', `/api/test-cases/${where}/create`, body)).testCase;
}

/** A select field of the project's cases, with these options. */
export async function createSelectField(
  api: Api,
  projectId: number,
  name: string,
  options: string[],
): Promise<CaseField> {
  const body = { name, type: 'select', options };
  return (await api.call<CaseFieldMutation>('POST', `/api/projects/${projectId}/case-fields`, body)).field;
}

/** An open test cycle of the project holding these cases (and their descendants). */
export async function createCycle(
  api: Api,
  projectId: number,
  caseIds: number[],
  name = unique('cycle'),
): Promise<Cycle> {
  const body: CreateCycleBody = { name, case_ids: caseIds };
  const params = { path: { id: projectId } };
  return (await api.ok(api.client.POST('/api/projects/{id}/cycles', { params, body }))).cycle;
}

export async function createRun(
  api: Api,
  caseId: number,
  status: RunStatusValue = 'passed',
): Promise<TestRun> {
  const body: CreateRunBody = { status };
  return (await api.call<RunMutation>('POST', `/api/testruns/create/${caseId}`, body)).testRun;
}

/** A project with a suite and a case in it. */
export async function projectWithCase(api: Api) {
  const project = await createProject(api);
  const suite = await createSuite(api, project.id);
  const testCase = await createCase(api, { suite: suite.id });
  return { project, suite, testCase };
}

/** Runs `count` tasks, `batch` at a time. */
export async function inBatches(count: number, batch: number, task: (index: number) => Promise<unknown>) {
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    await Promise.all(Array.from({ length: size }, (_, offset) => task(start + offset)));
  }
}

// ---------------------------------------------------------------------------------------------
// The fixtures

interface Fixtures {
  /** The API signed in as the administrator. */
  adminApi: Api;
  createUser: CreateUser;
  createSubUser: CreateSubUser;
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  adminApi: async ({}, use) => {
    await use(await Api.login());
  },
  createUser: async ({ adminApi }, use) => {
    await use((options = {}) => newUser(adminApi, options));
  },
  createSubUser: async ({ adminApi }, use) => {
    await use((options = {}) => newSubUser(adminApi, options));
  },
});
export { expect };
