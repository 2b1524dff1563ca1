import type { Cycle, CycleItem } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { addMember, createRole, createUser } from './helpers/fixtures.ts';
import { staleLatestStatuses, statsMismatches } from './helpers/invariants.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { startWorld, type TestApp, type TestUser, type World } from './helpers/world.ts';

/**
 * docs/product/cycle-execution.md, "Undo", and docs/product/cycles.md, "Retest": undoing the latest
 * result through the HTTP API puts the item, its cycle's counts, the case's runs and every figure
 * kept from them back as they were; retest counts apart.
 */

let t: TestApp;
let w: World;
let tester: TestUser;
let other: TestUser;
beforeAll(async () => {
  ({ t, w } = await startWorld({ tree: true }));
  const role = await createRole(t, ['home_test_cycle', 'execute_test_cycle', 'home_test_run']);
  tester = await createUser(t);
  other = await createUser(t);
  await addMember(t, w.project.id, tester.id, role);
  await addMember(t, w.project.id, other.id, role);
});
afterAll(() => t.close());

const admin = () => as(t, w.admin);

async function newCycle(): Promise<{ cycle: Cycle; items: CycleItem[] }> {
  const res = await admin().post(`/api/projects/${w.project.id}/cycles`, { name: 'Undo', all_cases: true });
  const cycle: Cycle = expectStatus(res, 201).cycle;
  return { cycle, items: expectStatus(await admin().get(`/api/cycles/${cycle.id}/items`), 200).items };
}

async function record(itemId: number, state: string, user = tester, extra: object = {}) {
  return expectStatus(
    await as(t, user.token).post(`/api/cycle-items/${itemId}/results`, { state, ...extra }),
    201,
  ).result as { id: number; run_id: number | null };
}

const undo = (resultId: number, user = tester) => as(t, user.token).del(`/api/cycle-results/${resultId}`);

/** Everything a result changes, read straight from the tables. */
async function snapshot(cycleId: number, itemId: number) {
  const [item] = await queryRows(
    t.db,
    sql`select state, results, elapsed_ms from cycle_items where id = ${itemId}`,
  );
  const [counts] = await queryRows(t.db, sql`select * from cycle_counts where cycle_id = ${cycleId}`);
  const cases = await queryRows(
    t.db,
    sql`select id, latest_run_status from test_cases where project_id = ${w.project.id} order by id`,
  );
  const states = await queryRows(t.db, sql`select * from case_run_states order by 1, 2`);
  // Its version only goes up (list caches notice the change): the figures must come back.
  const [stats] = await queryRows(
    t.db,
    sql`select suites, passed, failed from project_stats where project_id = ${w.project.id}`,
  );
  const runs = await queryRows(
    t.db,
    sql`select id from test_runs where project_id = ${w.project.id} order by id`,
  );
  const reports = await queryRows(
    t.db,
    sql`select case_id, branch, results, failures, timed, duration_sum::bigint as duration_sum
      from case_result_stats where project_id = ${w.project.id} order by 1, 2`,
  );
  const totals = await queryRows(
    t.db,
    sql`select case_id, results, failures, timed, duration_sum::bigint as duration_sum
      from case_result_totals where project_id = ${w.project.id} order by 1`,
  );
  return { item, counts, cases, states, stats, runs, reports, totals };
}

/** Kept figures that differ from a recount: cycle counts, items, dashboard, latest statuses, reports. */
async function mismatches() {
  const counts = await queryRows(
    t.db,
    sql`
    select k.cycle_id from cycle_counts k
      left join lateral (
        select count(*)::int as total,
          (count(*) filter (where state = 'untested'))::int as untested,
          (count(*) filter (where state = 'passed'))::int as passed,
          (count(*) filter (where state = 'failed'))::int as failed,
          (count(*) filter (where state = 'blocked'))::int as blocked,
          (count(*) filter (where state = 'skipped'))::int as skipped,
          (count(*) filter (where state = 'retest'))::int as retest,
          coalesce(sum(elapsed_ms), 0)::bigint as duration_ms
        from cycle_items i where i.cycle_id = k.cycle_id
      ) c on true
    where (k.total, k.untested, k.passed, k.failed, k.blocked, k.skipped, k.retest, k.duration_ms)
      is distinct from (c.total, c.untested, c.passed, c.failed, c.blocked, c.skipped, c.retest, c.duration_ms)`,
  );
  const items = await queryRows(
    t.db,
    sql`
    select i.id from cycle_items i
      left join lateral (
        select r.state, r.elapsed_ms from cycle_results r where r.item_id = i.id order by r.id desc limit 1
      ) l on true
    where (i.state, i.results, i.elapsed_ms) is distinct from
      (coalesce(l.state, 'untested'), (select count(*)::int from cycle_results r where r.item_id = i.id),
        l.elapsed_ms)`,
  );
  const reports = await queryRows(
    t.db,
    sql`
    select s.case_id from case_result_stats s
      left join lateral (
        select count(*)::int as results, (count(*) filter (where r.state = 'failed'))::int as failures
        from cycle_results r join cycle_items i on i.id = r.item_id join test_cycles y on y.id = i.cycle_id
        where i.case_id = s.case_id and coalesce(y.branch, '') = s.branch and r.state in ('passed', 'failed')
      ) c on true
    where (s.results, s.failures) is distinct from (c.results, c.failures)`,
  );
  return {
    counts,
    items,
    reports,
    stats: await statsMismatches(t.db),
    latest: await staleLatestStatuses(t.db),
  };
}

