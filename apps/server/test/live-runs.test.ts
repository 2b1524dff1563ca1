import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from './helpers/fixtures.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { startWorld, type TestApp, type TestUser, type World } from './helpers/world.ts';

/**
 * Live runs (docs/product/live-runs.md) through HTTP: a reporter opens an import cycle, adds its
 * results in batches matched to cases as the import matches them, and finishes it with its gate;
 * a run that stops reporting says so after LIVE_RUN_TIMEOUT.
 */

let t: TestApp;
let w: World;
let importer: TestUser;
let other: TestUser;
let reader: TestUser;
const IMPORTER = [
  'import_results',
  'add_test_run_in_test_case',
  'add_test_suit_in_project',
  'add_test_case_in_test_suit',
  'add_test_case_in_test_case',
  'home_test_cycle',
];
beforeAll(async () => {
  ({ t, w, importer, other, reader } = await startWorld({
    env: { LIVE_RUN_TIMEOUT: '5' },
    members: { importer: IMPORTER, other: IMPORTER, reader: ['home_test_cycle'] },
  }));
});
afterAll(() => t.close());

let projects = 0;
const newProject = async () => (await createProject(t, w.admin, `Live ${++projects}`)).id;

const result = (title: string, outcome = 'passed', extra: object = {}) => ({
  suite: 'checkout.spec.ts',
  path: ['Checkout', title],
  outcome,
  duration_ms: 12,
  ...extra,
});

