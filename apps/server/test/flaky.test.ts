import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { IMPORTER, member, person, project } from './helpers/import-world.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** docs/product/flaky-tests.md: a scripted history of JUnit imports from CI. */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

type Outcome = 'p' | 'f' | 's';

/** A report of suite "Checkout" whose test cases have these outcomes. */
function report(outcomes: Record<string, Outcome>): string {
  const cases = Object.entries(outcomes).map(([name, outcome]) => {
    const inner =
      outcome === 'f'
        ? `<failure message="${name} broke">trace</failure>`
        : outcome === 's'
          ? '<skipped/>'
          : '';
    return `<testcase classname="Checkout" name="${name}" time="1.25">${inner}</testcase>`;
  });
  return `<?xml version="1.0"?><testsuite name="Checkout" tests="${cases.length}">${cases.join('')}</testsuite>`;
}

async function send(method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) {
  return t.request({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function importReport(
  projectId: number,
  outcomes: Record<string, Outcome>,
  branch = 'main',
  name?: string,
) {
  const query = new URLSearchParams({ branch, ...(name ? { name } : {}) });
  const res = await t.request({
    method: 'POST',
    url: `/api/projects/${projectId}/import/junit?${query}`,
    token: admin,
    payload: report(outcomes),
    headers: { 'content-type': 'application/xml' },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** Imports one report per step, each giving every named case its outcome at that step. */
async function script(projectId: number, steps: Record<string, string>, branch = 'main') {
  const length = Math.max(...Object.values(steps).map((s) => s.length));
  for (let i = 0; i < length; i++) {
    const outcomes: Record<string, Outcome> = {};
    for (const [name, line] of Object.entries(steps)) if (line[i]) outcomes[name] = line[i] as Outcome;
    await importReport(projectId, outcomes, branch, `Nightly ${i + 1}`);
  }
}

async function caseId(projectId: number, name: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`select id from test_cases where project_id = ${projectId} and name = ${name}`,
  );
  return row!.id;
}

async function flakyList(projectId: number) {
  const res = await send('GET', `/api/projects/${projectId}/flaky-tests`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function searchNames(projectId: number, q: string): Promise<string[]> {
  const res = await send('GET', `/api/projects/${projectId}/cases/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json()
    .items.map((item: { name: string }) => item.name)
    .sort();
}

describe('flakiness per case and branch, kept as results arrive', () => {
  it('counts flips between passed and failed over the last N results; ranks by flip rate', async () => {
    const p = await project(t);
    await script(p, {
      steady: 'pppppp',
      broken: 'ppffff', // one flip: not flaky
      flaky: 'pfpfpp', // four flips in six
      twice: 'pfpspp', // skipped results are no outcome: p f p p p → two flips
      three: 'pppfpf', // three flips in six
    });
    const list = await flakyList(p);
    expect(list).toMatchObject({ window: 20, threshold: 3 });
    expect(list.items.map((i: { name: string }) => i.name)).toEqual(['flaky', 'three']);
    const [first] = list.items;
    expect(first).toMatchObject({
      name: 'flaky',
      suite_name: 'Checkout',
      branch: 'main',
      flips: 4,
      results: 6,
      flip_rate: 0.8,
      quarantined: false,
    });
    expect(Date.parse(first.first_flip_at)).toBeLessThanOrEqual(Date.parse(first.last_flip_at));

    expect(await searchNames(p, 'is:flaky')).toEqual(['flaky', 'three']);
    expect(await searchNames(p, '-is:flaky')).toEqual(['broken', 'steady', 'twice']);
    expect((await send('GET', `/api/projects/${p}/cases/search?q=is:wobbly`)).statusCode).toBe(400);

    // The history strip: newest first, with cycle, branch, duration and failure message.
    const history = (await send('GET', `/api/test-cases/${await caseId(p, 'flaky')}/history?limit=3`)).json();
    expect(history.items).toHaveLength(3);
    expect(history.items[0]).toMatchObject({
      cycle_name: 'Nightly 6',
      branch: 'main',
      state: 'passed',
      elapsed_ms: 1250,
    });
    expect(history.items[1]).toMatchObject({ cycle_name: 'Nightly 5', state: 'passed' });
    expect(history.items[2]).toMatchObject({
      cycle_name: 'Nightly 4',
      state: 'failed',
      failure_message: 'flaky broke',
    });
    expect(history.flaky).toEqual([{ branch: 'main', flips: 4, results: 6, flaky: true }]);
    expect(history.quarantine).toBeNull();
  });

  it('keeps branches apart, and only the last N results count', async () => {
    const p = await project(t);
    await script(p, { a: 'pfpf' }, 'main');
    await script(p, { a: 'pp' }, 'feature/x');
    await script(p, { a: 'ffff' }, 'feature/y');
    const list = await flakyList(p);
    expect(list.items.map((i: { branch: string; flips: number }) => [i.branch, i.flips])).toEqual([
      ['main', 3],
    ]);
    // Main now reads p f p f f f f f: 3 flips in 8 under the default window of 20, none in the last 5.
    await script(p, { a: 'ffff' }, 'main');
    expect((await flakyList(p)).items.map((i: { flips: number }) => i.flips)).toEqual([3]);
    const narrow = await send('PUT', `/api/projects/${p}/flaky-settings`, { window: 5, flips: 3 });
    expect(narrow.statusCode, narrow.body).toBe(200);
    expect((await flakyList(p)).items).toEqual([]);
    // Widening the window works every row out again from what the table keeps.
    const put = await send('PUT', `/api/projects/${p}/flaky-settings`, { window: 8, flips: 3 });
    expect(put.json()).toEqual({ message: 'Flaky test settings saved', settings: { window: 8, flips: 3 } });
    expect((await flakyList(p)).items.map((i: { flips: number }) => i.flips)).toEqual([3]);
    expect((await send('GET', `/api/projects/${p}/flaky-settings`)).json()).toEqual({ window: 8, flips: 3 });
    expect((await send('PUT', `/api/projects/${p}/flaky-settings`, { window: 5, flips: 6 })).statusCode).toBe(
      400,
    );
    expect((await send('PUT', `/api/projects/${p}/flaky-settings`, { window: 4, flips: 2 })).statusCode).toBe(
      400,
    );
    // The window keeps the newest results only: 20 more passes and the case is steady again.
    await send('PUT', `/api/projects/${p}/flaky-settings`, { window: 20, flips: 3 });
    await script(p, { a: 'p'.repeat(20) }, 'main');
    expect((await flakyList(p)).items).toEqual([]);
  });

  it('counts flips only among results of the newest version of the case', async () => {
    const p = await project(t);
    await script(p, { login: 'pfpf' });
    expect((await flakyList(p)).items.map((i: { flips: number }) => i.flips)).toEqual([3]);
    const id = await caseId(p, 'login');
    const edit = await t.request({
      method: 'PUT',
      url: `/api/test-cases/update/${id}`,
      token: admin,
      payload: { name: 'login', description: 'Fixed the wait for the button' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await script(p, { login: 'fp' });
    // The two results of the new version flipped once: not flaky any more.
    expect((await flakyList(p)).items).toEqual([]);
    expect((await send('GET', `/api/test-cases/${id}/history`)).json().flaky).toEqual([
      { branch: 'main', flips: 1, results: 2, flaky: false },
    ]);
  });

  it('manual cycles are not automated results', async () => {
    const p = await project(t);
    await script(p, { pay: 'pfp' });
    const id = await caseId(p, 'pay');
    const cycle = await t.request({
      method: 'POST',
      url: `/api/projects/${p}/cycles`,
      token: admin,
      payload: { name: 'Manual', case_ids: [id] },
    });
    expect(cycle.statusCode, cycle.body).toBe(201);
    const [item] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from cycle_items where cycle_id = ${cycle.json().cycle.id}`,
    );
    const result = await t.request({
      method: 'POST',
      url: `/api/cycle-items/${item!.id}/results`,
      token: admin,
      payload: { state: 'failed' },
    });
    expect(result.statusCode, result.body).toBe(201);
    const history = (await send('GET', `/api/test-cases/${id}/history`)).json();
    expect(history.items[0]).toMatchObject({ cycle_name: 'Manual', branch: null, state: 'failed' });
    expect(history.flaky).toEqual([{ branch: 'main', flips: 2, results: 3, flaky: false }]);
  });
});

describe('quarantine', () => {
  it('holds a reason and an end date, shows in the list and search, and ends by itself', async () => {
    const p = await project(t);
    await script(p, { cart: 'pfpf', coupon: 'ffff' });
    const cart = await caseId(p, 'cart');
    const coupon = await caseId(p, 'coupon');
    const put = await send('PUT', `/api/test-cases/${cart}/quarantine`, {
      reason: ' Race in the cart ',
      until: '2999-01-01',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().quarantine).toMatchObject({
      reason: 'Race in the cart',
      until: '2999-01-01',
      by: { id: 1 },
    });
    expect((await flakyList(p)).items[0]).toMatchObject({ name: 'cart', quarantined: true });
    expect(
      (await send('PUT', `/api/test-cases/${coupon}/quarantine`, { reason: 'Known bug', until: null }))
        .statusCode,
    ).toBe(200);
    expect(await searchNames(p, 'is:quarantined')).toEqual(['cart', 'coupon']);
    // Failures still record while quarantined.
    await script(p, { coupon: 'f' });
    expect((await send('GET', `/api/test-cases/${coupon}/history`)).json().items).toHaveLength(5);

    // An end date that has passed: the quarantine counts as ended, with no job to end it.
    await t.db.execute(sql`update case_quarantines set until = '2020-01-01' where case_id = ${cart}`);
    expect((await send('GET', `/api/test-cases/${cart}/history`)).json().quarantine).toBeNull();
    expect((await flakyList(p)).items[0]).toMatchObject({ name: 'cart', quarantined: false });
    expect(await searchNames(p, 'is:quarantined')).toEqual(['coupon']);

    const ended = await send('DELETE', `/api/test-cases/${coupon}/quarantine`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await searchNames(p, 'is:quarantined')).toEqual([]);

    // Bad input: no reason, a date that is not one, a date that is not after today.
    for (const body of [
      { reason: '   ', until: null },
      { reason: 'x', until: '2999-02-30' },
      { reason: 'x', until: '2020-01-01' },
      { reason: 'x' },
    ]) {
      expect((await send('PUT', `/api/test-cases/${cart}/quarantine`, body)).statusCode).toBe(400);
    }

    const audit = await queryRows<{ summary: string }>(
      t.db,
      sql`select summary from audit_log where entity_type = 'case' and project_id = ${p} order by id`,
    );
    expect(audit.map((a) => a.summary)).toEqual([
      'Quarantined case "cart" until 2999-01-01: Race in the cart',
      'Quarantined case "coupon": Known bug',
      'Ended the quarantine of case "coupon"',
    ]);
  });

  it('needs quarantine_test_case; reading history needs home_test_case', async () => {
    const p = await project(t);
    await script(p, { x: 'pf' });
    const id = await caseId(p, 'x');
    const reader = await person(t);
    await member(t, p, reader.id, ['home_test_case', ...IMPORTER]);
    expect((await send('GET', `/api/test-cases/${id}/history`, undefined, reader.session)).statusCode).toBe(
      200,
    );
    expect((await send('GET', `/api/projects/${p}/flaky-tests`, undefined, reader.session)).statusCode).toBe(
      200,
    );
    const refused = await send(
      'PUT',
      `/api/test-cases/${id}/quarantine`,
      { reason: 'r', until: null },
      reader.session,
    );
    expect(refused.statusCode).toBe(403);
    expect(
      (await send('PUT', `/api/projects/${p}/flaky-settings`, { window: 10, flips: 3 }, reader.session))
        .statusCode,
    ).toBe(403);
    const quarantiner = await person(t);
    await member(t, p, quarantiner.id, ['home_test_case', 'quarantine_test_case']);
    expect(
      (
        await send(
          'PUT',
          `/api/test-cases/${id}/quarantine`,
          { reason: 'r', until: null },
          quarantiner.session,
        )
      ).statusCode,
    ).toBe(200);
    const stranger = await person(t);
    expect((await send('GET', `/api/test-cases/${id}/history`, undefined, stranger.session)).statusCode).toBe(
      404,
    );
  });
});
