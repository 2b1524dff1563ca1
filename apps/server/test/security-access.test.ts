import { ErrorResponse, PERMISSION_NAMES } from '@verdict/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions } from '../src/modules/permissions/permissions-schema.ts';
import { roles } from '../src/modules/roles/roles-schema.ts';
import { users as usersTable } from '../src/modules/users/users-schema.ts';
import { webhookDeliveries } from '../src/modules/webhooks/webhooks-schema.ts';
import { PUBLIC_ROUTES } from '../src/plugins/auth.ts';
import { ERROR_RESPONSE_REF } from '../src/plugins/route-responses.ts';
import { addMember, createProject, createRole, createUser } from './helpers/fixtures.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { apiRoutes, checksum, routeKey } from './helpers/security.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './helpers/test-app.ts';
import { startAdminWorld, type TestApp, type TestUser } from './helpers/world.ts';

/**
 * docs/security.md, "Authorization matrix" and "Objects": every registered route against five
 * callers, compared with a table kept here; and a member of one project reaching into another.
 */

const ACTORS = ['anonymous', 'no roles', 'other project', 'limited member', 'administrator'] as const;
type Actor = (typeof ACTORS)[number];

// What a member needs to work inside a project; the "other project" member holds all of it in B.
const PROJECT_PERMISSIONS = PERMISSION_NAMES.filter(
  (p) =>
    /project|test_suit|test_case|test_run|import_results/.test(p) &&
    p !== 'add_project' &&
    p !== 'view_all_projects',
);
// The limited member of A may read and record runs, nothing else.
const LIMITED = [
  'home_test_suit',
  'home_test_case',
  'home_test_run',
  'users_in_project',
  'add_test_run_in_test_case',
];

const JUNIT = '<testsuite name="imported"><testcase name="one"/></testsuite>';

let t: TestApp;
let admin: string;
let users: Record<Exclude<Actor, 'anonymous' | 'administrator'>, TestUser>;
let ids: {
  a: number;
  b: number;
  suite: number;
  case: number;
  run: number;
  limitedRole: number;
  emptyRole: number;
};
let sequence = 0;
const next = () => ++sequence;

beforeAll(async () => {
  ({ t, admin } = await startAdminWorld());
  const a = (await createProject(t, admin, 'Project A')).id;
  const b = (await createProject(t, admin, 'Project B')).id;
  const limitedRole = await createRole(t, LIMITED);
  const fullRole = await createRole(t, PROJECT_PERMISSIONS);
  const emptyRole = await createRole(t, []);
  users = {
    'no roles': await createUser(t),
    'other project': await createUser(t),
    'limited member': await createUser(t),
  };
  await addMember(t, b, users['other project'].id, fullRole);
  await addMember(t, a, users['limited member'].id, limitedRole);
  const suite = await freshSuite(a);
  const caseId = await freshCase(suite);
  const run = await freshRun(caseId);
  ids = { a, b, suite, case: caseId, run, limitedRole, emptyRole };
});
afterAll(() => t.close());

const adminApi = () => as(t, admin);
async function freshSuite(projectId = ids.a): Promise<number> {
  return expectStatus(
    await adminApi().post('/api/testsuites/create', { project_id: projectId, name: `s${next()}` }),
    201,
  ).suite.id;
}
async function freshCase(suiteId = ids.suite): Promise<number> {
  return expectStatus(
    await adminApi().post(`/api/test-cases/suite/${suiteId}/create`, { name: `c${next()}` }),
    201,
  ).testCase.id;
}
async function freshField(): Promise<number> {
  return expectStatus(
    await adminApi().post(`/api/projects/${ids.a}/case-fields`, { name: `f${next()}`, type: 'text' }),
    201,
  ).field.id;
}
async function freshRun(caseId = ids.case): Promise<number> {
  return expectStatus(await adminApi().post(`/api/testruns/create/${caseId}`, { status: 'failed' }), 201)
    .testRun.id;
}
/** A cycle of project A holding its first case, and that case's item. */
async function freshCycle(): Promise<{ id: number; itemId: number }> {
  const api = adminApi();
  const cycle = expectStatus(
    await api.post(`/api/projects/${ids.a}/cycles`, { name: `y${next()}`, case_ids: [ids.case] }),
    201,
  ).cycle;
  const items = expectStatus(await api.get(`/api/cycles/${cycle.id}/items`), 200).items;
  return { id: cycle.id, itemId: items[0].id };
}
/** A result recorded by the administrator on a fresh cycle of project A. */
async function freshResult(): Promise<number> {
  const { itemId } = await freshCycle();
  return expectStatus(await adminApi().post(`/api/cycle-items/${itemId}/results`, { state: 'blocked' }), 201)
    .result.id;
}
/** A result of an import the administrator made into project A: its evidence is theirs to add. */
/** A live run the administrator opened in project A. */
async function freshLiveRun(): Promise<number> {
  return expectStatus(await adminApi().post(`/api/projects/${ids.a}/live-runs`, {}), 201).id;
}

async function freshImportResult(): Promise<number> {
  const imported = await t.request({
    method: 'POST',
    url: `/api/projects/${ids.a}/import/results`,
    payload: JUNIT,
    headers: { 'content-type': 'application/xml' },
    token: admin,
  });
  const items = expectStatus(
    await adminApi().get(`/api/cycles/${expectStatus(imported, 201).cycle.id}/items`),
    200,
  ).items;
  return expectStatus(await adminApi().get(`/api/cycle-items/${items[0].id}`), 200).results[0].id;
}
/** A multipart upload of one small file (the attachment routes). */
function upload(url: string): Prepared {
  const boundary = `b${next()}`;
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n` +
    `Content-Type: text/plain\r\n\r\na\r\n--${boundary}--\r\n`;
  return { url, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
/** A file the administrator attached to the first case of project A. */
async function freshAttachment(): Promise<number> {
  const { url, payload, headers } = upload(`/api/test-cases/${ids.case}/attachments`);
  const res = await t.request({ method: 'POST', url, payload, headers, token: admin });
  return expectStatus(res, 201).attachments[0].id;
}
/** A GitHub tracker on the project (docs/product/defects.md); answers the project's id. */
async function freshTracker(projectId: number): Promise<number> {
  const body = { kind: 'github', project: 'acme/shop' };
  expectStatus(await adminApi().put(`/api/projects/${projectId}/tracker`, body), 200);
  return projectId;
}
/** A defect the administrator linked to the first case of project A. */
async function freshDefectLink(): Promise<number> {
  const body = { defect: `https://bugs.example.com/${next()}` };
  return expectStatus(await adminApi().post(`/api/test-cases/${ids.case}/defects`, body), 201).defect.id;
}
/** A comment the administrator wrote on the first case of project A (docs/product/comments.md). */
async function freshComment(): Promise<number> {
  const body = { body: `Note ${next()}` };
  return expectStatus(await adminApi().post(`/api/test-cases/${ids.case}/comments`, body), 201).comment.id;
}
/** A milestone of project A (docs/product/milestones.md). */
async function freshMilestone(): Promise<number> {
  const body = { name: `m${next()}` };
  return expectStatus(await adminApi().post(`/api/projects/${ids.a}/milestones`, body), 201).milestone.id;
}

/** A requirement of project A (docs/product/requirements.md). */
async function freshRequirement(): Promise<number> {
  const body = { title: `r${next()}` };
  return expectStatus(await adminApi().post(`/api/projects/${ids.a}/requirements`, body), 201).requirement.id;
}

/** A shared step set of project A that no case uses. */
async function freshSharedSteps(): Promise<number> {
  const body = { name: `s${next()}`, steps: [{ action: 'Open', expected: 'Opens' }] };
  return expectStatus(await adminApi().post(`/api/projects/${ids.a}/shared-steps`, body), 201).shared_steps
    .id;
}

/** A test plan of project A: one entry of its first case, so one cycle. */
async function freshPlan(): Promise<number> {
  const body = { name: `p${next()}`, entries: [{ case_ids: [ids.case] }] };
  return expectStatus(await adminApi().post(`/api/projects/${ids.a}/plans`, body), 201).plan.id;
}

/** A configuration group of project A with one configuration. */
async function freshConfigurationGroup(): Promise<number> {
  const body = { name: `g${next()}`, configurations: ['Chrome'] };
  return expectStatus(await adminApi().post(`/api/projects/${ids.a}/configuration-groups`, body), 201).group
    .id;
}

/**
 * A turned-off webhook (docs/product/webhooks.md) at a public address, so the delivery loop
 * never calls out from this test; each in a project of its own, as a project holds at most 20.
 */
const WEBHOOK_BODY = { url: 'https://93.184.215.14/hook', events: ['cycle.created'], active: false };
async function freshWebhook(): Promise<number> {
  const url = `/api/projects/${await freshProjectWithLimitedMember()}/webhooks`;
  return expectStatus(await adminApi().post(url, WEBHOOK_BODY), 201).webhook.id;
}
async function freshDelivery(): Promise<number> {
  const values = { webhookId: await freshWebhook(), event: 'cycle.created', body: '{}' };
  const [row] = await t.db.insert(webhookDeliveries).values(values).returning({ id: webhookDeliveries.id });
  return row!.id;
}
async function freshMember(projectId = ids.a): Promise<number> {
  const user = await createUser(t);
  await addMember(t, projectId, user.id, ids.emptyRole);
  return user.id;
}
async function freshSubUser(): Promise<{ id: number; username: string; email: string }> {
  const n = next();
  const body = { username: `sub${n}`, email: `sub${n}@example.com`, password: 'sub-user-password-1' };
  return expectStatus(await adminApi().post('/api/users/create-subuser', body), 201).user;
}
async function freshProjectWithLimitedMember(): Promise<number> {
  const id = (await createProject(t, admin)).id;
  await addMember(t, id, users['limited member'].id, ids.limitedRole);
  return id;
}

