import { isErrorCode } from '@verdict/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/app.ts';
import { addMember, createProject, createRole, createTree, createUser } from './helpers/fixtures.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { apiRoutes, routeKey, STREAM_ROUTES, withIds } from './helpers/security.ts';
import { createTestApp } from './helpers/test-app.ts';
import { startAdminWorld, type TestApp } from './helpers/world.ts';

/**
 * docs/security.md, "Input", "Output" and "Headers": schemas that refuse what they do not
 * know, a body limit, a fuzz of every route, text kept verbatim, and the security headers.
 */

let t: TestApp;
let admin: string;
let memberToken: string;
let projectId: number;
beforeAll(async () => {
  ({ t, admin } = await startAdminWorld());
  const project = await createProject(t, admin);
  projectId = project.id;
  await createTree(t, admin, project.id);
  const member = await createUser(t);
  await addMember(
    t,
    project.id,
    member.id,
    await createRole(t, ['home_test_case', 'add_test_run_in_test_case']),
  );
  memberToken = member.token;
});
afterAll(() => t.close());

type JsonSchema = {
  type?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: unknown;
  anyOf?: JsonSchema[];
};

/** Paths of object schemas (nested ones included) that accept properties they do not name. */
function openObjects(schema: JsonSchema | undefined, path: string): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const found: string[] = [];
  if (schema.type === 'object' && schema.additionalProperties !== false) found.push(path);
  for (const [name, child] of Object.entries(schema.properties ?? {}))
    found.push(...openObjects(child, `${path}.${name}`));
  if (schema.items) found.push(...openObjects(schema.items, `${path}[]`));
  for (const option of schema.anyOf ?? []) found.push(...openObjects(option, path));
  return found;
}

/** An error answer is `{message}`, with `details` only for a 400. */
function errorShapeProblem(res: LightMyRequestResponse): string | null {
  if (res.statusCode < 400) return null;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `not JSON: ${res.body.slice(0, 80)}`;
  }
  if (!body || typeof body !== 'object' || typeof (body as { message?: unknown }).message !== 'string') {
    return `no message: ${res.body.slice(0, 80)}`;
  }
  if (!isErrorCode((body as { code?: unknown }).code)) return `no code of the list: ${res.body.slice(0, 80)}`;
  const extra = Object.keys(body).filter((k) => k !== 'message' && k !== 'code' && k !== 'details');
  return extra.length > 0 ? `extra keys ${extra.join(', ')}` : null;
}

/**
 * The JUnit import takes XML, attachment uploads multipart/form-data, and the case and requirement
 * imports a CSV or XLSX file (415 for anything else).
 */
const takesNoJson = (url: string) =>
  // Reports (JUnit, and the results import's JSON too) are read under the import's own limit.
  url.endsWith('/import/junit') ||
  url.endsWith('/import/results') ||
  url.endsWith('/attachments') ||
  url.endsWith('/evidence') ||
  url.includes('/case-imports') ||
  url.includes('/requirement-imports');

