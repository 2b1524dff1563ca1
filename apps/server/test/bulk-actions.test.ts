import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { createProject } from './helpers/fixtures.ts';
import { as, expectGuards, expectStatus } from './helpers/requests.ts';
import { startWorld, type TestApp, type World } from './helpers/world.ts';

/** docs/product/bulk-actions.md: every bulk action through the HTTP API, on a real database. */

let t: TestApp;
let w: World;
let p: number;
let checkout: number;
let login: number;

const admin = () => as(t, w.admin);
const post = async (url: string, body: object) => expectStatus(await admin().post(url, body), 201);
const bulk = (body: object) => admin().post(`/api/projects/${p}/cases/bulk`, body);
const preview = (selection: object) => admin().post(`/api/projects/${p}/cases/bulk/preview`, { selection });
const newCase = async (where: string, name: string, body: object = {}) =>
  (await post(`/api/test-cases/${where}/create`, { name, ...body })).testCase.id as number;
const caseOf = async (id: number) => expectStatus(await admin().get(`/api/test-cases/single/${id}`), 200);

beforeAll(async () => {
  ({ t, w } = await startWorld());
  p = w.project.id;
  checkout = (await post('/api/testsuites/create', { project_id: p, name: 'Checkout' })).suite.id;
  login = (await post('/api/testsuites/create', { project_id: p, name: 'Login' })).suite.id;
});
afterAll(() => t.close());