interface Prepared {
  url: string;
  payload?: string | object;
  headers?: Record<string, string>;
}
interface Row {
  /** Builds the request afresh for each caller, so one caller's success never changes another's answer. */
  prepare: () => Promise<Prepared>;
  /** Answers for anonymous, no roles, other project, limited member, administrator. */
  expected: [number, number, number, number, number];
  /** Sign a new session for this call (logout ends the one it is made with). */
  freshToken?: boolean;
  /** An event stream: a 200 answers its headers and the stream is closed at once. */
  stream?: boolean;
}

/** Sends a row's request; a stream that opened (200) is read no further. */
async function send(row: Row, options: Parameters<TestApp['request']>[0], expected: number) {
  const streamed = row.stream === true && expected === 200;
  const res = await t.request({ ...options, ...(streamed ? { payloadAsStream: true } : {}) });
  if (streamed && res.statusCode === 200) {
    res.stream().destroy();
    return { statusCode: res.statusCode, json: () => ({}), body: '' } as unknown as typeof res;
  }
  return res;
}

const at =
  (url: string, payload?: object): (() => Promise<Prepared>) =>
  async () => ({ url, ...(payload ? { payload } : {}) });
const PUBLIC_OK: Row['expected'] = [200, 200, 200, 200, 200];
const SIGNED_IN: Row['expected'] = [401, 200, 200, 200, 200];
const ADMIN_ONLY: Row['expected'] = [401, 403, 403, 403, 200];
const ADMIN_CREATES: Row['expected'] = [401, 403, 403, 403, 201];
const LIMITED_READS: Row['expected'] = [401, 404, 404, 200, 200];
const LIMITED_REFUSED: Row['expected'] = [401, 404, 404, 403, 200];
const LIMITED_REFUSED_CREATE: Row['expected'] = [401, 404, 404, 403, 201];

