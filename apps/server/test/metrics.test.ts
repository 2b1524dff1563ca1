import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { journalMigrations } from '../src/db/migration-status.ts';
import { loggerOptions } from '../src/lib/logger-options.ts';
import {
  METRICS_LOOPBACK_ONLY,
  METRICS_TOKEN_NEEDED,
  METRICS_TOKEN_WRONG,
} from '../src/modules/metrics/metrics-access.ts';
import { webhookDeliveries } from '../src/modules/webhooks/webhooks-schema.ts';
import { as, createProject, expectStatus } from './helpers/fixtures.ts';
import { countStatements } from './helpers/statements.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** docs/product/operations.md: /api/metrics, /api/ready and request ids, through real HTTP. */

const METRICS_TOKEN = 'metrics-token-of-some-length';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// Every line the token app logs, with the server's own logger options.
const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of chunk.toString().split('\n')) if (line.trim()) logLines.push(JSON.parse(line));
    done();
  },
});

let t: TestApp;
let withToken: TestApp;
let admin: string;
/** The app without METRICS_TOKEN, listening on 127.0.0.1, so the loopback rule meets a real socket. */
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  withToken = await createTestApp(
    { METRICS_TOKEN },
    { logger: { ...loggerOptions('info'), stream: logStream } },
  );
  admin = await t.login();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await withToken?.close();
  await t?.close();
});

/** The samples of a scrape, keyed by name and labels as written (`name{a="1",b="2"}`). */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    samples.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return samples;
}