describe('a live run', () => {
  it('opens an empty running cycle, fills it batch by batch and finishes it with its gate', async () => {
    const projectId = await newProject();
    const api = as(t, w.admin);
    // A previous import on main, where "pays by card" already failed.
    const before = expectStatus(
      await api.post(`/api/projects/${projectId}/live-runs`, { branch: 'main' }),
      201,
    );
    expectStatus(
      await api.post(`/api/live-runs/${before.id}/results`, {
        results: [result('pays by card', 'failed'), result('pays by voucher')],
      }),
      200,
    );
    expectStatus(await api.post(`/api/live-runs/${before.id}/finish`, {}), 200);

    const opened = expectStatus(
      await api.post(`/api/projects/${projectId}/live-runs`, {
        name: 'Nightly live',
        branch: 'main',
        build_number: '41',
      }),
      201,
    );
    expect(opened).toMatchObject({
      name: 'Nightly live',
      source: 'import',
      state: 'open',
      branch: 'main',
      build_number: '41',
      counts: { total: 0 },
      live: { state: 'running' },
    });

    const first = expectStatus(
      await api.post(`/api/live-runs/${opened.id}/results`, {
        results: [
          result('pays by card', 'failed', { failure: { message: 'boom', type: null, text: 'stack' } }),
          result('pays by voucher'),
        ],
      }),
      200,
    );
    expect(first.result_ids).toHaveLength(2);
    // The cycle page reads the cycle as it fills.
    const during = expectStatus(await api.get(`/api/cycles/${opened.id}`), 200);
    expect(during).toMatchObject({
      state: 'open',
      counts: { total: 2, passed: 1, failed: 1 },
      live: { state: 'running' },
    });

    // A retry of the card test in the next batch is a second result of the same item.
    const second = expectStatus(
      await api.post(`/api/live-runs/${opened.id}/results`, {
        results: [result('pays by card', 'passed', { retry: true }), result('refunds', 'skipped')],
      }),
      200,
    );
    expect(second.result_ids).toHaveLength(2);
    const { items } = expectStatus(await api.get(`/api/cycles/${opened.id}/items?limit=100`), 200);
    const card = items.find(
      (item: { test_case: { name: string } }) => item.test_case.name === 'pays by card',
    );
    const { results } = expectStatus(await api.get(`/api/cycle-items/${card.id}`), 200);
    expect(results.map((r: { id: number; state: string }) => [r.id, r.state]).sort()).toEqual(
      [
        [first.result_ids[0], 'failed'],
        [second.result_ids[0], 'passed'],
      ].sort(),
    );

    const finished = expectStatus(
      await api.post(`/api/live-runs/${opened.id}/finish`, { commit: 'abc123' }),
      200,
    );
    expect(finished.cycle).toMatchObject({
      state: 'closed',
      commit: 'abc123',
      branch: 'main',
      counts: { total: 3, passed: 2, skipped: 1, failed: 0 },
      live: { state: 'finished' },
    });
    expect(finished.gate).toMatchObject({
      compared_with: { id: before.id },
      counts: { new: 0, still_failing: 0, fixed: 1 },
      fails: false,
    });
    expect(finished.gate.fixed.map((c: { name: string }) => c.name)).toEqual(['pays by card']);
    // Finished: no more results.
    const late = await api.post(`/api/live-runs/${opened.id}/results`, { results: [result('late')] });
    expect(late.statusCode).toBe(409);
  });

  it('matches tests to cases by key, else by suite and path, and answers ids in the order sent', async () => {
    const projectId = await newProject();
    const api = as(t, w.admin);
    const run = expectStatus(await api.post(`/api/projects/${projectId}/live-runs`, {}), 201);
    expect(run.name).toMatch(/^Live run \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    const made = expectStatus(
      await api.post(`/api/live-runs/${run.id}/results`, { results: [result('adds to basket')] }),
      200,
    );
    const { items } = expectStatus(await api.get(`/api/cycles/${run.id}/items?limit=10`), 200);
    const caseId = items[0].test_case.id;
    // A test that names its case by key comes between two that do not: the ids keep the order sent.
    const next = expectStatus(await api.post(`/api/projects/${projectId}/live-runs`, {}), 201);
    const mixed = expectStatus(
      await api.post(`/api/live-runs/${next.id}/results`, {
        results: [
          result('first'),
          { ...result('renamed test'), case_key: caseId },
          result('last', 'failed'),
          result('adds to basket'),
        ],
      }),
      200,
    );
    expect(mixed.result_ids).toHaveLength(4);
    const { items: nextItems } = expectStatus(await api.get(`/api/cycles/${next.id}/items?limit=10`), 200);
    const byCase = new Map<number, number>();
    for (const item of nextItems) {
      const { results } = expectStatus(await api.get(`/api/cycle-items/${item.id}`), 200);
      for (const r of results) byCase.set(r.id, item.test_case.id);
    }
    expect(byCase.get(mixed.result_ids[1])).toBe(caseId);
    // The same suite and path: the same case as the first run's.
    const first = items.find(
      (item: { test_case: { name: string } }) => item.test_case.name === 'adds to basket',
    );
    expect(byCase.get(mixed.result_ids[3])).toBe(first.test_case.id);
    expect(made.result_ids).toHaveLength(1);
    expect(mixed.result_ids[0]).toBeLessThan(mixed.result_ids[2]);
  });
});

describe('who may report, and how much', () => {
  it('needs import_results, and only the run opener may add to it or finish it', async () => {
    const projectId = w.project.id;
    expectStatus(await as(t).post(`/api/projects/${projectId}/live-runs`, {}), 401);
    expectStatus(await as(t, reader.token).post(`/api/projects/${projectId}/live-runs`, {}), 403);
    expectStatus(await as(t, w.outsider.token).post(`/api/projects/${projectId}/live-runs`, {}), 404);
    const run = expectStatus(
      await as(t, importer.token).post(`/api/projects/${projectId}/live-runs`, {}),
      201,
    );
    const refused = expectStatus(
      await as(t, other.token).post(`/api/live-runs/${run.id}/results`, { results: [result('x')] }),
      403,
    );
    expect(refused).toMatchObject({ code: 'not_your_import' });
    expectStatus(await as(t, other.token).post(`/api/live-runs/${run.id}/finish`, {}), 403);
    expectStatus(
      await as(t, reader.token).post(`/api/live-runs/${run.id}/results`, { results: [result('x')] }),
      403,
    );
    expectStatus(
      await as(t, w.outsider.token).post(`/api/live-runs/${run.id}/results`, { results: [result('x')] }),
      404,
    );
    expectStatus(
      await as(t, importer.token).post(`/api/live-runs/${run.id}/results`, { results: [result('x')] }),
      200,
    );
  });

  it('refuses a cycle that is not a live run', async () => {
    const projectId = await newProject();
    const api = as(t, w.admin);
    const run = expectStatus(await api.post(`/api/projects/${projectId}/live-runs`, {}), 201);
    expectStatus(await api.post(`/api/live-runs/${run.id}/results`, { results: [result('x')] }), 200);
    const manual = expectStatus(
      await api.post(`/api/projects/${projectId}/cycles`, { name: 'Manual', all_cases: true }),
      201,
    );
    const id = manual.id ?? manual.cycle.id;
    expectStatus(await api.post(`/api/live-runs/${id}/results`, { results: [result('x')] }), 409);
    expectStatus(await api.post(`/api/live-runs/${id}/finish`, {}), 409);
    expect(expectStatus(await api.get(`/api/cycles/${id}`), 200).live).toBeUndefined();
  });

  it('bounds a batch: at most 1,000 results, none empty', async () => {
    const projectId = await newProject();
    const api = as(t, w.admin);
    const run = expectStatus(await api.post(`/api/projects/${projectId}/live-runs`, {}), 201);
    const many = Array.from({ length: 1001 }, (_, i) => result(`t${i}`));
    expectStatus(await api.post(`/api/live-runs/${run.id}/results`, { results: many }), 400);
    expectStatus(await api.post(`/api/live-runs/${run.id}/results`, { results: [] }), 400);
    const big = 'x'.repeat(60_000);
    const heavy = Array.from({ length: 150 }, (_, i) => result(`h${i}`, 'failed', { log: big }));
    expectStatus(await api.post(`/api/live-runs/${run.id}/results`, { results: heavy }), 413);
    const full = Array.from({ length: 1000 }, (_, i) => result(`t${i}`));
    const ok = expectStatus(await api.post(`/api/live-runs/${run.id}/results`, { results: full }), 200);
    expect(ok.result_ids).toHaveLength(1000);
  });
});

describe('a run that stops reporting', () => {
  it('says so once LIVE_RUN_TIMEOUT passed without a result, and runs again with the next', async () => {
    const projectId = await newProject();
    const api = as(t, w.admin);
    const run = expectStatus(await api.post(`/api/projects/${projectId}/live-runs`, {}), 201);
    expectStatus(await api.post(`/api/live-runs/${run.id}/results`, { results: [result('a')] }), 200);
    // Six minutes pass (the test app's LIVE_RUN_TIMEOUT is 5).
    await t.db.execute(
      sql`update test_cycles set created_at = created_at - interval '6 minutes' where id = ${run.id}`,
    );
    await t.db.execute(sql`
      update cycle_results set created_at = created_at - interval '6 minutes'
      where item_id in (select id from cycle_items where cycle_id = ${run.id})`);
    const stopped = expectStatus(await api.get(`/api/cycles/${run.id}`), 200);
    expect(stopped.live.state).toBe('stopped');
    expect(Date.parse(stopped.live.last_result_at)).toBeLessThan(Date.now() - 5 * 60_000);
    expectStatus(await api.post(`/api/live-runs/${run.id}/results`, { results: [result('b')] }), 200);
    expect(expectStatus(await api.get(`/api/cycles/${run.id}`), 200).live.state).toBe('running');
  });

  it('leaves an import cycle without a live state', async () => {
    const projectId = await newProject();
    const xml = '<testsuite name="s"><testcase classname="s" name="a"/></testsuite>';
    const imported = expectStatus(
      await t.request({
        method: 'POST',
        url: `/api/projects/${projectId}/import/junit`,
        token: w.admin,
        payload: xml,
        headers: { 'content-type': 'application/xml' },
      }),
      201,
    );
    const cycle = expectStatus(await as(t, w.admin).get(`/api/cycles/${imported.cycle.id}`), 200);
    expect(cycle.live).toBeUndefined();
    expectStatus(
      await as(t, w.admin).post(`/api/live-runs/${imported.cycle.id}/results`, { results: [result('x')] }),
      409,
    );
  });
});
