import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../src/db/client.ts';
import { IMPORTER, member, person, project } from './helpers/import-world.ts';
import { openTestDatabase } from './helpers/test-app.ts';
import { startAdminWorld, type TestApp } from './helpers/world.ts';

/** docs/product/flaky-tests.md: a scripted history of JUnit imports from CI. */

let t: TestApp;
let admin: string;
beforeAll(async () => ({ t, admin } = await startAdminWorld()));
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

/** A deterministic stream of numbers in [0, 1) (a linear congruential generator). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

interface Figures {
  case_id: number;
  branch: string;
  results: number;
  flips: number;
  first_flip_at: string | null;
  last_flip_at: string | null;
}

/**
 * The figures as docs/product/flaky-tests.md defines them, worked out from every recorded result
 * (nothing kept): per case and branch, the last `window` automated results; among those, the ones
 * of the newest one's version; the flips between neighbours, and the times of the first and last.
 */
async function figuresFromHistory(db: Db, window: number): Promise<Figures[]> {
  const results = await queryRows<{
    case_id: number;
    branch: string;
    state: string;
    case_version: number | null;
    at: string;
  }>(
    db,
    sql`select i.case_id, coalesce(y.branch, '') as branch, r.state, r.case_version, r.created_at::text as at
      from cycle_results r join cycle_items i on i.id = r.item_id join test_cycles y on y.id = i.cycle_id
      where y.source = 'import' and r.state in ('passed', 'failed') order by r.id`,
  );
  const byRow = new Map<string, typeof results>();
  for (const r of results) {
    const key = `${r.case_id}/${r.branch}`;
    byRow.set(key, [...(byRow.get(key) ?? []), r]);
  }
  return [...byRow.values()].map((all) => {
    const last = all.slice(-window);
    const newest = last.at(-1)!.case_version;
    const counted = last.filter((r) => r.case_version === newest);
    const flipTimes = counted.flatMap((r, i) => (i > 0 && r.state !== counted[i - 1]!.state ? [r.at] : []));
    return {
      case_id: all[0]!.case_id,
      branch: all[0]!.branch,
      results: counted.length,
      flips: flipTimes.length,
      first_flip_at: flipTimes[0] ?? null,
      last_flip_at: flipTimes.at(-1) ?? null,
    };
  });
}

function keptFigures(db: Db): Promise<Figures[]> {
  return queryRows<Figures>(
    db,
    sql`select case_id, branch, results, flips, first_flip_at::text as first_flip_at,
        last_flip_at::text as last_flip_at
      from case_flakiness order by case_id, branch`,
  );
}

const byKey = (rows: Figures[]) =>
  [...rows].sort((a, b) => a.case_id - b.case_id || a.branch.localeCompare(b.branch));

describe('what is kept equals what the whole history says', () => {
  it('past 100 results, across new versions, with several results of a case in one statement', async () => {
    const { database, drop } = await openTestDatabase({ migrated: true });
    const q = (text: string) => database.db.execute(sql.raw(text));
    try {
      await q(`insert into projects (name) values ('History')`);
      await q(
        `insert into test_cases (project_id, name) select 1, 'case ' || g from generate_series(1, 4) g`,
      );
      const next = random(21);
      const versions = [1, 1, 1, 1];
      for (let step = 1; step <= 130; step++) {
        const branch = step % 7 === 0 ? 'feature' : 'main';
        await q(
          `insert into test_cycles (project_id, name, source, branch) values (1, 'Run ${step}', 'import', '${branch}')`,
        );
        // Case 2 changes now and then: its newer results start its count again.
        if (step % 45 === 0) {
          versions[1]! += 1;
          await q(`update test_cases set version = ${versions[1]} where id = 2`);
        }
        const rows: string[] = [];
        for (let c = 1; c <= 4; c++) {
          // Case 1 flips often, case 4 never; case 3 reports two results at once now and then.
          const failRate = [0.5, 0.2, 0.3, 0][c - 1]!;
          const count = c === 3 && next() < 0.3 ? 2 : 1;
          for (let k = 0; k < count; k++) {
            const state = next() < failRate ? 'failed' : 'passed';
            rows.push(
              `((select id from cycle_items where cycle_id = ${step} and case_id = ${c}), '${state}', ${versions[c - 1]})`,
            );
          }
        }
        await q(`insert into cycle_items (cycle_id, case_id, state, results)
          select ${step}, c, 'passed', 1 from generate_series(1, 4) c`);
        await q(`insert into cycle_results (item_id, state, case_version) values ${rows.join(', ')}`);
      }
      // As kept, under the default window (20), then under other windows worked out again.
      expect(byKey(await keptFigures(database.db))).toEqual(byKey(await figuresFromHistory(database.db, 20)));
      const flipping = (await keptFigures(database.db)).filter((f) => f.flips > 0);
      expect(flipping.length).toBeGreaterThan(2);
      for (const window of [5, 37, 100]) {
        await q(`insert into project_flaky_settings (project_id, window_size, flip_threshold) values (1, ${window}, 3)
          on conflict (project_id) do update set window_size = excluded.window_size`);
        await q(`update case_flakiness f set (results, flips, first_flip_at, last_flip_at) = (
            select s.results, s.flips, s.first_flip_at, s.last_flip_at
            from case_flakiness_stats(f.states, f.flip_ats, ${window}) s)`);
        expect(byKey(await keptFigures(database.db)), `window ${window}`).toEqual(
          byKey(await figuresFromHistory(database.db, window)),
        );
      }
      // At most the last 100 outcomes are kept, all of one version.
      const kept = await queryRows<{ length: number }>(
        database.db,
        sql`select max(length(states))::int as length from case_flakiness`,
      );
      expect(kept[0]!.length).toBe(100);
    } finally {
      await database.close();
      await drop();
    }
  }, 120_000);
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