async function scrape(): Promise<{ text: string; samples: Map<string, number> }> {
  const res = await fetch(`${base}/api/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  const text = await res.text();
  return { text, samples: parse(text) };
}

const requestsOf = (route: string, status: number, method = 'GET') =>
  `verdict_http_requests_total{method="${method}",route="${route}",status_code="${status}"}`;

describe('GET /api/metrics', () => {
  it('counts requests by route pattern and status, never by the raw address', async () => {
    const project = await createProject(t, admin);
    const route = '/api/projects/detail/:id';
    const before = (await scrape()).samples;
    for (let i = 0; i < 3; i++)
      expectStatus(await as(t, admin).get(`/api/projects/detail/${project.id}`), 200);
    expectStatus(await as(t, admin).get('/api/projects/detail/999999'), 404);
    await fetch(`${base}/api/no-such-route/${project.id}`);
    const { text, samples } = await scrape();
    expect(samples.get(requestsOf(route, 200))).toBe((before.get(requestsOf(route, 200)) ?? 0) + 3);
    expect(samples.get(requestsOf(route, 404))).toBe((before.get(requestsOf(route, 404)) ?? 0) + 1);
    expect(samples.get(requestsOf('unmatched', 404))).toBe(
      (before.get(requestsOf('unmatched', 404)) ?? 0) + 1,
    );
    const bucket = `verdict_http_request_duration_seconds_count{method="GET",route="${route}",status_code="200"}`;
    expect(samples.get(bucket)).toBe((before.get(bucket) ?? 0) + 3);
    // The earlier scrape counts too, under its own pattern.
    expect(samples.get(requestsOf('/api/metrics', 200))).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(`/api/projects/detail/${project.id}`);
    expect(text).not.toContain('no-such-route');
  });

  it('adds no statement to a request: the database is read only by a scrape', async () => {
    const health = () => t.request({ method: 'GET', url: '/api/health' });
    expect(await countStatements(t, health)).toBe(0);
    expect(await countStatements(t, () => t.app.inject({ method: 'GET', url: '/api/metrics' }))).toBe(1);
  });

  it("has Node's own figures, the database's statement timings and its connections", async () => {
    const { samples } = await scrape();
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'verdict_database_available',
    ]) {
      expect(samples.has(name), name).toBe(true);
    }
    expect(samples.get('verdict_database_available')).toBe(1);
    expect(samples.get('verdict_db_statement_duration_seconds_count')).toBeGreaterThan(0);
    expect(samples.get('verdict_db_statement_duration_seconds_sum')).toBeGreaterThan(0);
    if (t.database.kind === 'postgres') {
      expect(samples.get('verdict_db_pool_connections{state="total"}')).toBeGreaterThan(0);
      expect(samples.has('verdict_db_pool_connections{state="idle"}')).toBe(true);
      expect(samples.get('verdict_db_pool_waiting')).toBe(0);
      expect(samples.has('verdict_db_embedded_queue_length')).toBe(false);
    } else {
      expect(samples.get('verdict_db_embedded_queue_length')).toBeGreaterThanOrEqual(0);
      expect(samples.has('verdict_db_pool_waiting')).toBe(false);
    }
  });

  it('reads the webhook queue from the database at scrape time', async () => {
    const project = await createProject(t, admin);
    // Turned off, at a public address, and not due for a day: the delivery loop never calls out.
    const webhook = expectStatus(
      await as(t, admin).post(`/api/projects/${project.id}/webhooks`, {
        url: 'https://93.184.215.14/hook',
        events: ['cycle.created'],
        active: false,
      }),
      201,
    ).webhook;
    const later = new Date(Date.now() + 24 * 3600 * 1000);
    const row = { webhookId: webhook.id, event: 'cycle.created', body: '{}', nextAttemptAt: later };
    const before = (await scrape()).samples;
    await t.db.insert(webhookDeliveries).values([
      { ...row, state: 'pending' },
      { ...row, state: 'pending' },
      { ...row, state: 'failed' },
    ]);
    const { samples } = await scrape();
    const pending = 'verdict_webhook_deliveries{state="pending"}';
    const failed = 'verdict_webhook_deliveries{state="failed"}';
    expect(samples.get(pending)).toBe((before.get(pending) ?? 0) + 2);
    expect(samples.get(failed)).toBe((before.get(failed) ?? 0) + 1);
    expect(samples.get('verdict_webhook_deliveries_overdue')).toBe(0);
  });

  it('counts imports: running now, and finished by outcome', async () => {
    const project = await createProject(t, admin);
    const junit = (body: string) =>
      t.request({
        method: 'POST',
        url: `/api/projects/${project.id}/import/junit`,
        token: admin,
        payload: body,
        headers: { 'content-type': 'application/xml' },
      });
    const imported = 'verdict_imports_finished_total{kind="junit",outcome="imported"}';
    const failed = 'verdict_imports_finished_total{kind="junit",outcome="failed"}';
    const before = (await scrape()).samples;
    expectStatus(await junit('<testsuite name="metrics"><testcase name="one"/></testsuite>'), 201);
    expectStatus(await junit('<testsuite name="broken">'), 400);
    const { samples } = await scrape();
    expect(samples.get(imported)).toBe((before.get(imported) ?? 0) + 1);
    expect(samples.get(failed)).toBe((before.get(failed) ?? 0) + 1);
    expect(samples.get('verdict_imports_running{kind="junit"}')).toBe(0);
    expect(samples.get('verdict_imports_running{kind="cases"}')).toBe(0);
  });

  it('without METRICS_TOKEN, answers only direct callers on this machine', async () => {
    // A real connection from 127.0.0.1, with or without a session token.
    expect((await fetch(`${base}/api/metrics`)).status).toBe(200);
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
    }
    for (const remoteAddress of ['10.0.0.5', '192.168.1.2', '2001:db8::1', '::ffff:10.0.0.5']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress });
      expect({ remoteAddress, status: res.statusCode, body: res.json() }).toEqual({
        remoteAddress,
        status: 403,
        body: { message: METRICS_LOOPBACK_ONLY, code: 'loopback_only' },
      });
    }
    // A proxy on this machine forwarding someone else.
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const res = await fetch(`${base}/api/metrics`, { headers: { [header]: '203.0.113.9' } });
      expect(res.status, header).toBe(403);
      expect(await res.json()).toEqual({ message: METRICS_LOOPBACK_ONLY, code: 'loopback_only' });
    }
  });

  it('with METRICS_TOKEN, answers exactly the callers that send it, from anywhere', async () => {
    const call = (authorization?: string, remoteAddress = '127.0.0.1') =>
      withToken.app.inject({
        method: 'GET',
        url: '/api/metrics',
        remoteAddress,
        headers: authorization ? { authorization } : {},
      });
    const refused = async (authorization: string | undefined, message: string) => {
      const res = await call(authorization);
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 401,
        body: { message, code: 'unauthenticated' },
      });
    };
    await refused(undefined, METRICS_TOKEN_NEEDED);
    await refused('Basic abc', METRICS_TOKEN_NEEDED);
    await refused(`Bearer ${METRICS_TOKEN}x`, METRICS_TOKEN_WRONG);
    await refused(`Bearer ${METRICS_TOKEN.slice(1)}`, METRICS_TOKEN_WRONG);
    // A session token is not the metrics token.
    await refused(`Bearer ${await withToken.login()}`, METRICS_TOKEN_WRONG);
    for (const remoteAddress of ['127.0.0.1', '10.0.0.5']) {
      const res = await call(`Bearer ${METRICS_TOKEN}`, remoteAddress);
      expect(res.statusCode).toBe(200);
      expect(parse(res.body).has('verdict_database_available')).toBe(true);
    }
  });

  it('refuses a METRICS_TOKEN that is short or holds spaces at start', async () => {
    const { loadConfig } = await import('../src/config.ts');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16/);
    expect(() => loadConfig({ METRICS_TOKEN: 'a long token with spaces' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_TOKEN }).metricsToken).toBe(METRICS_TOKEN);
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });
});

describe('GET /api/ready', () => {
  it('answers 200 on a migrated database, and 503 naming a migration that is not applied', async () => {
    expect(expectStatus(await t.request({ method: 'GET', url: '/api/ready' }), 200)).toEqual({
      status: 'ready',
    });
    const last = journalMigrations().at(-1)!;
    const [row] = await queryRows<{ hash: string; created_at: string }>(
      t.db,
      sql`delete from drizzle.__drizzle_migrations where created_at = ${last.when} returning hash, created_at`,
    );
    try {
      const res = await t.request({ method: 'GET', url: '/api/ready' });
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 503,
        body: { message: `Not ready: 1 migration is not applied yet (${last.tag})`, code: 'unavailable' },
      });
      // Liveness does not look at migrations.
      expectStatus(await t.request({ method: 'GET', url: '/api/health' }), 200);
    } finally {
      await queryRows(
        t.db,
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row!.hash}, ${row!.created_at})`,
      );
    }
    expectStatus(await t.request({ method: 'GET', url: '/api/ready' }), 200);
  });
});

