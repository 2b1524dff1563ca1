import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { queryRows } from '../src/db/client.ts';
import { CASES_OF, listCasesJson } from '../src/modules/cases/cases-repository.ts';
import { as as asUser, createWorld, expectStatus, type World } from './helpers/fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The kept answers of large case lists are bounded by CASE_LIST_CACHE_BYTES (decision record
 * 183): a list that does not fit is still answered, read whole each time; the oldest kept list
 * goes when another needs its room. A kept list answered without gzip goes out block by block,
 * with its length announced, and reads as the list read whole.
 */

let t: TestApp;
let w: World;
const suites: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ CASE_LIST_CACHE_BYTES: '0' });
  w = await createWorld(t);
  for (const name of ['First', 'Second']) {
    const suiteId = expectStatus(
      await asUser(t, w.admin).post('/api/testsuites/create', { project_id: w.project.id, name }),
      201,
    ).suite.id;
    suites.push(suiteId);
    // 300 cases with long names: past the size from which a list is kept (24 KB).
    await queryRows(
      t.db,
      sql`insert into test_cases (project_id, suite_id, parent_id, name, description)
        select ${w.project.id}, ${suiteId}, null, 'Checkout keeps the basket when the session expires, variant ' || g, 'd'
        from generate_series(1, 300) g returning id`,
    );
  }
});
afterAll(() => t.close());

const url = (suiteId: number) => `/api/test-cases/suite/${suiteId}`;
const whole = (suiteId: number) => listCasesJson(t.db, CASES_OF.suiteTopLevel(suiteId), {});

/** Reads a suite's list with gzip and without; checks both and answers how it was made. */
async function read(inject: FastifyInstance['inject'], suiteId: number): Promise<string> {
  const expected = JSON.parse(await whole(suiteId));
  const headers = { authorization: `Bearer ${w.admin}` };
  const zipped = await inject({
    method: 'GET',
    url: url(suiteId),
    headers: { ...headers, 'accept-encoding': 'gzip' },
  });
  expect(zipped.statusCode).toBe(200);
  const body =
    zipped.headers['content-encoding'] === 'gzip' ? gunzipSync(zipped.rawPayload) : zipped.rawPayload;
  expect(JSON.parse(body.toString())).toEqual(expected);
  const plain = await inject({ method: 'GET', url: url(suiteId), headers });
  expect(plain.statusCode).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.length);
  expect(plain.body).toBe(body.toString());
  return String(zipped.headers['server-timing']);
}

describe('CASE_LIST_CACHE_BYTES bounds the kept case lists', () => {
  it('0 keeps no list: each read reads it whole and answers it right', async () => {
    const inject = t.app.inject.bind(t.app);
    expect(await read(inject, suites[0]!)).toBe('list;desc="read"');
    expect(await read(inject, suites[0]!)).toBe('list;desc="read"');
  });

  it('room for one list: the list read before goes when another is kept', async () => {
    // One kept list holds its JSON and a little more (its blocks compressed, its gzip): twice
    // the JSON of one list has room for it and not for two.
    const bound = 2 * Buffer.byteLength(await whole(suites[0]!));
    const app = await buildApp({
      config: loadConfig({ WEB_DIST: '/nonexistent-web-dist', CASE_LIST_CACHE_BYTES: String(bound) }),
      database: t.database,
    });
    try {
      const inject = app.inject.bind(app);
      expect(await read(inject, suites[0]!)).toBe('list;desc="read"');
      expect(await read(inject, suites[0]!)).toBe('list;desc="kept"');
      expect(await read(inject, suites[1]!)).toBe('list;desc="read"');
      expect(await read(inject, suites[1]!)).toBe('list;desc="kept"');
      expect(await read(inject, suites[0]!)).toBe('list;desc="read"');
    } finally {
      await app.close();
    }
  });

  it('a value that is not a whole number of bytes stops the start, naming the setting', () => {
    expect(loadConfig({}).caseListCacheBytes).toBe(32 * 1024 ** 2);
    for (const value of ['32MB', '-1', '1.5', '2000000000']) {
      expect(() => loadConfig({ CASE_LIST_CACHE_BYTES: value })).toThrow(
        `CASE_LIST_CACHE_BYTES must be a whole number of bytes from 0 to 1073741824 (got "${value}")`,
      );
    }
  });
});