describe('bulk actions', () => {
  it('guards both calls: 401, 404 for an outsider, 403 naming the permission', async () => {
    const id = await newCase(`suite/${checkout}`, 'Guarded');
    await expectGuards(t, w, {
      method: 'POST',
      url: `/api/projects/${p}/cases/bulk/preview`,
      payload: { selection: { ids: [id] } },
      permission: 'home_test_case',
    });
    await expectGuards(t, w, {
      method: 'POST',
      url: `/api/projects/${p}/cases/bulk`,
      payload: { selection: { ids: [id] }, action: 'set_priority', priority: 'high' },
      permission: 'edit_test_case',
    });
  });

  it('refuses an empty selection, both ids and q, and ids of another project', async () => {
    expect(expectStatus(await bulk({ selection: { ids: [] }, action: 'delete' }), 400).message).toBe(
      'Select at least one test case',
    );
    const id = await newCase(`suite/${checkout}`, 'Mine');
    expectStatus(await bulk({ selection: { ids: [id], q: 'x' }, action: 'delete' }), 400);
    const other = await createProject(t, w.admin);
    const foreign = await newCase(`project/${other.id}`, 'Foreign');
    expect(
      expectStatus(await bulk({ selection: { ids: [id, foreign] }, action: 'delete' }), 404).message,
    ).toBe('Test case not found');
    // Nothing happened to the case of this project.
    await caseOf(id);
  });

  it('moves cases with their descendants to a suite, keeping runs and history; a move across projects is refused', async () => {
    const parent = await newCase(`suite/${checkout}`, 'Parent to move');
    const child = await newCase(`parent/${parent}`, 'Its child');
    const grandchild = await newCase(`parent/${child}`, 'Its grandchild');
    await post(`/api/testruns/create/${grandchild}`, { status: 'failed' });
    // The child is selected too: it goes with its parent and stays under it.
    const res = expectStatus(
      await bulk({ selection: { ids: [parent, child] }, action: 'move', suite_id: login }),
      200,
    );
    expect(res).toEqual({ message: 'Moved 2 cases with 1 descendant case to suite "Login"', affected: 3 });
    expect(await caseOf(parent)).toMatchObject({ suite_id: login, parent_id: null, rollup: 'failed' });
    expect(await caseOf(child)).toMatchObject({ suite_id: login, parent_id: parent });
    expect(await caseOf(grandchild)).toMatchObject({ suite_id: login, parent_id: child, status: 'failed' });
    const runs = expectStatus(await admin().get(`/api/testruns/testcase/${grandchild}`), 200);
    expect(JSON.stringify(runs)).toContain('failed');
    // The suite lists show the move (their kept answers are patched or read again).
    const loginList = expectStatus(await admin().get(`/api/test-cases/suite/${login}`), 200);
    expect(loginList.map((c: { id: number }) => c.id)).toContain(parent);
    const checkoutList = expectStatus(await admin().get(`/api/test-cases/suite/${checkout}`), 200);
    expect(checkoutList.map((c: { id: number }) => c.id)).not.toContain(parent);

    const other = await createProject(t, w.admin);
    const foreignSuite = (await post('/api/testsuites/create', { project_id: other.id, name: 'Elsewhere' }))
      .suite.id;
    const foreignCase = await newCase(`project/${other.id}`, 'Elsewhere case');
    const toSuite = expectStatus(
      await bulk({ selection: { ids: [parent] }, action: 'move', suite_id: foreignSuite }),
      400,
    );
    expect(toSuite.message).toBe('The target suite is not in this project');
    const toCase = expectStatus(
      await bulk({ selection: { ids: [parent] }, action: 'move', parent_id: foreignCase }),
      400,
    );
    expect(toCase.message).toBe('The target case is not in this project');
    expect(await caseOf(parent)).toMatchObject({ suite_id: login });
  });

  it('moves under a parent case (taking its suite), never under itself, and to the project', async () => {
    const target = await newCase(`suite/${login}`, 'Target parent');
    const a = await newCase(`suite/${checkout}`, 'A to nest');
    const aChild = await newCase(`parent/${a}`, 'A child');
    expectStatus(await bulk({ selection: { ids: [a] }, action: 'move', parent_id: target }), 200);
    expect(await caseOf(a)).toMatchObject({ suite_id: login, parent_id: target });
    expect(await caseOf(aChild)).toMatchObject({ suite_id: login, parent_id: a });
    expect(await caseOf(target)).toMatchObject({ has_children: true });
    const loop = expectStatus(
      await bulk({ selection: { ids: [a] }, action: 'move', parent_id: aChild }),
      400,
    );
    expect(loop.message).toBe('A case cannot move under itself or one of its descendants');
    expectStatus(await bulk({ selection: { ids: [a] }, action: 'move', suite_id: null }), 200);
    expect(await caseOf(a)).toMatchObject({ suite_id: null, parent_id: null });
    expect(await caseOf(aChild)).toMatchObject({ suite_id: null, parent_id: a });
  });

  it('copies cases with their descendants (content, not runs) under a target', async () => {
    const source = await newCase(`suite/${checkout}`, 'Copy me', {
      priority: 'high',
      tags: ['smoke'],
      steps: [{ action: 'Open', expected: 'Opens' }],
    });
    await newCase(`parent/${source}`, 'Copy my child');
    await post(`/api/testruns/create/${source}`, { status: 'passed' });
    const res = expectStatus(
      await bulk({ selection: { ids: [source] }, action: 'copy', suite_id: login }),
      200,
    );
    expect(res).toEqual({ message: 'Copied 2 cases to suite "Login"', affected: 2 });
    const list = expectStatus(await admin().get(`/api/test-cases/suite/${login}`), 200);
    const copy = list.find((c: { name: string }) => c.name === 'Copy me');
    expect(copy).toMatchObject({ priority: 'high', tags: ['smoke'], status: null, has_children: true });
    expect(copy.id).not.toBe(source);
    const detail = await caseOf(copy.id);
    expect(detail.steps).toEqual([{ action: 'Open', expected: 'Opens' }]);
    const children = expectStatus(await admin().get(`/api/test-cases/parent/${copy.id}`), 200);
    expect(children).toMatchObject([{ name: 'Copy my child', suite_id: login }]);
  });

  it('sets the priority as each case’s next version, and one audit entry counts the cases', async () => {
    const ids = [
      await newCase(`suite/${checkout}`, 'Prio 1'),
      await newCase(`suite/${checkout}`, 'Prio 2', { priority: 'critical' }),
      await newCase(`suite/${checkout}`, 'Prio 3', { priority: 'critical' }),
    ];
    const res = expectStatus(
      await bulk({ selection: { ids }, action: 'set_priority', priority: 'critical' }),
      200,
    );
    expect(res).toEqual({ message: 'Set the priority of 1 case to critical', affected: 1 });
    expect(await caseOf(ids[0]!)).toMatchObject({ priority: 'critical', version: 2 });
    const history = expectStatus(await admin().get(`/api/test-cases/${ids[0]}/versions`), 200);
    expect(history.items.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(history.items[0].changed).toEqual(['priority']);
    const [entry] = await queryRows<{ summary: string; project_id: number }>(
      t.db,
      sql`select summary, project_id from audit_log where summary like 'Set the priority%' order by id desc limit 1`,
    );
    expect(entry).toEqual({ summary: 'Set the priority of 1 case to critical', project_id: p });
  });

  it('adds and removes tags, keeping the project tag counts', async () => {
    const a = await newCase(`suite/${checkout}`, 'Tag A', { tags: ['old', 'keep'] });
    const b = await newCase(`suite/${checkout}`, 'Tag B', { tags: ['keep'] });
    const res = expectStatus(
      await bulk({
        selection: { ids: [a, b] },
        action: 'tags',
        add_tags: ['New', 'keep'],
        remove_tags: ['old'],
      }),
      200,
    );
    expect(res.affected).toBe(2);
    expect((await caseOf(a)).tags).toEqual(['keep', 'new']);
    expect((await caseOf(b)).tags).toEqual(['keep', 'new']);
    const tags = expectStatus(await admin().get(`/api/projects/${p}/case-tags?q=`), 200);
    const count = (tag: string) =>
      (tags.tags ?? tags).find((x: { tag: string }) => x.tag === tag)?.cases ?? 0;
    expect(count('new')).toBe(2);
    expect(count('old')).toBe(0);
    expect(count('keep')).toBe(2);
    const tooMany = Array.from({ length: 30 }, (_, i) => `t${i}`);
    const over = expectStatus(
      await bulk({ selection: { ids: [a] }, action: 'tags', add_tags: tooMany }),
      400,
    );
    expect(over.message).toBe('1 case would have more than 30 tags');
  });

  it('sets and clears a custom field, checked against its type', async () => {
    const field = (
      await post(`/api/projects/${p}/case-fields`, {
        name: 'Browser',
        type: 'select',
        options: ['Chrome', 'Firefox'],
      })
    ).field.id;
    const a = await newCase(`suite/${checkout}`, 'Field A');
    const set = expectStatus(
      await bulk({ selection: { ids: [a] }, action: 'set_field', field_id: field, value: 'Chrome' }),
      200,
    );
    expect(set.message).toBe('Set Browser on 1 case');
    expect((await caseOf(a)).custom_fields).toEqual({ [field]: 'Chrome' });
    const wrong = expectStatus(
      await bulk({ selection: { ids: [a] }, action: 'set_field', field_id: field, value: 'Safari' }),
      400,
    );
    expect(wrong.message).toBe('Browser must be one of its options');
    expectStatus(
      await bulk({ selection: { ids: [a] }, action: 'set_field', field_id: field, value: null }),
      200,
    );
    expect((await caseOf(a)).custom_fields).toEqual({});
  });

  it('adds cases (with descendants) to an open cycle once, and refuses a closed one', async () => {
    const a = await newCase(`suite/${checkout}`, 'Cycle A');
    await newCase(`parent/${a}`, 'Cycle A child');
    const cycle = (await post(`/api/projects/${p}/cycles`, { name: 'Sprint', case_ids: [a] })).cycle;
    const b = await newCase(`suite/${checkout}`, 'Cycle B');
    const res = expectStatus(
      await bulk({ selection: { ids: [a, b] }, action: 'add_to_cycle', cycle_id: cycle.id }),
      200,
    );
    expect(res).toEqual({ message: 'Added 1 case to the cycle "Sprint"', affected: 1 });
    expectStatus(await admin().put(`/api/cycles/${cycle.id}`, { state: 'closed' }), 200);
    expectStatus(await bulk({ selection: { ids: [b] }, action: 'add_to_cycle', cycle_id: cycle.id }), 409);
  });

  it('previews and deletes a selection by query, less the exceptions, with descendants and runs', async () => {
    const suite = (await post('/api/testsuites/create', { project_id: p, name: 'Doomed' })).suite.id;
    const x = await newCase(`suite/${suite}`, 'Doomed one');
    const xChild = await newCase(`parent/${x}`, 'Doomed child');
    const y = await newCase(`suite/${suite}`, 'Doomed two');
    const kept = await newCase(`suite/${suite}`, 'Doomed but kept');
    await post(`/api/testruns/create/${xChild}`, { status: 'passed' });
    await post(`/api/testruns/create/${y}`, { status: 'failed' });
    const selection = { q: 'suite:Doomed -child', except: [kept] };
    expect(expectStatus(await preview(selection), 200)).toEqual({ cases: 2, descendants: 1, runs: 2 });
    const res = expectStatus(await bulk({ selection, action: 'delete' }), 200);
    expect(res).toEqual({ message: 'Deleted 2 cases with 1 descendant case and 2 runs', affected: 3 });
    expectStatus(await admin().get(`/api/test-cases/single/${xChild}`), 404);
    await caseOf(kept);
    const bad = expectStatus(await bulk({ selection: { q: 'priority:urgent' }, action: 'delete' }), 400);
    expect(bad.details[0].field).toBe('q.0');
  });

  it('changes thousands of cases in one action', async () => {
    const suite = (await post('/api/testsuites/create', { project_id: p, name: 'Many' })).suite.id;
    await t.db.execute(sql`
      insert into test_cases (project_id, suite_id, name)
      select ${p}, ${suite}, 'Many ' || g from generate_series(1, 3000) g`);
    const res = expectStatus(
      await bulk({ selection: { q: 'suite:Many' }, action: 'tags', add_tags: ['bulk'] }),
      200,
    );
    expect(res.affected).toBe(3000);
    const moved = expectStatus(
      await bulk({ selection: { q: 'suite:Many' }, action: 'move', suite_id: checkout }),
      200,
    );
    expect(moved.affected).toBe(3000);
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from test_cases where suite_id = ${checkout} and 'bulk' = any(tags)`,
    );
    expect(row?.n).toBe(3000);
  });
});