describe('request ids', () => {
  it('every answer carries X-Request-Id: the caller’s own when well formed, else a new one', async () => {
    const generated = await fetch(`${base}/api/health`);
    expect(generated.headers.get('x-request-id')).toMatch(UUID);
    const own = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'ci-run-42.step:7' } });
    expect(own.headers.get('x-request-id')).toBe('ci-run-42.step:7');
    for (const bad of ['has spaces in it', 'x'.repeat(129), 'quote"d', 'new\\nline']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], bad).toMatch(UUID);
    }
    // Refusals too: a missing route, a refused caller, a malformed address.
    for (const url of ['/api/nothing-here', '/api/projects/list', '/api/projects/detail/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-request-id': 'probe-1' } });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.headers['x-request-id'], url).toBe('probe-1');
    }
  });

  it("every log line of a request carries the request's id", async () => {
    logLines.length = 0;
    const res = await withToken.app.inject({
      method: 'GET',
      url: '/api/projects/list',
      headers: { 'x-request-id': 'trace-me-123' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-request-id']).toBe('trace-me-123');
    const mine = logLines.filter((line) => line.reqId === 'trace-me-123');
    expect(mine.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    // And a line with a request in it always says whose.
    expect(logLines.filter((line) => 'req' in line || 'res' in line).every((line) => 'reqId' in line)).toBe(
      true,
    );
    const generated = await withToken.app.inject({ method: 'GET', url: '/api/health' });
    const id = generated.headers['x-request-id'];
    expect(logLines.some((line) => line.reqId === id && line.msg === 'request completed')).toBe(true);
  });
});