describe('input', () => {
  it("every route's params, query and body schemas refuse unknown properties", () => {
    const problems: string[] = [];
    for (const route of apiRoutes(t.app)) {
      const schema = (route.options.schema ?? {}) as Record<string, JsonSchema | undefined>;
      const key = routeKey(route);
      if (route.url.includes(':') && !schema.params)
        problems.push(`${key}: path parameters without a schema`);
      if (!schema.querystring) problems.push(`${key}: no query schema`);
      for (const part of ['params', 'querystring', 'body'] as const) {
        for (const path of openObjects(schema[part], part))
          problems.push(`${key}: ${path} accepts unknown properties`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('unknown query parameters, unknown body properties and bodies sent to bodiless routes answer 400', async () => {
    const problems: string[] = [];
    for (const route of apiRoutes(t.app)) {
      const method = route.method as 'GET';
      const url = withIds(route.url);
      const query = await t.request({ method, url: `${url}?unexpected=1`, token: admin });
      if (query.statusCode !== 400) problems.push(`${routeKey(route)} ?unexpected → ${query.statusCode}`);
      if (method === 'GET' || takesNoJson(route.url)) continue;
      const body = await t.request({ method, url, token: admin, payload: { unexpected: 1 } });
      if (body.statusCode !== 400) problems.push(`${routeKey(route)} {unexpected} → ${body.statusCode}`);
    }
    expect(problems).toEqual([]);
  });

  it(`bodies over ${BODY_LIMIT_BYTES / 1024} KiB (or a route's own larger limit) answer 413 on every route that takes JSON`, async () => {
    for (const route of apiRoutes(t.app)) {
      if (route.method === 'GET' || takesNoJson(route.url)) continue;
      // A live run's batch of results has a limit of its own (docs/product/live-runs.md).
      const limit = (route.options as { bodyLimit?: number }).bodyLimit ?? BODY_LIMIT_BYTES;
      const res = await t.request({
        method: route.method as 'POST',
        url: withIds(route.url),
        token: admin,
        payload: { name: 'x'.repeat(limit + 1) },
      });
      expect({ route: routeKey(route), status: res.statusCode, body: res.json() }).toEqual({
        route: routeKey(route),
        status: 413,
        body: { message: 'The request body is too large', code: 'too_large' },
      });
    }
  });

  it('NUL characters anywhere answer 400 naming the field, not a database error', async () => {
    const res = await as(t, admin).post('/api/projects/create', { name: 'a\u0000b' });
    expect(expectStatus(res, 400).details).toEqual([
      { field: 'name', message: 'must not contain NUL characters' },
    ]);
    expectStatus(await as(t, admin).get('/api/users/list?q=%00'), 400);
  });

  it('a gzip report refused before it is read does not stop the server (found by the fuzz)', async () => {
    let uncaught: unknown;
    const catcher = (error: unknown) => (uncaught = error);
    process.on('uncaughtException', catcher);
    try {
      for (const contentType of ['garbage', 'application/json', 'application/xml']) {
        const res = await t.request({
          method: 'POST',
          url: `/api/projects/${projectId}/import/junit`,
          token: admin,
          headers: { 'content-type': contentType, 'content-encoding': 'gzip' },
          payload: 'not gzip data',
        });
        expect([400, 415]).toContain(res.statusCode);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      process.off('uncaughtException', catcher);
    }
    expect(uncaught).toBeUndefined();
  });

  it('a fuzz of 1,200 random and malformed requests across all routes: no 5xx, every error {message, code}, still up', {
    timeout: 300_000,
  }, async () => {
    const routes = apiRoutes(t.app);
    const huge = 'h'.repeat(200_000);
    const odd = fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      'toString',
      '',
      ' ',
      '\u0000',
      '\uD800',
      '😀',
      '%',
      '../../etc/passwd',
      "' or 1=1 --",
      '<script>',
      huge,
    );
    const id = fc.oneof(
      fc.integer({ min: -3, max: 40 }).map(String),
      fc.constantFrom(
        '0',
        '2147483647',
        '2147483648',
        '9'.repeat(30),
        '1e3',
        '0x10',
        '1.5',
        '-0',
        'null',
        'NaN',
        '%00',
        '%20',
        '__proto__',
        'a'.repeat(3000),
      ),
      fc.string({ maxLength: 20 }).map(encodeURIComponent),
    );
    const scalar = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      odd,
      fc.string({ maxLength: 300 }),
      fc.integer(),
      fc.double(),
    );
    const field = fc.oneof(
      fc.constantFrom(
        'name',
        'description',
        'email',
        'username',
        'password',
        'roleIds',
        'permissionIds',
        'status',
        'project_id',
        'projectId',
        'userId',
        'roleId',
        'max_user_limit',
        '__proto__',
        'constructor',
      ),
      fc.string({ maxLength: 12 }),
    );
    const object = fc.dictionary(
      field,
      fc.oneof(scalar, fc.array(scalar, { maxLength: 5 }), fc.dictionary(field, scalar, { maxKeys: 3 })),
      { maxKeys: 6 },
    );
    const body = fc.oneof(
      object.map((o) => JSON.stringify(o)),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc.constantFrom(
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{"isAdmin":true}}}',
        '{"name":',
        '[',
        'null',
        '""',
        '{"name":"a","name":"b"}',
        `{"name":"${'n'.repeat(300)}"}`,
        '<testsuite><testcase name="x"/></testsuite>',
        '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
      ),
      fc.string({ maxLength: 200 }),
      fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
    );
    const query = fc.dictionary(
      fc.constantFrom('limit', 'offset', 'q', '__proto__', 'x', 'limit[]'),
      fc.oneof(fc.string({ maxLength: 30 }), fc.integer().map(String), odd),
      { maxKeys: 3 },
    );
    const contentType = fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'text/plain',
      'application/xml',
      'text/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'garbage',
      undefined,
    );
    const authorization = fc.constantFrom(
      `Bearer ${admin}`,
      `Bearer ${memberToken}`,
      'Bearer garbage',
      'Bearer vdt_garbage',
      'Basic YWRtaW46YWRtaW4=',
      'Bearer ',
      `Bearer ${'a'.repeat(9000)}`,
      `Bearer ${admin}x`,
      undefined,
    );
    const extraHeaders = fc.constantFrom<Record<string, string>>(
      {},
      { 'content-encoding': 'gzip' },
      { 'content-encoding': 'br' },
      { 'x-forwarded-for': 'not an address' },
      { accept: 'text/html' },
      { 'x-http-method-override': 'DELETE' },
    );
    const request = fc.record({
      route: fc.constantFrom(...routes),
      ids: fc.array(id, { minLength: 3, maxLength: 3 }),
      query: fc.option(query),
      body: fc.option(body),
      contentType,
      authorization,
      extraHeaders,
    });

    const seed = Date.now();
    const samples = fc.sample(request, { numRuns: 1200, seed });
    const problems: string[] = [];
    for (const sample of samples) {
      let index = 0;
      const path = sample.route.url.replace(/:[A-Za-z]+/g, () => sample.ids[index++] ?? '1');
      const search = sample.query ? `?${new URLSearchParams(sample.query).toString()}` : '';
      const headers: Record<string, string> = { ...sample.extraHeaders };
      if (sample.contentType) headers['content-type'] = sample.contentType;
      if (sample.authorization) headers.authorization = sample.authorization;
      const options = {
        method: sample.route.method as 'GET',
        url: path + search,
        headers,
        ...(sample.body !== null && sample.route.method !== 'GET' ? { payload: sample.body } : {}),
      };
      // An event stream that opened is closed at once; one that was refused is asked again whole.
      if (STREAM_ROUTES.has(routeKey(sample.route))) {
        const opened = await t.app.inject({ ...options, payloadAsStream: true });
        opened.stream().destroy();
        if (opened.statusCode === 200) continue;
      }
      const res = await t.app.inject(options);
      const problem =
        res.statusCode >= 500
          ? `status ${res.statusCode}: ${res.body.slice(0, 120)}`
          : errorShapeProblem(res);
      if (problem) {
        problems.push(
          `${sample.route.method} ${(path + search).slice(0, 120)} ${JSON.stringify(headers).slice(0, 120)} body=${String(sample.body).slice(0, 80)} → ${problem}`,
        );
      }
    }
    expect(samples.length).toBe(1200);
    expect(problems, `fast-check seed ${seed}`).toEqual([]);
    // Still up, and still itself.
    expectStatus(await t.request({ method: 'GET', url: '/api/health' }), 200);
    // The fuzz may have signed the shared token out (POST /api/auth/logout is one of its
    // routes), so the tests after it use a fresh one.
    admin = await t.login();
    expectStatus(await as(t, admin).get('/api/projects/list'), 200);
  });
});

describe('output', () => {
  const hostile = [
    `<img src=x onerror=alert(1)>`,
    `"><script>alert(document.cookie)</script>`,
    `'; drop table users; --`,
    `Robert'); DELETE FROM test_cases WHERE ('1'='1`,
    `%' or name like '%`,
    `\\'; select pg_sleep(5); --`,
    `{{constructor.constructor('alert(1)')()}}`,
  ];

  it('SQL- and HTML-looking text is stored and returned verbatim, and changes nothing else', async () => {
    const api = as(t, admin);
    for (const text of hostile) {
      const project = expectStatus(
        await api.post('/api/projects/create', { name: text, description: text }),
        201,
      ).project;
      const suite = expectStatus(
        await api.post('/api/testsuites/create', { project_id: project.id, name: text, description: text }),
        201,
      ).suite;
      const testCase = expectStatus(
        await api.post(`/api/test-cases/suite/${suite.id}/create`, { name: text, description: text }),
        201,
      ).testCase;
      const role = expectStatus(
        await api.post('/api/roles/create', { name: `${text} ${project.id}`, description: text }),
        201,
      ).role;
      expect(expectStatus(await api.get(`/api/projects/detail/${project.id}`), 200)).toMatchObject({
        name: text,
        description: text,
      });
      expect(expectStatus(await api.get(`/api/testsuites/detail/${suite.id}`), 200)).toMatchObject({
        name: text,
        description: text,
      });
      expect(expectStatus(await api.get(`/api/test-cases/single/${testCase.id}`), 200)).toMatchObject({
        name: text,
        description: text,
      });
      expect(expectStatus(await api.get(`/api/roles/get-role/${role.id}`), 200)).toMatchObject({
        name: `${text} ${project.id}`,
        description: text,
      });
      const found = expectStatus(await api.get(`/api/projects/list?q=${encodeURIComponent(text)}`), 200);
      expect(found.map((p: { name: string }) => p.name)).toContain(text);
      // Answers are JSON, never HTML a browser could render.
      const res = await api.get(`/api/test-cases/single/${testCase.id}`);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    // The tables the SQL-looking names talk about are all still there.
    expectStatus(await api.get('/api/users/list'), 200);
    expect(expectStatus(await api.get('/api/testruns/stats'), 200).totalRuns).toBeGreaterThan(0);
  });
});

describe('headers', () => {
  it('a strict Content-Security-Policy, nosniff, a Referrer-Policy, and no X-Powered-By, on API and app answers', async () => {
    for (const url of ['/api/health', '/api/nothing-here', '/projects/1']) {
      const res = await t.request({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      const directives = new Map(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name!, values]),
      );
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(csp).not.toContain("'unsafe-eval'");
      expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
      // Plain HTTP: no HSTS.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('HSTS only when served over HTTPS (behind a trusted proxy), never over plain HTTP', {
    timeout: 120_000,
  }, async () => {
    const behindProxy = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const https = await behindProxy.request({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await behindProxy.request({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
    // Without TRUST_PROXY, a client cannot claim HTTPS through the header.
    const spoofed = await t.request({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('no CORS: no Access-Control-Allow-Origin for any origin, preflights included', async () => {
    const origin = 'https://evil.example';
    const simple = await t.request({
      method: 'GET',
      url: '/api/projects/list',
      token: admin,
      headers: { origin },
    });
    expect(simple.statusCode).toBe(200);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/projects/create',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    for (const res of [simple, preflight]) {
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
  });
});