/** The expected table: one row per registered API route. A new route fails the test until added. */
function table(): Record<string, Row> {
  return {
    'GET /api/health': { prepare: at('/api/health'), expected: PUBLIC_OK },
    // Operations (docs/product/operations.md): every caller here is on this machine, and no
    // METRICS_TOKEN is set, so the metrics answer all of them (metrics.test.ts checks the rule).
    'GET /api/ready': { prepare: at('/api/ready'), expected: PUBLIC_OK },
    'GET /api/metrics': { prepare: at('/api/metrics'), expected: PUBLIC_OK },
    'POST /api/auth/login': {
      prepare: at('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      expected: PUBLIC_OK,
    },
    'POST /api/auth/logout': { prepare: at('/api/auth/logout'), expected: SIGNED_IN, freshToken: true },
    // Sign-in methods, single sign-on (not set up here, so both legs answer 404) and the second
    // factor (docs/product/single-sign-on.md, docs/product/two-factor.md).
    'GET /api/auth/methods': { prepare: at('/api/auth/methods'), expected: PUBLIC_OK },
    'GET /api/auth/oidc/start': { prepare: at('/api/auth/oidc/start'), expected: [404, 404, 404, 404, 404] },
    'GET /api/auth/oidc/callback': {
      prepare: at('/api/auth/oidc/callback'),
      expected: [404, 404, 404, 404, 404],
    },
    'POST /api/auth/totp/setup': {
      prepare: at('/api/auth/totp/setup', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      expected: PUBLIC_OK,
    },
    // "Forgot password?" (docs/product/sign-in-and-sessions.md): this server sends no e-mail, so
    // the request answers 503 to everyone; a made-up link is refused the same way for everyone.
    'POST /api/auth/password-reset': {
      prepare: at('/api/auth/password-reset', { email: ADMIN_EMAIL }),
      expected: [503, 503, 503, 503, 503],
    },
    'POST /api/auth/password-reset/confirm': {
      prepare: at('/api/auth/password-reset/confirm', { token: 'made-up', password: 'a-new-password-1' }),
      expected: [400, 400, 400, 400, 400],
    },
    'GET /api/auth/totp': { prepare: at('/api/auth/totp'), expected: SIGNED_IN },
    'GET /api/auth/session': { prepare: at('/api/auth/session'), expected: SIGNED_IN },
    // docs/product/mcp.md: any signed-in caller may speak MCP; each tool then checks as its API call does.
    'POST /api/mcp': {
      prepare: async () => ({
        url: '/api/mcp',
        payload: { jsonrpc: '2.0', id: 1, method: 'ping' },
        headers: { accept: 'application/json, text/event-stream' },
      }),
      expected: SIGNED_IN,
    },
    'GET /api/mcp': { prepare: at('/api/mcp'), expected: [401, 405, 405, 405, 405] },
    'DELETE /api/mcp': { prepare: at('/api/mcp'), expected: [401, 405, 405, 405, 405] },
    'POST /api/auth/totp/enable': {
      // Nobody has a key being set up, so every signed-in caller is told to start first.
      prepare: async () => {
        await t.db.update(usersTable).set({ totpPendingSecret: null });
        return { url: '/api/auth/totp/enable', payload: { code: '123456' } };
      },
      expected: [401, 409, 409, 409, 409],
    },
    'POST /api/auth/totp/start': {
      prepare: at('/api/auth/totp/start', { password: 'not-the-password' }),
      expected: [401, 400, 400, 400, 400],
    },
    'POST /api/auth/totp/disable': {
      prepare: at('/api/auth/totp/disable', { password: 'not-the-password' }),
      expected: [401, 400, 400, 400, 400],
    },
    'GET /api/api-tokens': { prepare: at('/api/api-tokens'), expected: SIGNED_IN },
    'POST /api/api-tokens': {
      prepare: async () => ({ url: '/api/api-tokens', payload: { name: `t${next()}` } }),
      expected: [401, 201, 201, 201, 201],
    },
    'DELETE /api/api-tokens/:id': {
      // The administrator's own token: nobody else can revoke it, and it looks missing to them.
      prepare: async () => {
        const created = expectStatus(await adminApi().post('/api/api-tokens', { name: `t${next()}` }), 201);
        return { url: `/api/api-tokens/${created.apiToken.id}` };
      },
      expected: [401, 404, 404, 404, 200],
    },
    'GET /api/users/list': { prepare: at('/api/users/list'), expected: [401, 403, 200, 403, 200] },
    'GET /api/users/list-subusers': { prepare: at('/api/users/list-subusers'), expected: ADMIN_ONLY },
    'GET /api/users/status-count': { prepare: at('/api/users/status-count'), expected: ADMIN_ONLY },
    'POST /api/users/create': {
      prepare: async () => {
        const n = next();
        return {
          url: '/api/users/create',
          payload: { username: `u${n}`, email: `u${n}@example.com`, password: 'new-user-password-1' },
        };
      },
      expected: ADMIN_CREATES,
    },
    'POST /api/users/create-subuser': {
      prepare: async () => {
        const n = next();
        return {
          url: '/api/users/create-subuser',
          payload: { username: `su${n}`, email: `su${n}@example.com`, password: 'new-user-password-1' },
        };
      },
      expected: ADMIN_CREATES,
    },
    'PUT /api/users/update-subuser/:id': {
      prepare: async () => {
        const sub = await freshSubUser();
        return {
          url: `/api/users/update-subuser/${sub.id}`,
          payload: { username: sub.username, email: sub.email },
        };
      },
      expected: ADMIN_ONLY,
    },
    'PUT /api/users/edit/:id': {
      prepare: async () => {
        const user = await createUser(t);
        return { url: `/api/users/edit/${user.id}`, payload: { username: user.username, email: user.email } };
      },
      expected: ADMIN_ONLY,
    },
    'DELETE /api/users/delete/:id': {
      prepare: async () => ({ url: `/api/users/delete/${(await createUser(t)).id}` }),
      expected: ADMIN_ONLY,
    },
    'DELETE /api/users/:id/totp': {
      prepare: async () => {
        const user = await createUser(t);
        await t.db
          .update(usersTable)
          .set({ totpSecret: 'JBSWY3DPEHPK3PXP' })
          .where(eq(usersTable.id, user.id));
        return { url: `/api/users/${user.id}/totp` };
      },
      expected: ADMIN_ONLY,
    },
    'GET /api/users/:id': {
      prepare: async () => ({ url: `/api/users/${(await createUser(t)).id}` }),
      expected: ADMIN_ONLY,
    },
    'GET /api/roles/list': { prepare: at('/api/roles/list'), expected: SIGNED_IN },
    'GET /api/roles/get-role/:id': {
      prepare: async () => ({ url: `/api/roles/get-role/${ids.limitedRole}` }),
      expected: SIGNED_IN,
    },
    'POST /api/roles/create': {
      prepare: async () => ({
        url: '/api/roles/create',
        payload: { name: `role${next()}`, description: 'd', permissionIds: [] },
      }),
      expected: ADMIN_CREATES,
    },
    'PUT /api/roles/update/:id': {
      prepare: async () => ({
        url: `/api/roles/update/${await createRole(t, [])}`,
        payload: { name: `role${next()}`, description: 'd' },
      }),
      expected: ADMIN_ONLY,
    },
    'DELETE /api/roles/delete/:id': {
      prepare: async () => ({ url: `/api/roles/delete/${await createRole(t, [])}` }),
      expected: ADMIN_ONLY,
    },
    'GET /api/permissions/list': { prepare: at('/api/permissions/list'), expected: ADMIN_ONLY },
    'GET /api/permissions/get/:id': { prepare: at('/api/permissions/get/1'), expected: ADMIN_ONLY },
    'POST /api/permissions/create': {
      prepare: async () => ({
        url: '/api/permissions/create',
        payload: { name: `custom_${next()}`, description: 'd' },
      }),
      expected: ADMIN_CREATES,
    },
    'PUT /api/permissions/update/:id': {
      prepare: async () => {
        const created = expectStatus(
          await adminApi().post('/api/permissions/create', { name: `custom_${next()}`, description: 'd' }),
          201,
        );
        return {
          url: `/api/permissions/update/${created.permission.id}`,
          payload: { name: created.permission.name, description: 'new' },
        };
      },
      expected: ADMIN_ONLY,
    },
    'DELETE /api/permissions/delete/:id': {
      prepare: async () => {
        const created = expectStatus(
          await adminApi().post('/api/permissions/create', { name: `custom_${next()}`, description: 'd' }),
          201,
        );
        return { url: `/api/permissions/delete/${created.permission.id}` };
      },
      expected: ADMIN_ONLY,
    },
    'GET /api/projects/list': { prepare: at('/api/projects/list'), expected: SIGNED_IN },
    'GET /api/projects/count': { prepare: at('/api/projects/count'), expected: SIGNED_IN },
    'POST /api/projects/create': {
      prepare: async () => ({ url: '/api/projects/create', payload: { name: `p${next()}` } }),
      expected: ADMIN_CREATES,
    },
    'GET /api/projects/detail/:id': {
      prepare: async () => ({ url: `/api/projects/detail/${ids.a}` }),
      expected: LIMITED_READS,
    },
    'PUT /api/projects/update/:id': {
      prepare: async () => ({ url: `/api/projects/update/${ids.a}`, payload: { name: 'Project A' } }),
      expected: LIMITED_REFUSED,
    },
    'DELETE /api/projects/delete/:id': {
      prepare: async () => ({ url: `/api/projects/delete/${await freshProjectWithLimitedMember()}` }),
      expected: LIMITED_REFUSED,
    },
    'POST /api/projects/add-user': {
      prepare: async () => ({
        url: '/api/projects/add-user',
        payload: { projectId: ids.a, userId: (await createUser(t)).id, roleId: ids.emptyRole },
      }),
      expected: LIMITED_REFUSED_CREATE,
    },
    'PUT /api/projects/:id/user/:userId/change-role': {
      prepare: async () => ({
        url: `/api/projects/${ids.a}/user/${await freshMember()}/change-role`,
        payload: { roleId: ids.limitedRole },
      }),
      expected: LIMITED_REFUSED,
    },
    'DELETE /api/projects/:id/user/:userId/remove': {
      prepare: async () => ({ url: `/api/projects/${ids.a}/user/${await freshMember()}/remove` }),
      expected: LIMITED_REFUSED,
    },
    'POST /api/projects/:id/import/junit': {
      prepare: async () => ({
        url: `/api/projects/${ids.a}/import/junit`,
        payload: JUNIT,
        headers: { 'content-type': 'application/xml' },
      }),
      expected: LIMITED_REFUSED_CREATE,
    },
    'POST /api/projects/:id/import/results': {
      prepare: async () => ({
        url: `/api/projects/${ids.a}/import/results`,
        payload: JUNIT,
        headers: { 'content-type': 'application/xml' },
      }),
      expected: LIMITED_REFUSED_CREATE,
    },
    // Live runs (docs/product/live-runs.md): the limited member holds no import_results; each call
    // reports to a run the administrator opened just now.
    'POST /api/projects/:id/live-runs': {
      prepare: at(`/api/projects/${ids.a}/live-runs`, {}),
      expected: LIMITED_REFUSED_CREATE,
    },
    'POST /api/live-runs/:id/results': {
      prepare: async () => ({
        url: `/api/live-runs/${await freshLiveRun()}/results`,
        payload: { results: [{ suite: 'live', path: ['a test'], outcome: 'passed' }] },
      }),
      expected: LIMITED_REFUSED,
    },
    'POST /api/live-runs/:id/finish': {
      prepare: async () => ({ url: `/api/live-runs/${await freshLiveRun()}/finish`, payload: {} }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/testsuites/project/:projectId': {
      prepare: async () => ({ url: `/api/testsuites/project/${ids.a}` }),
      expected: LIMITED_READS,
    },
    'GET /api/test-suites/project/:projectId': {
      prepare: async () => ({ url: `/api/test-suites/project/${ids.a}` }),
      expected: LIMITED_READS,
    },
    'GET /api/testsuites/count': { prepare: at('/api/testsuites/count'), expected: SIGNED_IN },
    'POST /api/testsuites/create': {
      prepare: async () => ({
        url: '/api/testsuites/create',
        payload: { project_id: ids.a, name: `s${next()}` },
      }),
      expected: LIMITED_REFUSED_CREATE,
    },
    'GET /api/testsuites/detail/:id': {
      prepare: async () => ({ url: `/api/testsuites/detail/${ids.suite}` }),
      expected: LIMITED_READS,
    },
    'PUT /api/testsuites/update/:id': {
      prepare: async () => ({ url: `/api/testsuites/update/${ids.suite}`, payload: { name: 'suite' } }),
      expected: LIMITED_REFUSED,
    },
    'DELETE /api/testsuites/delete/:id': {
      prepare: async () => ({ url: `/api/testsuites/delete/${await freshSuite()}` }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/test-cases/project/:projectId': {
      prepare: async () => ({ url: `/api/test-cases/project/${ids.a}` }),
      expected: LIMITED_READS,
    },
    'GET /api/test-cases/suite/:suiteId': {
      prepare: async () => ({ url: `/api/test-cases/suite/${ids.suite}` }),
      expected: LIMITED_READS,
    },
    'GET /api/test-cases/parent/:caseId': {
      prepare: async () => ({ url: `/api/test-cases/parent/${ids.case}` }),
      expected: LIMITED_READS,
    },
    'GET /api/suites/:id/cases': {
      prepare: async () => ({ url: `/api/suites/${ids.suite}/cases` }),
      expected: LIMITED_READS,
    },
    'GET /api/test-cases/:id/children': {
      prepare: async () => ({ url: `/api/test-cases/${ids.case}/children` }),
      expected: LIMITED_READS,
    },
    'GET /api/projects/:id/cases': {
      prepare: async () => ({ url: `/api/projects/${ids.a}/cases` }),
      expected: LIMITED_READS,
    },
    'POST /api/test-cases/project/:id/create': {
      prepare: async () => ({
        url: `/api/test-cases/project/${ids.a}/create`,
        payload: { name: `c${next()}` },
      }),
      expected: LIMITED_REFUSED_CREATE,
    },
    'POST /api/test-cases/suite/:id/create': {
      prepare: async () => ({
        url: `/api/test-cases/suite/${ids.suite}/create`,
        payload: { name: `c${next()}` },
      }),
      expected: LIMITED_REFUSED_CREATE,
    },
    'POST /api/test-cases/parent/:id/create': {
      prepare: async () => ({
        url: `/api/test-cases/parent/${ids.case}/create`,
        payload: { name: `c${next()}` },
      }),
      expected: LIMITED_REFUSED_CREATE,
    },
    'GET /api/test-cases/single/:id': {
      prepare: async () => ({ url: `/api/test-cases/single/${ids.case}` }),
      expected: LIMITED_READS,
    },
    'PUT /api/test-cases/update/:id': {
      prepare: async () => ({ url: `/api/test-cases/update/${ids.case}`, payload: { name: 'case' } }),
      expected: LIMITED_REFUSED,
    },
    'DELETE /api/test-cases/delete/:id': {
      prepare: async () => ({ url: `/api/test-cases/delete/${await freshCase()}` }),
      expected: LIMITED_REFUSED,
    },
    'POST /api/test-cases/:id/merge': {
      prepare: async () => ({
        url: `/api/test-cases/${await freshCase()}/merge`,
        payload: { from_case_id: await freshCase() },
      }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/testruns/testcase/:id': {
      prepare: async () => ({ url: `/api/testruns/testcase/${ids.case}` }),
      expected: LIMITED_READS,
    },
    'POST /api/testruns/create/:caseId': {
      prepare: async () => ({ url: `/api/testruns/create/${ids.case}`, payload: { status: 'passed' } }),
      expected: [401, 404, 404, 201, 201],
    },
    'GET /api/testruns/detail/:id': {
      prepare: async () => ({ url: `/api/testruns/detail/${ids.run}` }),
      expected: LIMITED_READS,
    },
    'PUT /api/testruns/update/:id': {
      prepare: async () => ({ url: `/api/testruns/update/${ids.run}`, payload: { status: 'failed' } }),
      expected: LIMITED_REFUSED,
    },
    'DELETE /api/testruns/delete/:id': {
      prepare: async () => ({ url: `/api/testruns/delete/${await freshRun()}` }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/testruns/stats': { prepare: at('/api/testruns/stats'), expected: SIGNED_IN },
    'GET /api/users/:id/effective-permissions': {
      prepare: async () => ({ url: `/api/users/${(await createUser(t)).id}/effective-permissions` }),
      expected: ADMIN_ONLY,
    },
    'GET /api/projects/:id/export/cases.csv': {
      prepare: async () => ({ url: `/api/projects/${ids.a}/export/cases.csv` }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/test-cases/:id/export/runs.csv': {
      prepare: async () => ({ url: `/api/test-cases/${ids.case}/export/runs.csv` }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/audit-log': { prepare: at('/api/audit-log?limit=5'), expected: ADMIN_ONLY },
    // The built-in Administrator role alone, whatever permissions another role holds: see
    // "acting on stronger users and roles" below.
    'GET /api/backup': { prepare: at('/api/backup'), expected: ADMIN_ONLY },
    'POST /api/projects/:id/cycles': {
      prepare: at(`/api/projects/${ids.a}/cycles`, { name: 'cycle', all_cases: true }),
      expected: LIMITED_REFUSED_CREATE,
    },
    'GET /api/projects/:id/cycles': {
      prepare: at(`/api/projects/${ids.a}/cycles`),
      expected: LIMITED_REFUSED,
    },
    'GET /api/projects/:id/gate': {
      prepare: at(`/api/projects/${ids.a}/gate?branch=main`),
      expected: LIMITED_REFUSED,
    },
    'GET /api/cycles/:id': {
      prepare: async () => ({ url: `/api/cycles/${(await freshCycle()).id}` }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/cycles/:id/renames': {
      prepare: async () => ({ url: `/api/cycles/${(await freshCycle()).id}/renames` }),
      expected: LIMITED_REFUSED,
    },
    'PUT /api/cycles/:id': {
      prepare: async () => ({ url: `/api/cycles/${(await freshCycle()).id}`, payload: { name: 'renamed' } }),
      expected: LIMITED_REFUSED,
    },
    'DELETE /api/cycles/:id': {
      prepare: async () => ({ url: `/api/cycles/${(await freshCycle()).id}` }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/cycles/:id/items': {
      prepare: async () => ({ url: `/api/cycles/${(await freshCycle()).id}/items` }),
      expected: LIMITED_REFUSED,
    },
    'PUT /api/cycles/:id/assign': {
      prepare: async () => {
        const cycle = await freshCycle();
        return {
          url: `/api/cycles/${cycle.id}/assign`,
          payload: { item_ids: [cycle.itemId], assignee_id: null },
        };
      },
      expected: LIMITED_REFUSED,
    },
    'GET /api/cycle-items/:id': {
      prepare: async () => ({ url: `/api/cycle-items/${(await freshCycle()).itemId}` }),
      expected: LIMITED_REFUSED,
    },
    'POST /api/cycle-items/:id/results': {
      prepare: async () => ({
        url: `/api/cycle-items/${(await freshCycle()).itemId}/results`,
        payload: { state: 'skipped' },
      }),
      expected: LIMITED_REFUSED_CREATE,
    },
    // Its recorder (the administrator), just now: anyone else is refused before that rule.
    'DELETE /api/cycle-results/:id': {
      prepare: async () => ({ url: `/api/cycle-results/${await freshResult()}` }),
      expected: LIMITED_REFUSED,
    },
    // The limited role holds home_test_run, so it reads a case's results (the runs only).
    'GET /api/test-cases/:id/results': {
      prepare: at(`/api/test-cases/${ids.case}/results`),
      expected: LIMITED_READS,
    },
    'GET /api/test-cases/:id/cycle-results': {
      prepare: at(`/api/test-cases/${ids.case}/cycle-results`),
      expected: LIMITED_REFUSED,
    },
    'GET /api/cycles/active': { prepare: at('/api/cycles/active'), expected: SIGNED_IN },
    'GET /api/cycles/compare': {
      prepare: async () => {
        const cycle = await freshCycle();
        return { url: `/api/cycles/compare?from=${cycle.id}&to=${cycle.id}` };
      },
      expected: LIMITED_REFUSED,
    },
    'GET /api/projects/:id/cases/search': {
      prepare: at(`/api/projects/${ids.a}/cases/search?q=tag:x`),
      expected: LIMITED_READS,
    },
    'GET /api/projects/:id/saved-searches': {
      prepare: at(`/api/projects/${ids.a}/saved-searches`),
      expected: LIMITED_READS,
    },
    'POST /api/projects/:id/saved-searches': {
      prepare: async () => ({
        url: `/api/projects/${ids.a}/saved-searches`,
        payload: { name: `s${next()}`, q: 'a' },
      }),
      expected: [401, 404, 404, 201, 201],
    },
    'DELETE /api/saved-searches/:id': {
      prepare: async () => ({ url: '/api/saved-searches/999999' }),
      expected: [401, 404, 404, 404, 404],
    },
    'POST /api/projects/:id/cases/bulk/preview': {
      prepare: at(`/api/projects/${ids.a}/cases/bulk/preview`, { selection: { ids: [ids.case] } }),
      expected: LIMITED_READS,
    },
    'POST /api/projects/:id/cases/bulk': {
      prepare: at(`/api/projects/${ids.a}/cases/bulk`, {
        selection: { ids: [ids.case] },
        action: 'set_priority',
        priority: 'high',
      }),
      expected: LIMITED_REFUSED,
    },
    'POST /api/projects/:id/case-imports/preview': {
      prepare: async () => ({
        url: `/api/projects/${ids.a}/case-imports/preview`,
        payload: `Name\nimported ${next()}`,
        headers: { 'content-type': 'text/csv' },
      }),
      expected: LIMITED_REFUSED,
    },
    'POST /api/projects/:id/case-imports': {
      prepare: async () => ({
        url: `/api/projects/${ids.a}/case-imports`,
        payload: `Name\nimported ${next()}`,
        headers: { 'content-type': 'text/csv' },
      }),
      expected: LIMITED_REFUSED_CREATE,
    },
    'POST /api/projects/:id/requirement-imports/preview': {
      prepare: async () => ({
        url: `/api/projects/${ids.a}/requirement-imports/preview`,
        payload: `Title\nimported ${next()}`,
        headers: { 'content-type': 'text/csv' },
      }),
      expected: LIMITED_REFUSED,
    },
    'POST /api/projects/:id/requirement-imports': {
      prepare: async () => ({
        url: `/api/projects/${ids.a}/requirement-imports`,
        payload: `Title\nimported ${next()}`,
        headers: { 'content-type': 'text/csv' },
      }),
      expected: LIMITED_REFUSED_CREATE,
    },
    'GET /api/projects/:id/case-tags': {
      prepare: at(`/api/projects/${ids.a}/case-tags?q=a`),
      expected: LIMITED_READS,
    },
    'GET /api/projects/:id/case-fields': {
      prepare: at(`/api/projects/${ids.a}/case-fields`),
      expected: LIMITED_READS,
    },
    'POST /api/projects/:id/case-fields': {
      prepare: async () => ({
        url: `/api/projects/${ids.a}/case-fields`,
        payload: { name: `f${next()}`, type: 'number' },
      }),
      expected: LIMITED_REFUSED_CREATE,
    },
    'PUT /api/case-fields/:id': {
      prepare: async () => ({ url: `/api/case-fields/${await freshField()}`, payload: { required: false } }),
      expected: LIMITED_REFUSED,
    },
    'DELETE /api/case-fields/:id': {
      prepare: async () => ({ url: `/api/case-fields/${await freshField()}` }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/test-cases/:id/versions': {
      prepare: at(`/api/test-cases/${ids.case}/versions`),
      expected: LIMITED_READS,
    },
    'POST /api/test-cases/:id/versions/:version/restore': {
      prepare: async () => ({ url: `/api/test-cases/${await freshCase()}/versions/1/restore` }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/test-cases/:id/history': {
      prepare: at(`/api/test-cases/${ids.case}/history`),
      expected: LIMITED_READS,
    },
    'PUT /api/test-cases/:id/quarantine': {
      prepare: async () => ({
        url: `/api/test-cases/${await freshCase()}/quarantine`,
        payload: { reason: 'Flaky', until: null },
      }),
      expected: LIMITED_REFUSED,
    },
    'DELETE /api/test-cases/:id/quarantine': {
      prepare: async () => ({ url: `/api/test-cases/${await freshCase()}/quarantine` }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/projects/:id/flaky-tests': {
      prepare: at(`/api/projects/${ids.a}/flaky-tests`),
      expected: LIMITED_READS,
    },
    'GET /api/projects/:id/reports/branches': {
      prepare: at(`/api/projects/${ids.a}/reports/branches`),
      expected: LIMITED_REFUSED,
    },
    'GET /api/projects/:id/reports/cycles': {
      prepare: at(`/api/projects/${ids.a}/reports/cycles?branch=main`),
      expected: LIMITED_REFUSED,
    },
    'GET /api/projects/:id/reports/slowest-tests': {
      prepare: at(`/api/projects/${ids.a}/reports/slowest-tests`),
      expected: LIMITED_REFUSED,
    },
    'GET /api/projects/:id/reports/failing-tests': {
      prepare: at(`/api/projects/${ids.a}/reports/failing-tests?branch=`),
      expected: LIMITED_REFUSED,
    },
    'GET /api/projects/:id/reports/workload': {
      prepare: at(`/api/projects/${ids.a}/reports/workload`),
      expected: LIMITED_REFUSED,
    },
    'GET /api/projects/:id/reports/cycles.csv': {
      prepare: at(`/api/projects/${ids.a}/reports/cycles.csv`),
      expected: LIMITED_REFUSED,
    },
    'GET /api/projects/:id/reports/slowest-tests.csv': {
      prepare: at(`/api/projects/${ids.a}/reports/slowest-tests.csv`),
      expected: LIMITED_REFUSED,
    },
    'GET /api/projects/:id/reports/failing-tests.csv': {
      prepare: at(`/api/projects/${ids.a}/reports/failing-tests.csv`),
      expected: LIMITED_REFUSED,
    },
    'GET /api/projects/:id/reports/workload.csv': {
      prepare: at(`/api/projects/${ids.a}/reports/workload.csv`),
      expected: LIMITED_REFUSED,
    },
    'GET /api/projects/:id/flaky-settings': {
      prepare: at(`/api/projects/${ids.a}/flaky-settings`),
      expected: LIMITED_READS,
    },
    'GET /api/projects/:id/evidence-retention': {
      prepare: at(`/api/projects/${ids.a}/evidence-retention`),
      expected: LIMITED_READS,
    },
    'PUT /api/projects/:id/evidence-retention': {
      prepare: async () => ({
        url: `/api/projects/${ids.a}/evidence-retention`,
        payload: { keep_cycles: null, keep_days: null },
      }),
      expected: LIMITED_REFUSED,
    },
    'PUT /api/projects/:id/flaky-settings': {
      prepare: async () => ({
        url: `/api/projects/${ids.a}/flaky-settings`,
        payload: { window: 20, flips: 3 },
      }),
      expected: LIMITED_REFUSED,
    },
    'POST /api/test-cases/:id/attachments': {
      prepare: async () => upload(`/api/test-cases/${ids.case}/attachments`),
      expected: LIMITED_REFUSED_CREATE,
    },
    'GET /api/test-cases/:id/attachments': {
      prepare: at(`/api/test-cases/${ids.case}/attachments`),
      expected: LIMITED_READS,
    },
    'GET /api/projects/:id/attachments/usage': {
      prepare: at(`/api/projects/${ids.a}/attachments/usage`),
      expected: LIMITED_READS,
    },
    // The limited member holds neither execute_test_cycle nor home_test_cycle.
    'POST /api/cycle-results/:id/attachments': {
      prepare: async () => upload(`/api/cycle-results/${await freshResult()}/attachments`),
      expected: LIMITED_REFUSED_CREATE,
    },
    // The limited member holds no import_results.
    'POST /api/cycle-results/:id/evidence': {
      prepare: async () => upload(`/api/cycle-results/${await freshImportResult()}/evidence`),
      expected: LIMITED_REFUSED_CREATE,
    },
    'GET /api/cycle-results/:id/attachments': {
      prepare: async () => ({ url: `/api/cycle-results/${await freshResult()}/attachments` }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/attachments/:id': {
      prepare: async () => ({ url: `/api/attachments/${await freshAttachment()}` }),
      expected: LIMITED_READS,
    },
    'DELETE /api/attachments/:id': {
      prepare: async () => ({ url: `/api/attachments/${await freshAttachment()}` }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/projects/:id/tracker': {
      prepare: at(`/api/projects/${ids.a}/tracker`),
      expected: LIMITED_READS,
    },
    'PUT /api/projects/:id/tracker': {
      prepare: at(`/api/projects/${ids.a}/tracker`, { kind: 'github', project: 'acme/shop' }),
      expected: LIMITED_REFUSED,
    },
    'DELETE /api/projects/:id/tracker': {
      prepare: async () => ({
        url: `/api/projects/${await freshTracker(await freshProjectWithLimitedMember())}/tracker`,
      }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/test-cases/:id/defects': {
      prepare: at(`/api/test-cases/${ids.case}/defects`),
      expected: LIMITED_READS,
    },
    'POST /api/test-cases/:id/defects': {
      prepare: async () => ({
        url: `/api/test-cases/${ids.case}/defects`,
        payload: { defect: `https://bugs.example.com/${next()}` },
      }),
      expected: LIMITED_REFUSED_CREATE,
    },
    // The limited member holds neither execute_test_cycle nor home_test_cycle.
    'GET /api/cycle-items/:id/defects': {
      prepare: async () => ({ url: `/api/cycle-items/${(await freshCycle()).itemId}/defects` }),
      expected: LIMITED_REFUSED,
    },
    'POST /api/cycle-items/:id/defects': {
      prepare: async () => ({
        url: `/api/cycle-items/${(await freshCycle()).itemId}/defects`,
        payload: { defect: 'https://bugs.example.com/1' },
      }),
      expected: LIMITED_REFUSED_CREATE,
    },
    'DELETE /api/defect-links/:id': {
      prepare: async () => ({ url: `/api/defect-links/${await freshDefectLink()}` }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/cycles/:id/defects': {
      prepare: async () => ({ url: `/api/cycles/${(await freshCycle()).id}/defects` }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/cycle-results/:id/new-issue': {
      prepare: async () => {
        await freshTracker(ids.a);
        return { url: `/api/cycle-results/${await freshResult()}/new-issue` };
      },
      expected: LIMITED_REFUSED,
    },
    // Reading a thread needs only seeing the project; writing needs comment, which the limited
    // member lacks; editing and deleting are the author's (the administrator's here).
    'GET /api/test-cases/:id/comments': {
      prepare: at(`/api/test-cases/${ids.case}/comments`),
      expected: LIMITED_READS,
    },
    'POST /api/test-cases/:id/comments': {
      prepare: at(`/api/test-cases/${ids.case}/comments`, { body: 'A note' }),
      expected: LIMITED_REFUSED_CREATE,
    },
    'GET /api/cycle-items/:id/comments': {
      prepare: async () => ({ url: `/api/cycle-items/${(await freshCycle()).itemId}/comments` }),
      expected: LIMITED_READS,
    },
    'POST /api/cycle-items/:id/comments': {
      prepare: async () => ({
        url: `/api/cycle-items/${(await freshCycle()).itemId}/comments`,
        payload: { body: 'A note' },
      }),
      expected: LIMITED_REFUSED_CREATE,
    },
    'PUT /api/comments/:id': {
      prepare: async () => ({ url: `/api/comments/${await freshComment()}`, payload: { body: 'Changed' } }),
      expected: LIMITED_REFUSED,
    },
    'DELETE /api/comments/:id': {
      prepare: async () => ({ url: `/api/comments/${await freshComment()}` }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/projects/:id/mentionable': {
      prepare: at(`/api/projects/${ids.a}/mentionable?q=a`),
      expected: LIMITED_READS,
    },
    // docs/product/notifications.md: each person's own inbox and settings; watching a gate needs
    // only seeing the project; the unsubscribe link needs no session (a made-up one is refused).
    'GET /api/notifications': { prepare: at('/api/notifications'), expected: SIGNED_IN },
    'POST /api/notifications/read': {
      prepare: at('/api/notifications/read', { all: true }),
      expected: SIGNED_IN,
    },
    'GET /api/me/notification-settings': {
      prepare: at('/api/me/notification-settings'),
      expected: SIGNED_IN,
    },
    'PUT /api/me/notification-settings': {
      prepare: at('/api/me/notification-settings', { settings: [{ kind: 'replied', channel: 'in_app' }] }),
      expected: SIGNED_IN,
    },
    'GET /api/projects/:id/watch': { prepare: at(`/api/projects/${ids.a}/watch`), expected: LIMITED_READS },
    'PUT /api/projects/:id/watch': {
      prepare: at(`/api/projects/${ids.a}/watch`, { watching: true }),
      expected: LIMITED_READS,
    },
    'GET /api/notifications/unsubscribe': {
      prepare: at('/api/notifications/unsubscribe?token=1.mentioned.made-up'),
      expected: [400, 400, 400, 400, 400],
    },
    'POST /api/notifications/unsubscribe': {
      prepare: async () => ({
        url: '/api/notifications/unsubscribe?token=1.mentioned.made-up',
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      expected: [400, 400, 400, 400, 400],
    },
    'GET /api/projects/:id/webhooks': {
      prepare: at(`/api/projects/${ids.a}/webhooks`),
      expected: LIMITED_REFUSED,
    },
    'POST /api/projects/:id/webhooks': {
      prepare: async () => ({
        url: `/api/projects/${await freshProjectWithLimitedMember()}/webhooks`,
        payload: WEBHOOK_BODY,
      }),
      expected: LIMITED_REFUSED_CREATE,
    },
    'PUT /api/webhooks/:id': {
      prepare: async () => ({
        url: `/api/webhooks/${await freshWebhook()}`,
        payload: { failures_only: true },
      }),
      expected: LIMITED_REFUSED,
    },
    'DELETE /api/webhooks/:id': {
      prepare: async () => ({ url: `/api/webhooks/${await freshWebhook()}` }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/webhooks/:id/deliveries': {
      prepare: async () => ({ url: `/api/webhooks/${await freshWebhook()}/deliveries` }),
      expected: LIMITED_REFUSED,
    },
    'POST /api/webhook-deliveries/:id/redeliver': {
      prepare: async () => ({ url: `/api/webhook-deliveries/${await freshDelivery()}/redeliver` }),
      expected: LIMITED_REFUSED_CREATE,
    },
    'GET /api/projects/:id/milestones': {
      prepare: at(`/api/projects/${ids.a}/milestones`),
      expected: LIMITED_REFUSED,
    },
    'POST /api/projects/:id/milestones': {
      prepare: async () => ({ url: `/api/projects/${ids.a}/milestones`, payload: { name: `m${next()}` } }),
      expected: LIMITED_REFUSED_CREATE,
    },
    'GET /api/milestones/:id': {
      prepare: async () => ({ url: `/api/milestones/${await freshMilestone()}` }),
      expected: LIMITED_REFUSED,
    },
    'PUT /api/milestones/:id': {
      prepare: async () => ({
        url: `/api/milestones/${await freshMilestone()}`,
        payload: { state: 'completed' },
      }),
      expected: LIMITED_REFUSED,
    },
    'DELETE /api/milestones/:id': {
      prepare: async () => ({ url: `/api/milestones/${await freshMilestone()}` }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/milestones/:id/readiness': {
      prepare: async () => ({ url: `/api/milestones/${await freshMilestone()}/readiness` }),
      expected: LIMITED_REFUSED,
    },
    'PUT /api/milestones/:id/readiness-rules': {
      prepare: async () => ({
        url: `/api/milestones/${await freshMilestone()}/readiness-rules`,
        payload: { max_untested: 0, min_pass_rate: 90, no_new_failures: true, no_open_defects: false },
      }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/milestones/:id/defects': {
      prepare: async () => ({ url: `/api/milestones/${await freshMilestone()}/defects` }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/milestones/:id/sign-off': {
      prepare: async () => ({ url: `/api/milestones/${await freshMilestone()}/sign-off` }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/milestones/:id/sign-off.pdf': {
      prepare: async () => ({ url: `/api/milestones/${await freshMilestone()}/sign-off.pdf` }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/projects/:id/requirements': {
      prepare: at(`/api/projects/${ids.a}/requirements`),
      expected: LIMITED_REFUSED,
    },
    'POST /api/projects/:id/requirements': {
      prepare: at(`/api/projects/${ids.a}/requirements`, { title: 'r' }),
      expected: LIMITED_REFUSED_CREATE,
    },
    'GET /api/requirements/:id': {
      prepare: async () => ({ url: `/api/requirements/${await freshRequirement()}` }),
      expected: LIMITED_REFUSED,
    },
    'PUT /api/requirements/:id': {
      prepare: async () => ({
        url: `/api/requirements/${await freshRequirement()}`,
        payload: { title: 'r2' },
      }),
      expected: LIMITED_REFUSED,
    },
    'DELETE /api/requirements/:id': {
      prepare: async () => ({ url: `/api/requirements/${await freshRequirement()}` }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/projects/:id/shared-steps': {
      prepare: at(`/api/projects/${ids.a}/shared-steps`),
      expected: LIMITED_READS,
    },
    'POST /api/projects/:id/shared-steps': {
      prepare: async () => ({
        url: `/api/projects/${ids.a}/shared-steps`,
        payload: { name: `s${next()}`, steps: [{ action: 'Open', expected: 'Opens' }] },
      }),
      expected: LIMITED_REFUSED_CREATE,
    },
    'GET /api/shared-steps/:id': {
      prepare: async () => ({ url: `/api/shared-steps/${await freshSharedSteps()}` }),
      expected: LIMITED_READS,
    },
    'PUT /api/shared-steps/:id': {
      prepare: async () => ({
        url: `/api/shared-steps/${await freshSharedSteps()}`,
        payload: { description: 'changed' },
      }),
      expected: LIMITED_REFUSED,
    },
    'DELETE /api/shared-steps/:id': {
      prepare: async () => ({ url: `/api/shared-steps/${await freshSharedSteps()}` }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/shared-steps/:id/usage': {
      prepare: async () => ({ url: `/api/shared-steps/${await freshSharedSteps()}/usage` }),
      expected: LIMITED_READS,
    },
    'GET /api/requirements/:id/versions': {
      prepare: async () => ({ url: `/api/requirements/${await freshRequirement()}/versions` }),
      expected: LIMITED_REFUSED,
    },
    'PUT /api/test-cases/:id/requirements': {
      prepare: async () => ({
        url: `/api/test-cases/${ids.case}/requirements`,
        payload: { requirement_ids: [await freshRequirement()] },
      }),
      expected: LIMITED_REFUSED,
    },
    'PUT /api/requirements/:id/cases': {
      prepare: async () => ({
        url: `/api/requirements/${await freshRequirement()}/cases`,
        payload: { case_ids: [ids.case] },
      }),
      expected: LIMITED_REFUSED,
    },
    'POST /api/requirements/:id/cases': {
      prepare: async () => ({
        url: `/api/requirements/${await freshRequirement()}/cases`,
        payload: { case_ids: [ids.case] },
      }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/projects/:id/traceability': {
      prepare: at(`/api/projects/${ids.a}/traceability`),
      expected: LIMITED_REFUSED,
    },
    'GET /api/projects/:id/traceability.csv': {
      prepare: at(`/api/projects/${ids.a}/traceability.csv`),
      expected: LIMITED_REFUSED,
    },
    'GET /api/projects/:id/plans': {
      prepare: at(`/api/projects/${ids.a}/plans`),
      expected: LIMITED_REFUSED,
    },
    'POST /api/projects/:id/plans': {
      prepare: async () => ({
        url: `/api/projects/${ids.a}/plans`,
        payload: { name: `p${next()}`, entries: [{ case_ids: [ids.case] }] },
      }),
      expected: LIMITED_REFUSED_CREATE,
    },
    'GET /api/plans/:id': {
      prepare: async () => ({ url: `/api/plans/${await freshPlan()}` }),
      expected: LIMITED_REFUSED,
    },
    'PUT /api/plans/:id': {
      prepare: async () => ({ url: `/api/plans/${await freshPlan()}`, payload: { description: 'd' } }),
      expected: LIMITED_REFUSED,
    },
    'DELETE /api/plans/:id': {
      prepare: async () => ({ url: `/api/plans/${await freshPlan()}?cycles=delete` }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/projects/:id/configuration-groups': {
      prepare: at(`/api/projects/${ids.a}/configuration-groups`),
      expected: LIMITED_READS,
    },
    'POST /api/projects/:id/configuration-groups': {
      prepare: async () => ({
        url: `/api/projects/${ids.a}/configuration-groups`,
        payload: { name: `g${next()}`, configurations: ['Linux'] },
      }),
      expected: LIMITED_REFUSED_CREATE,
    },
    'PUT /api/configuration-groups/:id': {
      prepare: async () => ({
        url: `/api/configuration-groups/${await freshConfigurationGroup()}`,
        payload: { configurations: ['Chrome', 'Firefox'] },
      }),
      expected: LIMITED_REFUSED,
    },
    'DELETE /api/configuration-groups/:id': {
      prepare: async () => ({ url: `/api/configuration-groups/${await freshConfigurationGroup()}` }),
      expected: LIMITED_REFUSED,
    },
    'GET /api/my-work': { prepare: at('/api/my-work'), expected: SIGNED_IN },
    'GET /api/events': { prepare: at('/api/events'), expected: SIGNED_IN, stream: true },
  };
}

function tokenOf(actor: Actor, fresh: boolean): string | undefined {
  if (actor === 'anonymous') return undefined;
  if (actor === 'administrator') return fresh ? t.app.tokens.sign(1, 0) : admin;
  const user = users[actor];
  return fresh ? t.app.tokens.sign(user.id, 0) : user.token;
}

describe('every route', () => {
  it('declares the permission it needs, or stands on the explicit public list', () => {
    const problems: string[] = [];
    const publicRoutes = new Set<string>();
    for (const route of t.app.routeCatalogue) {
      if (!route.url.startsWith('/api') || route.method === 'HEAD') continue;
      const access = route.options.config?.access;
      if (!access) problems.push(`${routeKey(route)} declares no access`);
      else if (access === 'public') {
        publicRoutes.add(routeKey(route));
        if (!PUBLIC_ROUTES.has(routeKey(route)))
          problems.push(`${routeKey(route)} is public but not on the list`);
      } else if (typeof access === 'object' && 'global' in access) {
        if (access.global.length === 0) problems.push(`${routeKey(route)} needs an empty set of permissions`);
      } else if (typeof access === 'object' && !('project' in access)) {
        problems.push(`${routeKey(route)} has an unknown access rule`);
      }
    }
    expect(problems).toEqual([]);
    // Sign-in, health, readiness, the metrics and the API documentation, nothing else.
    expect([...publicRoutes].sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('a route that declares no access rule stops the server from starting', async () => {
    const { buildApp } = await import('../src/app.ts');
    const { loadConfig } = await import('../src/config.ts');
    const app = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), database: t.database });
    expect(() => app.get('/api/forgotten', async () => ({}))).toThrow(/declares no access rule/);
    expect(() => app.get('/api/sneaky', { config: { access: 'public' } }, async () => ({}))).toThrow(
      /not on the public list/,
    );
    // A write must say whether it empties the auth cache; error responses come from config only.
    expect(() => app.post('/api/unsaid', { config: { access: 'signed-in' } }, async () => ({}))).toThrow(
      /writes but declares no authCache/,
    );
    const byHand = { config: { access: 'signed-in' as const }, schema: { response: { 404: ErrorResponse } } };
    expect(() => app.get('/api/by-hand', byHand, async () => ({}))).toThrow(/list them in config.errors/);
    await app.close();
  });

  it('lists its error responses: 400 always, 401 if it needs a caller, 403 if its rule can refuse, 429 if an API token may call it', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const problems: string[] = [];
    for (const route of apiRoutes(t.app)) {
      const { access, sessionOnly, errors = [] } = route.options.config ?? {};
      const expected = new Set([400, ...errors]);
      if (access !== 'public') expected.add(401);
      if (typeof access === 'object' || sessionOnly) expected.add(403);
      if (access !== 'public' && !sessionOnly) expected.add(429);
      const schema = (route.options.schema?.response ?? {}) as Record<string, unknown>;
      const declared = Object.keys(schema)
        .map(Number)
        .filter((status) => status >= 400);
      if (declared.sort().join() !== [...expected].sort().join()) {
        problems.push(`${routeKey(route)} declares ${declared.join(', ')}`);
      }
      if (declared.some((status) => schema[status] !== ERROR_RESPONSE_REF)) {
        problems.push(`${routeKey(route)} answers an error without the ErrorResponse reference`);
      }
      const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      const documented = Object.keys(doc.paths[path]?.[route.method.toLowerCase()]?.responses ?? {});
      for (const status of expected) {
        if (!documented.includes(String(status)))
          problems.push(`${routeKey(route)}: ${status} not in the docs`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('declares on every write whether it empties the auth cache', () => {
    const declared: Record<string, string[]> = { invalidates: [], keeps: [], missing: [] };
    for (const route of apiRoutes(t.app)) {
      if (route.method === 'GET') continue;
      declared[route.options.config?.authCache ?? 'missing']!.push(routeKey(route));
    }
    expect(declared.missing).toEqual([]);
    // Sign-in records attempts; suites, cases, runs and imports touch nothing authorization reads.
    expect(declared.keeps!.sort()).toEqual(
      [
        'POST /api/auth/login',
        'POST /api/auth/totp/setup',
        'POST /api/auth/totp/start',
        'POST /api/auth/totp/enable',
        'POST /api/auth/totp/disable',
        'POST /api/auth/password-reset',
        'POST /api/projects/:id/import/junit',
        'POST /api/projects/:id/import/results',
        'POST /api/projects/:id/live-runs',
        'POST /api/live-runs/:id/results',
        'POST /api/live-runs/:id/finish',
        'POST /api/testsuites/create',
        'PUT /api/testsuites/update/:id',
        'DELETE /api/testsuites/delete/:id',
        'POST /api/test-cases/project/:id/create',
        'POST /api/test-cases/suite/:id/create',
        'POST /api/test-cases/parent/:id/create',
        'PUT /api/test-cases/update/:id',
        'DELETE /api/test-cases/delete/:id',
        'POST /api/test-cases/:id/merge',
        'POST /api/testruns/create/:caseId',
        'PUT /api/testruns/update/:id',
        'DELETE /api/testruns/delete/:id',
        'POST /api/projects/:id/cycles',
        'PUT /api/cycles/:id',
        'DELETE /api/cycles/:id',
        'PUT /api/cycles/:id/assign',
        'POST /api/cycle-items/:id/results',
        'DELETE /api/cycle-results/:id',
        'POST /api/test-cases/:id/attachments',
        'POST /api/cycle-results/:id/attachments',
        'POST /api/cycle-results/:id/evidence',
        'DELETE /api/attachments/:id',
        'POST /api/projects/:id/case-fields',
        'PUT /api/case-fields/:id',
        'DELETE /api/case-fields/:id',
        'POST /api/test-cases/:id/versions/:version/restore',
        'PUT /api/test-cases/:id/quarantine',
        'DELETE /api/test-cases/:id/quarantine',
        'PUT /api/projects/:id/flaky-settings',
        'PUT /api/projects/:id/evidence-retention',
        'POST /api/projects/:id/saved-searches',
        'DELETE /api/saved-searches/:id',
        'POST /api/projects/:id/cases/bulk/preview',
        'POST /api/projects/:id/cases/bulk',
        'POST /api/projects/:id/case-imports/preview',
        'POST /api/projects/:id/case-imports',
        'POST /api/projects/:id/requirement-imports/preview',
        'POST /api/projects/:id/requirement-imports',
        'PUT /api/projects/:id/tracker',
        'DELETE /api/projects/:id/tracker',
        'POST /api/test-cases/:id/defects',
        'POST /api/cycle-items/:id/defects',
        'DELETE /api/defect-links/:id',
        'POST /api/test-cases/:id/comments',
        'POST /api/cycle-items/:id/comments',
        'PUT /api/comments/:id',
        'DELETE /api/comments/:id',
        'POST /api/notifications/read',
        'PUT /api/me/notification-settings',
        'PUT /api/projects/:id/watch',
        'POST /api/notifications/unsubscribe',
        'POST /api/projects/:id/webhooks',
        'PUT /api/webhooks/:id',
        'DELETE /api/webhooks/:id',
        'POST /api/webhook-deliveries/:id/redeliver',
        'POST /api/projects/:id/milestones',
        'PUT /api/milestones/:id',
        'DELETE /api/milestones/:id',
        'PUT /api/milestones/:id/readiness-rules',
        'POST /api/projects/:id/plans',
        'PUT /api/plans/:id',
        'DELETE /api/plans/:id',
        'POST /api/projects/:id/configuration-groups',
        'PUT /api/configuration-groups/:id',
        'DELETE /api/configuration-groups/:id',
        // The MCP envelope: each tool's own API call declares what it changes.
        'POST /api/mcp',
        'DELETE /api/mcp',
        'POST /api/projects/:id/requirements',
        'PUT /api/requirements/:id',
        'DELETE /api/requirements/:id',
        'PUT /api/test-cases/:id/requirements',
        'PUT /api/requirements/:id/cases',
        'POST /api/requirements/:id/cases',
        'POST /api/projects/:id/shared-steps',
        'PUT /api/shared-steps/:id',
        'DELETE /api/shared-steps/:id',
      ].sort(),
    );
  });

  it('answers each caller as the expected table says', { timeout: 300_000 }, async () => {
    const rows = table();
    const routes = new Map(apiRoutes(t.app).map((route) => [routeKey(route), route]));
    const registered = [...routes.keys()].sort();
    expect(Object.keys(rows).sort()).toEqual(registered);
    const differences: string[] = [];
    for (const key of registered) {
      const row = rows[key]!;
      const method = key.split(' ')[0] as 'GET';
      for (const [i, actor] of ACTORS.entries()) {
        const { url, payload, headers } = await row.prepare();
        const res = await send(
          row,
          { method, url, payload, headers, token: tokenOf(actor, row.freshToken ?? false) },
          row.expected[i]!,
        );
        if (res.statusCode !== row.expected[i]) {
          differences.push(
            `${key} as ${actor}: ${res.statusCode} (expected ${row.expected[i]}) ${res.body.slice(0, 120)}`,
          );
        }
        if (res.statusCode >= 400) expect(Object.keys(res.json())).toContain('message');
        const declared = (routes.get(key)?.options.schema?.response ?? {}) as Record<string, unknown>;
        if (!(String(res.statusCode) in declared)) {
          differences.push(`${key} as ${actor}: ${res.statusCode} is not among its declared responses`);
        }
      }
    }
    expect(differences).toEqual([]);
  });
});

// Changing passwords, emails, users, sub-users, roles, permissions or API tokens needs a signed-in
// session: a personal API token is refused there (403), and answers as its owner everywhere else.
const SESSION_ONLY = [
  'POST /api/users/create',
  'PUT /api/users/edit/:id',
  'DELETE /api/users/delete/:id',
  'DELETE /api/users/:id/totp',
  'POST /api/users/create-subuser',
  'PUT /api/users/update-subuser/:id',
  'POST /api/roles/create',
  'PUT /api/roles/update/:id',
  'DELETE /api/roles/delete/:id',
  'POST /api/permissions/create',
  'PUT /api/permissions/update/:id',
  'DELETE /api/permissions/delete/:id',
  'POST /api/api-tokens',
  'DELETE /api/api-tokens/:id',
];

describe('a personal API token', () => {
  it('is refused (403) on exactly the routes that need a signed-in session', () => {
    const marked = t.app.routeCatalogue
      .filter((r) => r.method !== 'HEAD' && r.options.config?.sessionOnly)
      .map(routeKey);
    expect(marked.sort()).toEqual([...SESSION_ONLY].sort());
  });

  it('answers every route as its owner would, except those, where it answers 403', {
    timeout: 300_000,
  }, async () => {
    const token = expectStatus(await adminApi().post('/api/api-tokens', { name: 'matrix' }), 201).token;
    const rows = table();
    const differences: string[] = [];
    for (const key of apiRoutes(t.app).map(routeKey).sort()) {
      const row = rows[key]!;
      const { url, payload, headers } = await row.prepare();
      // Logout ends a session; an API token has none to end.
      const expected = SESSION_ONLY.includes(key)
        ? 403
        : key === 'POST /api/auth/logout'
          ? 401
          : row.expected[4];
      const res = await send(
        row,
        { method: key.split(' ')[0] as 'GET', url, payload, headers, token },
        expected,
      );
      if (res.statusCode !== expected) {
        differences.push(`${key}: ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 120)}`);
      }
      if (SESSION_ONLY.includes(key)) expect(res.json().message).toMatch(/signed-in session/);
    }
    expect(differences).toEqual([]);
  });
});

const STRONGER_ACTORS = [
  'user admin',
  'sub-user manager',
  'roles editor',
  'every permission',
  'administrator',
  'administrator API token',
] as const;
type StrongerActor = (typeof STRONGER_ACTORS)[number];

describe('acting on stronger users and roles', () => {
  it('answers each actor as the expected table says, and a refusal changes nothing', {
    timeout: 300_000,
  }, async () => {
    const every = (await t.db.select({ name: permissions.name }).from(permissions)).map((p) => p.name);
    const actors: Record<Exclude<StrongerActor, 'administrator' | 'administrator API token'>, TestUser> = {
      'user admin': await createUser(t, {
        permissions: ['view_admin_home', 'add_admin_home', 'edit_admin_home', 'delete_admin_home'],
      }),
      'sub-user manager': await createUser(t, {
        permissions: [
          'manage_sub_users_home',
          'manage_sub_users_add',
          'manage_sub_users_edit',
          'manage_sub_users_delete',
        ],
      }),
      'roles editor': await createUser(t, {
        permissions: ['manage_roles_home', 'manage_roles_add', 'manage_roles_edit', 'manage_roles_delete'],
      }),
      // Every permission there is, through another role than Administrator.
      'every permission': await createUser(t, { permissions: every }),
    };
    const apiToken = expectStatus(await adminApi().post('/api/api-tokens', { name: 'stronger' }), 201).token;
    const [adminRole] = await t.db.select().from(roles).where(eq(roles.builtIn, true));
    const adminRoleBody = async () => {
      const role = expectStatus(await adminApi().get(`/api/roles/get-role/${adminRole!.id}`), 200);
      return {
        name: role.name,
        description: role.description,
        permissionIds: role.Permissions.map((p: { id: number }) => p.id),
      };
    };
    const idOf = (actor: StrongerActor) =>
      actor === 'administrator' || actor === 'administrator API token' ? 1 : actors[actor].id;
    const tokenOf = (actor: StrongerActor) =>
      actor === 'administrator'
        ? admin
        : actor === 'administrator API token'
          ? apiToken
          : actors[actor].token;
    const stronger = () => createUser(t, { permissions: ['delete_project', 'home_project'] });
    const subUserOf = async (actor: StrongerActor, names: string[]) => {
      const user = await createUser(t, { permissions: names });
      await t.db
        .update(usersTable)
        .set({ accountId: idOf(actor), parentId: idOf(actor) })
        .where(eq(usersTable.id, user.id));
      return user;
    };
    const same = (u: { username: string; email: string }) => ({ username: u.username, email: u.email });
    const ADMIN = { username: 'admin', email: ADMIN_EMAIL };

    type Call = (
      actor: StrongerActor,
    ) => Promise<{ method: 'GET' | 'PUT' | 'DELETE'; url: string; payload?: object }>;
    // Answers for: user admin, sub-user manager, roles editor, every permission, administrator, API token.
    const rows: [string, Call, [number, number, number, number, number, number]][] = [
      [
        // A backup holds the signing key and every password hash: the Administrator role's alone.
        'download a backup',
        async () => ({ method: 'GET', url: '/api/backup' }),
        [403, 403, 403, 403, 200, 200],
      ],
      [
        'edit the Administrator, changing nothing',
        async () => ({ method: 'PUT', url: '/api/users/edit/1', payload: ADMIN }),
        [403, 403, 403, 200, 200, 403],
      ],
      [
        'deactivate the Administrator',
        async () => ({ method: 'PUT', url: '/api/users/edit/1', payload: { ...ADMIN, status: 'inactive' } }),
        [403, 403, 403, 409, 409, 403],
      ],
      [
        "take the Administrator's roles",
        async () => ({ method: 'PUT', url: '/api/users/edit/1', payload: { ...ADMIN, roleIds: [] } }),
        [403, 403, 403, 409, 409, 403],
      ],
      [
        'delete the Administrator',
        async () => ({ method: 'DELETE', url: '/api/users/delete/1' }),
        [403, 403, 403, 409, 409, 403],
      ],
      [
        'edit a stronger user',
        async () => {
          const u = await stronger();
          return {
            method: 'PUT',
            url: `/api/users/edit/${u.id}`,
            payload: { ...same(u), username: `${u.username}-x` },
          };
        },
        [403, 403, 403, 200, 200, 403],
      ],
      [
        'take a stronger user’s roles',
        async () => {
          const u = await stronger();
          return { method: 'PUT', url: `/api/users/edit/${u.id}`, payload: { ...same(u), roleIds: [] } };
        },
        [403, 403, 403, 200, 200, 403],
      ],
      [
        'delete a stronger user',
        async () => ({ method: 'DELETE', url: `/api/users/delete/${(await stronger()).id}` }),
        [403, 403, 403, 200, 200, 403],
      ],
      [
        'deactivate a stronger sub-user of the account',
        async (actor) => {
          const u = await subUserOf(actor, ['delete_project']);
          return {
            method: 'PUT',
            url: `/api/users/update-subuser/${u.id}`,
            payload: { ...same(u), status: 'inactive' },
          };
        },
        [403, 403, 403, 200, 200, 403],
      ],
      [
        'delete a stronger sub-user of the account',
        async (actor) => ({
          method: 'DELETE',
          url: `/api/users/delete/${(await subUserOf(actor, ['delete_project'])).id}`,
        }),
        [403, 403, 403, 200, 200, 403],
      ],
      [
        'deactivate a weaker sub-user of the account',
        async (actor) => {
          const u = await subUserOf(actor, []);
          return {
            method: 'PUT',
            url: `/api/users/update-subuser/${u.id}`,
            payload: { ...same(u), status: 'inactive' },
          };
        },
        [403, 200, 403, 200, 200, 403],
      ],
      [
        'edit a weaker user',
        async () => {
          const u = await createUser(t);
          return {
            method: 'PUT',
            url: `/api/users/edit/${u.id}`,
            payload: { ...same(u), status: 'inactive' },
          };
        },
        [200, 403, 403, 200, 200, 403],
      ],
      [
        'describe the Administrator role',
        async () => ({
          method: 'PUT',
          url: `/api/roles/update/${adminRole!.id}`,
          payload: { name: adminRole!.name, description: adminRole!.description },
        }),
        [403, 403, 403, 200, 200, 403],
      ],
      [
        'rename the Administrator role',
        async () => ({
          method: 'PUT',
          url: `/api/roles/update/${adminRole!.id}`,
          payload: { ...(await adminRoleBody()), name: 'Superusers' },
        }),
        [403, 403, 403, 409, 409, 403],
      ],
      [
        'take a permission from the Administrator role',
        async () => {
          const body = await adminRoleBody();
          return {
            method: 'PUT',
            url: `/api/roles/update/${adminRole!.id}`,
            payload: { ...body, permissionIds: body.permissionIds.slice(1) },
          };
        },
        [403, 403, 403, 409, 409, 403],
      ],
      [
        'delete the Administrator role',
        async () => ({ method: 'DELETE', url: `/api/roles/delete/${adminRole!.id}` }),
        [403, 403, 403, 409, 409, 403],
      ],
      [
        'rename a stronger role',
        async () => ({
          method: 'PUT',
          url: `/api/roles/update/${await createRole(t, ['delete_project'])}`,
          payload: { name: `renamed-${next()}`, description: '' },
        }),
        [403, 403, 403, 200, 200, 403],
      ],
      [
        'cut a stronger role',
        async () => ({
          method: 'PUT',
          url: `/api/roles/update/${await createRole(t, ['delete_project', 'home_project'])}`,
          payload: { name: `cut-${next()}`, description: '', permissionIds: [] },
        }),
        [403, 403, 403, 200, 200, 403],
      ],
      [
        'delete a stronger role',
        async () => ({
          method: 'DELETE',
          url: `/api/roles/delete/${await createRole(t, ['delete_project'])}`,
        }),
        [403, 403, 403, 200, 200, 403],
      ],
      [
        'rename a weaker role',
        async () => ({
          method: 'PUT',
          url: `/api/roles/update/${await createRole(t, [])}`,
          payload: { name: `weak-${next()}`, description: '' },
        }),
        [403, 403, 200, 200, 200, 403],
      ],
    ];

    const differences: string[] = [];
    for (const [what, call, expected] of rows) {
      for (const [i, actor] of STRONGER_ACTORS.entries()) {
        const { method, url, payload } = await call(actor);
        const before = await checksum(t.db, ['api_tokens', 'login_failures']);
        const res = await t.request({ method, url, token: tokenOf(actor), ...(payload ? { payload } : {}) });
        if (res.statusCode !== expected[i]) {
          // A backup's body is gzip: only a JSON answer says something worth showing.
          const said = String(res.headers['content-type']).includes('json') ? res.body.slice(0, 140) : '';
          differences.push(`${what} as ${actor}: ${res.statusCode} (expected ${expected[i]}) ${said}`);
        }
        if (res.statusCode >= 400) {
          expect(res.json().message).toBeTypeOf('string');
          expect(await checksum(t.db, ['api_tokens', 'login_failures']), `${what} as ${actor}`).toEqual(
            before,
          );
        }
      }
    }
    expect(differences).toEqual([]);
  });
});

describe('objects of another project', () => {
  it('answer 404 through every path, including mismatched nested ids, and nothing changes', async () => {
    // A member of A with every project permission there reaches for B's suites, cases, runs and members.
    const fullRole = await createRole(t, PROJECT_PERMISSIONS);
    const member = await createUser(t);
    await addMember(t, ids.a, member.id, fullRole);
    const bSuite = await freshSuite(ids.b);
    const bCase = await freshCase(bSuite);
    const bChild = expectStatus(
      await adminApi().post(`/api/test-cases/parent/${bCase}/create`, { name: 'child' }),
      201,
    ).testCase.id;
    const bRun = await freshRun(bChild);
    const bMember = await freshMember(ids.b);
    const b = ids.b;
    const calls: [string, string, (object | string)?][] = [
      ['GET', `/api/projects/detail/${b}`],
      ['PUT', `/api/projects/update/${b}`, { name: 'taken' }],
      ['DELETE', `/api/projects/delete/${b}`],
      ['POST', '/api/projects/add-user', { projectId: b, userId: member.id, roleId: fullRole }],
      ['PUT', `/api/projects/${b}/user/${bMember}/change-role`, { roleId: fullRole }],
      ['DELETE', `/api/projects/${b}/user/${bMember}/remove`],
      // Project A in the path, a member of B only: not a member here.
      ['PUT', `/api/projects/${ids.a}/user/${bMember}/change-role`, { roleId: fullRole }],
      ['DELETE', `/api/projects/${ids.a}/user/${bMember}/remove`],
      ['GET', `/api/testsuites/project/${b}`],
      ['GET', `/api/test-suites/project/${b}`],
      ['POST', '/api/testsuites/create', { project_id: b, name: 'planted' }],
      ['GET', `/api/testsuites/detail/${bSuite}`],
      ['PUT', `/api/testsuites/update/${bSuite}`, { name: 'taken' }],
      ['DELETE', `/api/testsuites/delete/${bSuite}`],
      ['GET', `/api/test-cases/project/${b}`],
      ['GET', `/api/test-cases/suite/${bSuite}`],
      ['GET', `/api/test-cases/parent/${bCase}`],
      ['POST', `/api/test-cases/project/${b}/create`, { name: 'planted' }],
      ['POST', `/api/test-cases/suite/${bSuite}/create`, { name: 'planted' }],
      ['POST', `/api/test-cases/parent/${bCase}/create`, { name: 'planted' }],
      ['POST', `/api/test-cases/parent/${bChild}/create`, { name: 'planted' }],
      ['GET', `/api/test-cases/single/${bChild}`],
      ['PUT', `/api/test-cases/update/${bChild}`, { name: 'taken' }],
      ['DELETE', `/api/test-cases/delete/${bCase}`],
      ['GET', `/api/testruns/testcase/${bChild}`],
      ['POST', `/api/testruns/create/${bChild}`, { status: 'failed' }],
      ['GET', `/api/testruns/detail/${bRun}`],
      ['PUT', `/api/testruns/update/${bRun}`, { status: 'passed' }],
      ['DELETE', `/api/testruns/delete/${bRun}`],
      ['POST', `/api/projects/${b}/import/junit`, JUNIT],
      ['POST', `/api/projects/${b}/import/results`, JUNIT],
      ['POST', `/api/projects/${b}/cases/bulk`, { selection: { ids: [bCase] }, action: 'delete' }],
      ['POST', `/api/projects/${b}/cases/bulk/preview`, { selection: { ids: [bCase] } }],
    ];
    const before = await checksum(t.db);
    const answers: string[] = [];
    for (const [method, url, payload] of calls) {
      const res = await t.request({
        method: method as 'GET',
        url,
        token: member.token,
        ...(payload === undefined ? {} : { payload }),
        ...(typeof payload === 'string' ? { headers: { 'content-type': 'application/xml' } } : {}),
      });
      answers.push(`${method} ${url} → ${res.statusCode} ${res.json().message}`);
      expect(res.statusCode, answers.at(-1)).toBe(404);
    }
    // The body's ids repeat the path's; a body naming project B under project A's path is refused.
    const mismatched = await as(t, member.token).put(`/api/projects/${ids.a}/user/${member.id}/change-role`, {
      projectId: b,
      userId: member.id,
      roleId: fullRole,
    });
    expectStatus(mismatched, 400);
    expect(await checksum(t.db)).toEqual(before);
    // The same calls work for the member inside their own project, so the 404s above are about B.
    expectStatus(await as(t, member.token).get(`/api/testsuites/project/${ids.a}`), 200);
  });

  it('a missing id and a hidden one answer the same', async () => {
    const outsider = users['no roles'];
    for (const [hidden, missing] of [
      [`/api/projects/detail/${ids.a}`, '/api/projects/detail/999999'],
      [`/api/testsuites/detail/${ids.suite}`, '/api/testsuites/detail/999999'],
      [`/api/test-cases/single/${ids.case}`, '/api/test-cases/single/999999'],
      [`/api/testruns/detail/${ids.run}`, '/api/testruns/detail/999999'],
    ] as const) {
      const a = await as(t, outsider.token).get(hidden);
      const b = await as(t, outsider.token).get(missing);
      expect([a.statusCode, a.body]).toEqual([b.statusCode, b.body]);
    }
  });
});