const NONE = { counts: [], items: [], reports: [], stats: [], latest: [] };

describe('undo', () => {
  it('takes back a failed result with its run: item, counts, case status, dashboard and reports as before', async () => {
    const { cycle, items } = await newCycle();
    const item = items[0]!;
    const first = await record(item.id, 'passed', tester, { elapsed_ms: 1200 });
    const before = await snapshot(cycle.id, item.id);
    const second = await record(item.id, 'failed', tester, { elapsed_ms: 3400, comment: 'broken' });
    expect(second.run_id).not.toBeNull();
    expect(await snapshot(cycle.id, item.id)).not.toEqual(before);

    const answer = expectStatus(await undo(second.id), 200);
    expect(answer).toMatchObject({
      message: 'Result undone',
      item: { id: item.id, state: 'passed', results: 1, last_result: { elapsed_ms: 1200 } },
    });
    expect(await snapshot(cycle.id, item.id)).toEqual(before);
    expect(await mismatches()).toEqual(NONE);
    const detail = expectStatus(await admin().get(`/api/cycle-items/${item.id}`), 200);
    expect(detail.results.map((r: { id: number }) => r.id)).toEqual([first.id]);
    expect(expectStatus(await admin().get(`/api/testruns/detail/${second.run_id}`), 404)).toBeTruthy();

    const [entry] = await queryRows<{
      action: string;
      entity_type: string;
      summary: string;
      changes: object;
    }>(t.db, sql`select action, entity_type, summary, changes from audit_log order by id desc limit 1`);
    expect(entry).toMatchObject({
      action: 'delete',
      entity_type: 'cycle',
      summary: `Undid the failed result of case "case" in cycle "Undo" and its run #${second.run_id}`,
      changes: { state: { before: 'failed', after: 'passed' } },
    });
  });

  it('the only result: the item is untested again', async () => {
    const { cycle, items } = await newCycle();
    const before = await snapshot(cycle.id, items[1]!.id);
    const result = await record(items[1]!.id, 'blocked');
    expectStatus(await undo(result.id), 200);
    expect(await snapshot(cycle.id, items[1]!.id)).toEqual(before);
    expect(expectStatus(await admin().get(`/api/cycles/${cycle.id}`), 200).counts).toMatchObject({
      untested: items.length,
    });
  });

  it('only its recorder, only the latest, only within the window, only in an open cycle', async () => {
    const { cycle, items } = await newCycle();
    const mine = await record(items[0]!.id, 'passed');
    expect(expectStatus(await undo(mine.id, other), 403)).toMatchObject({ code: 'not_your_result' });
    expectStatus(await admin().del(`/api/cycle-results/${mine.id}`), 403);

    const later = await record(items[0]!.id, 'failed', other);
    expect(expectStatus(await undo(mine.id), 409)).toMatchObject({ code: 'not_latest_result' });
    expectStatus(await undo(later.id, other), 200);

    const old = await record(items[1]!.id, 'failed');
    await t.db.execute(
      sql`update cycle_results set created_at = now() - interval '16 seconds' where id = ${old.id}`,
    );
    expect(expectStatus(await undo(old.id), 409)).toMatchObject({
      code: 'undo_window_passed',
      message: 'A result can be undone for 15 seconds after it was recorded',
    });

    const fresh = await record(items[2]!.id, 'passed');
    expectStatus(await admin().put(`/api/cycles/${cycle.id}`, { state: 'closed' }), 200);
    expect(expectStatus(await undo(fresh.id), 409)).toMatchObject({ code: 'cycle_closed' });
    expectStatus(await admin().put(`/api/cycles/${cycle.id}`, { state: 'open' }), 200);
    expectStatus(await undo(fresh.id), 200);
    expect(expectStatus(await undo(fresh.id), 404)).toMatchObject({ message: 'Cycle result not found' });

    const outsider = await createUser(t);
    const another = await record(items[3]!.id, 'passed');
    expect(expectStatus(await undo(another.id, outsider), 404)).toMatchObject({ code: 'not_found' });
    expect(await mismatches()).toEqual(NONE);
  });

  it('a result in an import cycle is not undone', async () => {
    const xml = `<testsuite name="s"><testcase classname="undo" name="imported"/></testsuite>`;
    const res = await t.request({
      method: 'POST',
      url: `/api/projects/${w.project.id}/import/junit?branch=main`,
      token: w.admin,
      headers: { 'content-type': 'application/xml' },
      payload: xml,
    });
    const cycleId = expectStatus(res, 201).cycle.id;
    const [item] = expectStatus(await admin().get(`/api/cycles/${cycleId}/items`), 200).items;
    const result = expectStatus(
      await admin().post(`/api/cycle-items/${item.id}/results`, { state: 'failed' }),
      201,
    ).result;
    expect(expectStatus(await admin().del(`/api/cycle-results/${result.id}`), 409)).toMatchObject({
      code: 'imported_cycle_result',
    });
  });
});

