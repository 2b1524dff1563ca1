import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import {
  CASES_OF,
  listCasesJson,
  pruneListChanges,
  selectCaseViews,
} from '../src/modules/cases/cases-repository.ts';
import { as, createWorld, expectStatus, type World } from './helpers/fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * A kept case list applies the rows a write changed instead of reading the whole list again
 * (cases/case-list-cache.ts, case_list_changes). Every answer here is checked
 * against the list read whole from the database at that moment, as JSON and as gzip, and the
 * Server-Timing header says how the answer was made: "read" (the whole list), "patched" (the
 * changes applied) or "kept" (nothing changed).
 */

let t: TestApp;
let w: World;
let suiteId: number;
/** Top-level cases of the suite, and for some of them a child and a grandchild. */
let tops: number[];
const children = new Map<number, number>();

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  suiteId = expectStatus(
    await as(t, w.admin).post('/api/testsuites/create', { project_id: w.project.id, name: 'Big' }),
    201,
  ).suite.id;
  // Data made directly, in statements of fewer than 1,000 cases (a larger one is not listed);
  // names long enough that 300 cases pass the size from which a list is kept (24 KB).
  const rows = await queryRows<{ id: number }>(
    t.db,
    sql`insert into test_cases (project_id, suite_id, parent_id, name, description)
      select ${w.project.id}, ${suiteId}, null, 'Checkout keeps the basket when the session expires, variant ' || g, 'd'
      from generate_series(1, 300) g returning id`,
  );
  tops = rows.map((r) => r.id).sort((a, b) => a - b);
  for (const top of tops.filter((_, i) => i % 10 === 0)) {
    const child = expectStatus(
      await as(t, w.admin).post(`/api/test-cases/parent/${top}/create`, { name: `child of ${top}` }),
      201,
    );
    children.set(top, child.testCase.id);
  }
});
afterAll(() => t.close());

const SUITE = () => `/api/test-cases/suite/${suiteId}`;
const PROJECT = () => `/api/test-cases/project/${w.project.id}`;

