import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createProject, createTree, expectStatus } from './helpers/fixtures.ts';
import { apiRoutes, routeKey } from './helpers/security.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Ids are plain positive decimal integers: one spelling per id. Other spellings that a number
 * parser would read as the same id (`+1`, ` 1`, `0x1`, `1e0`, `01`) answer 400 on every route,
 * in the path and in the query string. And a JSON body is taken as sent: a boolean or number
 * where a string is expected (or a string where a number is) is 400 naming the field, never
 * converted and stored.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  // Object 1 of every kind exists, so a wrongly accepted spelling of 1 would act on it.
  const project = await createProject(t, admin);
  await createTree(t, admin, project.id);
  expectStatus(await as(t, admin).post('/api/api-tokens', { name: 'ids' }), 201);
});
afterAll(() => t.close());

/** Spellings of 1 (or of another id) that are not the plain decimal form, as sent in a URL. */
const BAD_SPELLINGS = [
  '+1',
  '%2B1',
  '%201',
  '1%20',
  '%091',
  '0x1',
  '0x21',
  '1e0',
  '1e1',
  '01',
  '001',
  '1.0',
  '0b1',
];

type JsonSchema = { type?: unknown; properties?: Record<string, JsonSchema>; items?: JsonSchema };

function integerQueryFields(schema: JsonSchema | undefined): string[] {
  return Object.entries(schema?.properties ?? {})
    .filter(([, field]) => field.type === 'integer')
    .map(([name]) => name);
}

describe('ids are plain positive decimal integers', () => {
  it('every path id spelled otherwise (+1, %201, 0x21, 1e1, 01, …) answers 400 naming it, on every route', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const route of apiRoutes(t.app)) {
      const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
      for (const name of names) {
        for (const spelling of BAD_SPELLINGS) {
          const url = route.url.replace(/:([A-Za-z]+)/g, (_, param) => (param === name ? spelling : '1'));
          const junit = route.url.endsWith('/import/junit');
          const csv = route.url.includes('/case-imports') || route.url.includes('/requirement-imports');
          const res = await t.request({
            method: route.method as 'GET',
            url,
            token: admin,
            ...(junit
              ? { headers: { 'content-type': 'application/xml' }, payload: '<testsuites/>' }
              : csv
                ? { headers: { 'content-type': 'text/csv' }, payload: 'Name\nA case' }
                : route.method === 'POST' || route.method === 'PUT'
                  ? { payload: {} }
                  : {}),
          });
          checked++;
          const field = res.statusCode === 400 ? res.json().details?.[0]?.field : undefined;
          if (res.statusCode !== 400 || field !== name) {
            problems.push(
              `${routeKey(route)} ${name}=${spelling} → ${res.statusCode} ${res.body.slice(0, 100)}`,
            );
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(400);
    expect(problems).toEqual([]);
  });

  it('every integer in a query string (user_id, projectId, limit, offset, …) spelled otherwise answers 400 naming it', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const route of apiRoutes(t.app)) {
      const fields = integerQueryFields(route.options.schema?.querystring as JsonSchema | undefined);
      for (const name of fields) {
        for (const spelling of BAD_SPELLINGS) {
          const url = `${route.url.replace(/:[A-Za-z]+/g, '1')}?${name}=${spelling}`;
          const res = await t.request({ method: route.method as 'GET', url, token: admin });
          checked++;
          const field = res.statusCode === 400 ? res.json().details?.[0]?.field : undefined;
          if (res.statusCode !== 400 || field !== name) {
            problems.push(
              `${routeKey(route)} ?${name}=${spelling} → ${res.statusCode} ${res.body.slice(0, 100)}`,
            );
          }
        }
      }
    }
    // user_id of the audit log and projectId of the effective permissions among them.
    expect(checked).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });

  it('the plain spelling still works: path ids, query ids, and 0 where a count may be 0', async () => {
    const api = as(t, admin);
    expectStatus(await api.get('/api/projects/detail/1'), 200);
    expectStatus(await api.get('/api/audit-log?user_id=1&limit=5'), 200);
    expectStatus(await api.get('/api/users/list?offset=0&limit=1'), 200);
    expectStatus(await api.get('/api/users/1/effective-permissions?projectId=1'), 200);
  });
});

describe('JSON bodies are not type-coerced', () => {
  const cases: { url: string; body: Record<string, unknown>; field: string }[] = [
    { url: '/api/projects/create', body: { name: true }, field: 'name' },
    { url: '/api/projects/create', body: { name: 12345 }, field: 'name' },
    { url: '/api/projects/create', body: { name: 'p', description: false }, field: 'description' },
    { url: '/api/projects/create', body: { name: 'p', description: null }, field: 'description' },
    { url: '/api/roles/create', body: { name: 7, description: 'd', permissionIds: [] }, field: 'name' },
    {
      url: '/api/roles/create',
      body: { name: 'r', description: 'd', permissionIds: 1 },
      field: 'permissionIds',
    },
    {
      url: '/api/roles/create',
      body: { name: 'r', description: 'd', permissionIds: ['1'] },
      field: 'permissionIds.0',
    },
    { url: '/api/testsuites/create', body: { project_id: '1', name: 's' }, field: 'project_id' },
    { url: '/api/testsuites/create', body: { project_id: 1, name: false }, field: 'name' },
    { url: '/api/test-cases/project/1/create', body: { name: true }, field: 'name' },
    { url: '/api/testruns/create/2', body: { status: true }, field: 'status' },
    { url: '/api/api-tokens', body: { name: 1 }, field: 'name' },
    {
      url: '/api/users/create',
      body: { username: true, email: 'x@example.com', password: 'password-123', roleIds: [] },
      field: 'username',
    },
  ];

  for (const { url, body, field } of cases) {
    it(`POST ${url} ${JSON.stringify(body)} answers 400 naming ${field}`, async () => {
      const res = await as(t, admin).post(url, body);
      const answer = expectStatus(res, 400);
      expect(answer.details?.[0]?.field).toBe(field);
      expect(answer.message).toContain(field);
    });
  }

  it('nothing was stored as "true" or "12345"', async () => {
    const projects = expectStatus(await as(t, admin).get('/api/projects/list'), 200) as { name: string }[];
    expect(projects.map((p) => p.name)).not.toContain('true');
    expect(projects.map((p) => p.name)).not.toContain('12345');
  });

  it('a query string still carries numbers as text: ?limit=2 is the number 2', async () => {
    const page = expectStatus(await as(t, admin).get('/api/users/list?limit=1&offset=0'), 200);
    expect(Array.isArray(page) ? page.length : page.items?.length).toBeLessThanOrEqual(1);
  });
});