describe('retest', () => {
  it('counts stay equal to a recount through retest and undo', async () => {
    const { cycle, items } = await newCycle();
    await record(items[0]!.id, 'failed');
    const retest = await record(items[0]!.id, 'retest', tester, { comment: 'fixed in 2.4.1' });
    expect(retest.run_id).toBeNull();
    await record(items[1]!.id, 'retest');
    const counts = expectStatus(await admin().get(`/api/cycles/${cycle.id}`), 200).counts;
    expect(counts).toMatchObject({ total: items.length, failed: 0, retest: 2, untested: items.length - 2 });
    const listed = expectStatus(await admin().get(`/api/cycles/${cycle.id}/items?state=retest`), 200);
    expect(listed.items.map((i: CycleItem) => i.id)).toEqual([items[0]!.id, items[1]!.id]);
    expect(await mismatches()).toEqual(NONE);

    expectStatus(await undo(retest.id), 200);
    expect(expectStatus(await admin().get(`/api/cycles/${cycle.id}`), 200).counts).toMatchObject({
      failed: 1,
      retest: 1,
    });
    expect(await mismatches()).toEqual(NONE);
  });

  it('is open work in My Work, and "Re-run failed" takes it by default', async () => {
    const { cycle, items } = await newCycle();
    expectStatus(
      await admin().put(`/api/cycles/${cycle.id}/assign`, {
        item_ids: [items[0]!.id],
        assignee_id: tester.id,
      }),
      200,
    );
    await record(items[0]!.id, 'retest');
    const work = expectStatus(await as(t, tester.token).get('/api/my-work'), 200);
    expect(work.items.map((entry: { item: CycleItem }) => entry.item.id)).toContain(items[0]!.id);
    const rerun = expectStatus(
      await admin().post(`/api/projects/${w.project.id}/cycles`, {
        name: 'Verify fixes',
        from_cycle_id: cycle.id,
      }),
      201,
    );
    expect(rerun.cycle.counts).toMatchObject({ total: 1, untested: 1 });
  });
});

describe('retest and the CI gate', () => {
  it('a retest item of the cycle compared with is not a failure there: a failure now is new', async () => {
    const report = (outcome: 'pass' | 'fail') =>
      `<testsuite name="Gate"><testcase classname="gate" name="login">${
        outcome === 'fail' ? '<failure message="broke">trace</failure>' : ''
      }</testcase></testsuite>`;
    const upload = async (outcome: 'pass' | 'fail') => {
      const res = await t.request({
        method: 'POST',
        url: `/api/projects/${w.project.id}/import/junit?branch=retest-gate`,
        token: w.admin,
        headers: { 'content-type': 'application/xml' },
        payload: report(outcome),
      });
      return expectStatus(res, 201);
    };
    const first = await upload('fail');
    const [item] = expectStatus(await admin().get(`/api/cycles/${first.cycle.id}/items`), 200).items;
    expectStatus(await admin().post(`/api/cycle-items/${item.id}/results`, { state: 'retest' }), 201);
    const second = await upload('fail');
    expect(second.gate).toMatchObject({ counts: { new: 1, still_failing: 0 }, fails_new: true });
  });
});

describe('previous items', () => {
  it('before_id lists the items before one, the nearest first', async () => {
    const { cycle, items } = await newCycle();
    const ids = items.map((item) => item.id);
    const page = (query: string) =>
      admin()
        .get(`/api/cycles/${cycle.id}/items?${query}`)
        .then((res) => expectStatus(res, 200) as { items: CycleItem[]; total: number });
    const before = await page(`before_id=${ids[3]}&limit=2`);
    expect(before.items.map((item) => item.id)).toEqual([ids[2], ids[1]]);
    expect(before.total).toBe(3);
    expect((await page(`before_id=${ids[0]}`)).items).toEqual([]);
  });
});