/** Reads a list over HTTP, gzip and not, checks both against the list read whole now. */
async function expectList(url: string, expected: string, how: 'read' | 'patched' | 'kept') {
  const zipped = await t.request({
    method: 'GET',
    url,
    token: w.admin,
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(zipped.statusCode).toBe(200);
  expect(zipped.headers['server-timing']).toBe(`list;desc="${how}"`);
  const body =
    zipped.headers['content-encoding'] === 'gzip' ? gunzipSync(zipped.rawPayload) : zipped.rawPayload;
  expect(JSON.parse(body.toString())).toEqual(JSON.parse(expected));
  const plain = await t.request({ method: 'GET', url, token: w.admin });
  expect(plain.headers['server-timing']).toBe('list;desc="kept"');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(body.toString());
}

const wholeSuite = () => listCasesJson(t.db, CASES_OF.suiteTopLevel(suiteId), {});
const wholeProject = () => listCasesJson(t.db, CASES_OF.projectTopLevel(w.project.id), {});

describe('kept case lists apply what a write changed', () => {
  it('a list longer than one piece of the text the database makes is every case once, in order', async () => {
    // listCasesJson reads the text in pieces of 250 cases; the suite has 300 top-level cases.
    const listed = JSON.parse(await wholeSuite()) as Array<{ id: number }>;
    expect(listed.map((c) => c.id)).toEqual(tops);
    const views = await selectCaseViews(t.db, CASES_OF.suiteTopLevel(suiteId));
    expect(listed).toEqual(JSON.parse(JSON.stringify(views)));
  });

  it('reads a large list whole once, then keeps it', async () => {
    await expectList(SUITE(), await wholeSuite(), 'read');
    await expectList(PROJECT(), await wholeProject(), 'read');
    const again = await as(t, w.admin).get(SUITE());
    expect(again.headers['server-timing']).toBe('list;desc="kept"');
  });

  it('a result on a grandchild patches the roll-up of its top-level case', async () => {
    const top = tops[0]!;
    const grandchild = expectStatus(
      await as(t, w.admin).post(`/api/test-cases/parent/${children.get(top)}/create`, { name: 'deep' }),
      201,
    ).testCase.id;
    await expectList(SUITE(), await wholeSuite(), 'patched');
    expectStatus(await as(t, w.admin).post(`/api/testruns/create/${grandchild}`, { status: 'failed' }), 201);
    await expectList(SUITE(), await wholeSuite(), 'patched');
    const row = JSON.parse(await wholeSuite()).find((c: { id: number }) => c.id === top);
    expect(row).toMatchObject({ rollup: 'failed', has_children: true });
    await expectList(PROJECT(), await wholeProject(), 'patched');
  });

  it('new, renamed and deleted cases and subtrees, several writes between two reads', async () => {
    const admin = as(t, w.admin);
    const added = expectStatus(
      await admin.post(`/api/test-cases/suite/${suiteId}/create`, { name: 'new top' }),
      201,
    ).testCase.id;
    expectStatus(
      await admin.put(`/api/test-cases/update/${tops[5]}`, { name: 'renamed', description: 'x' }),
      200,
    );
    expectStatus(await admin.post(`/api/testruns/create/${tops[7]}`, { status: 'passed' }), 201);
    expectStatus(await admin.del(`/api/test-cases/delete/${tops[10]}`), 200); // has a child
    expectStatus(await admin.del(`/api/test-cases/delete/${children.get(tops[20]!)}`), 200); // its parent stays
    await expectList(SUITE(), await wholeSuite(), 'patched');
    await expectList(PROJECT(), await wholeProject(), 'patched');
    const ids = JSON.parse(await wholeSuite()).map((c: { id: number }) => c.id);
    expect(ids).toContain(added);
    expect(ids).not.toContain(tops[10]);
  });

  it('a searched list drops a case renamed out of the search and takes one renamed into it', async () => {
    const url = `${SUITE()}?q=variant`;
    const whole = () => listCasesJson(t.db, sql`${CASES_OF.suiteTopLevel(suiteId)}`, { q: 'variant' });
    await expectList(url, await whole(), 'read');
    expectStatus(await as(t, w.admin).put(`/api/test-cases/update/${tops[30]}`, { name: 'no longer' }), 200);
    expectStatus(
      await as(t, w.admin).put(`/api/test-cases/update/${tops[5]}`, { name: 'variant again' }),
      200,
    );
    await expectList(url, await whole(), 'patched');
    const names = JSON.parse(await whole()).map((c: { id: number }) => c.id);
    expect(names).not.toContain(tops[30]);
    expect(names).toContain(tops[5]);
  });

  it('a paged list is read whole after a change', async () => {
    const url = `${SUITE()}?limit=250&offset=10`;
    const whole = () => listCasesJson(t.db, CASES_OF.suiteTopLevel(suiteId), { limit: 250, offset: 10 });
    await expectList(url, await whole(), 'read');
    expectStatus(await as(t, w.admin).post(`/api/testruns/create/${tops[12]}`, { status: 'failed' }), 201);
    await expectList(url, await whole(), 'read');
  });

  it('reads the list whole when the changes of a version it missed were pruned', async () => {
    await expectList(SUITE(), await wholeSuite(), 'patched'); // the paged test's result
    expectStatus(await as(t, w.admin).post(`/api/testruns/create/${tops[40]}`, { status: 'passed' }), 201);
    expect(await pruneListChanges(t.db, -1)).toBeGreaterThan(0);
    expectStatus(await as(t, w.admin).post(`/api/testruns/create/${tops[41]}`, { status: 'failed' }), 201);
    await expectList(SUITE(), await wholeSuite(), 'read');
    // From the version it read, the next change is here again.
    expectStatus(await as(t, w.admin).post(`/api/testruns/create/${tops[42]}`, { status: 'failed' }), 201);
    await expectList(SUITE(), await wholeSuite(), 'patched');
  });

  it('a write of more than 1,000 cases is not listed case by case: the list is read whole', async () => {
    await expectList(SUITE(), await wholeSuite(), 'kept');
    await queryRows(
      t.db,
      sql`insert into test_cases (project_id, suite_id, parent_id, name, description)
        select ${w.project.id}, ${suiteId}, null, 'bulk ' || g, '' from generate_series(1, 1001) g returning id`,
    );
    const [marker] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from case_list_changes where suite_id = ${suiteId} and case_id is null`,
    );
    expect(marker!.n).toBe(1);
    await expectList(SUITE(), await wholeSuite(), 'read');
  });

  it('fifty random writes, each followed by a read, always answer the list as read whole', async () => {
    const admin = as(t, w.admin);
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const live = JSON.parse(await wholeSuite()).map((c: { id: number }) => c.id) as number[];
    const known = [...live];
    for (let step = 0; step < 50; step++) {
      const target = known[random(known.length)]!;
      const action = random(5);
      if (action === 0) {
        const res = await admin.post(`/api/test-cases/parent/${target}/create`, { name: `c${step}` });
        if (res.statusCode === 201) known.push(res.json().testCase.id);
      } else if (action === 1) {
        await admin.put(`/api/test-cases/update/${target}`, { name: `variant ${step}` });
      } else if (action === 2 && step % 3 === 0) {
        await admin.del(`/api/test-cases/delete/${target}`);
      } else if (action === 3) {
        const res = await admin.post(`/api/test-cases/suite/${suiteId}/create`, { name: `t${step}` });
        known.push(res.json().testCase.id);
      } else {
        await admin.post(`/api/testruns/create/${target}`, { status: step % 2 ? 'passed' : 'failed' });
      }
      await expectList(SUITE(), await wholeSuite(), 'patched');
    }
  });
});
