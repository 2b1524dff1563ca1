import { gunzipSync } from 'node:zlib';
import type { CaseStatus, TestCase, TestCaseDetail } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { createProject } from './helpers/fixtures.ts';
import { staleLatestStatuses } from './helpers/invariants.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { countStatements } from './helpers/statements.ts';
import { startAdminWorld, type TestApp } from './helpers/world.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => ({ t, admin } = await startAdminWorld()));
afterAll(() => t.close());

const api = () => as(t, admin);

async function newSuite(projectId: number): Promise<number> {
  return expectStatus(await api().post('/api/testsuites/create', { project_id: projectId, name: 'S' }), 201)
    .suite.id;
}
async function newCase(path: string, name: string): Promise<TestCase> {
  return expectStatus(await api().post(path, { name }), 201).testCase;
}
async function run(caseId: number, status: 'passed' | 'failed'): Promise<number> {
  return expectStatus(await api().post(`/api/testruns/create/${caseId}`, { status }), 201).testRun.id;
}
async function single(id: number): Promise<TestCase> {
  return expectStatus(await api().get(`/api/test-cases/single/${id}`), 200);
}
/** The single case as lists show it: without the content only the single answer carries (rich-cases.md). */
async function listed(id: number): Promise<TestCase> {
  const {
    preconditions: _p,
    steps: _s,
    custom_fields: _c,
    version: _v,
    source_id: _i,
    parameters: _m,
    requirements: _r,
    ...shape
  } = (await single(id)) as TestCaseDetail;
  return shape;
}
const marks = async (id: number) => {
  const c = await single(id);
  return { status: c.status, rollup: c.rollup };
};

const staleCases = () => staleLatestStatuses(t.db);

describe("a case's status", () => {
  it('is its latest run’s, through creates, edits and deletes', async () => {
    const project = await createProject(t, admin);
    const c = await newCase(`/api/test-cases/project/${project.id}/create`, 'c');
    expect(c).toMatchObject({ status: null, rollup: null });
    const first = await run(c.id, 'passed');
    expect(await marks(c.id)).toEqual({ status: 'passed', rollup: 'passed' });
    const second = await run(c.id, 'failed');
    expect(await marks(c.id)).toEqual({ status: 'failed', rollup: 'failed' });
    // Editing an older run changes nothing; editing the latest does.
    expectStatus(await api().put(`/api/testruns/update/${first}`, { status: 'failed' }), 200);
    expect((await single(c.id)).status).toBe('failed');
    expectStatus(await api().put(`/api/testruns/update/${second}`, { status: 'passed' }), 200);
    expect((await single(c.id)).status).toBe('passed');
    // Deleting the latest falls back to the one before; deleting the last leaves none.
    expectStatus(await api().del(`/api/testruns/delete/${second}`), 200);
    expect((await single(c.id)).status).toBe('failed');
    expectStatus(await api().del(`/api/testruns/delete/${first}`), 200);
    expect(await marks(c.id)).toEqual({ status: null, rollup: null });
    expect(await staleCases()).toEqual([]);
  });
});

describe('the roll-up of a subtree', () => {
  it('is failed when any latest run below failed, passed when the ones that ran passed, none when nothing ran', async () => {
    const project = await createProject(t, admin);
    const suiteId = await newSuite(project.id);
    const root = await newCase(`/api/test-cases/suite/${suiteId}/create`, 'root');
    const a = await newCase(`/api/test-cases/parent/${root.id}/create`, 'a');
    const b = await newCase(`/api/test-cases/parent/${root.id}/create`, 'b');
    const a1 = await newCase(`/api/test-cases/parent/${a.id}/create`, 'a1');
    const none = { status: null, rollup: null };
    expect(await marks(root.id)).toEqual(none);

    await run(a1.id, 'passed');
    expect(await marks(a1.id)).toEqual({ status: 'passed', rollup: 'passed' });
    expect(await marks(a.id)).toEqual({ status: null, rollup: 'passed' });
    expect(await marks(root.id)).toEqual({ status: null, rollup: 'passed' });
    expect(await marks(b.id)).toEqual(none);

    await run(b.id, 'failed');
    await run(root.id, 'passed');
    expect(await marks(root.id)).toEqual({ status: 'passed', rollup: 'failed' });
    expect(await marks(a.id)).toEqual({ status: null, rollup: 'passed' });

    // Every list answers the same marks as the single case.
    const inSuite = expectStatus(await api().get(`/api/test-cases/suite/${suiteId}`), 200);
    const inProject = expectStatus(await api().get(`/api/test-cases/project/${project.id}`), 200);
    const children = expectStatus(await api().get(`/api/test-cases/parent/${root.id}`), 200);
    expect(inSuite).toEqual([await listed(root.id)]);
    expect(inProject).toEqual([await listed(root.id)]);
    expect(children).toEqual([await listed(a.id), await listed(b.id)]);

    await run(b.id, 'passed');
    expect((await single(root.id)).rollup).toBe('passed');
    await run(a1.id, 'failed');
    expect((await single(a.id)).rollup).toBe('failed');
    expect((await single(root.id)).rollup).toBe('failed');

    // Deleting the failing branch takes its runs, and the roll-up follows.
    expectStatus(await api().del(`/api/test-cases/delete/${a.id}`), 200);
    expect(await marks(root.id)).toEqual({ status: 'passed', rollup: 'passed' });
    // An edit answers the current marks too.
    const edited = expectStatus(
      await api().put(`/api/test-cases/update/${root.id}`, { name: 'root 2' }),
      200,
    );
    expect(edited.testCase).toMatchObject({
      name: 'root 2',
      status: 'passed',
      rollup: 'passed',
      has_children: true,
    });
    expect(await staleCases()).toEqual([]);
  });

  it('matches a model on a random forest, on every endpoint', async () => {
    const project = await createProject(t, admin);
    const suiteId = await newSuite(project.id);
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const parents = new Map<number, number | null>();
    const latest = new Map<number, CaseStatus>();
    for (let i = 0; i < 40; i += 1) {
      const ids = [...parents.keys()];
      const parent = ids.length > 0 && next() < 0.7 ? ids[Math.floor(next() * ids.length)]! : null;
      const path =
        parent === null
          ? `/api/test-cases/suite/${suiteId}/create`
          : `/api/test-cases/parent/${parent}/create`;
      const c = await newCase(path, `n${i}`);
      parents.set(c.id, parent);
      latest.set(c.id, null);
    }
    // Runs in bulk, straight into the table: the statement-level trigger covers many cases at once.
    await t.db.execute(sql`
      insert into test_runs (case_id, project_id, status)
      select c.id, c.project_id, case when (c.id * 7 + g) % 5 = 0 then 'failed' else 'passed' end
      from test_cases c cross join generate_series(1, 1 + c.id % 3) g
      where c.project_id = ${project.id} and c.id % 4 <> 0`);
    const recount = await queryRows<{ id: number; status: CaseStatus }>(
      t.db,
      sql`select c.id, (select r.status from test_runs r where r.case_id = c.id order by r.id desc limit 1) as status
          from test_cases c where c.project_id = ${project.id}`,
    );
    for (const row of recount) latest.set(row.id, row.status);

    const rollupOf = (id: number): CaseStatus => {
      const statuses: CaseStatus[] = [latest.get(id) ?? null];
      for (const [child, parent] of parents) if (parent === id) statuses.push(rollupOf(child));
      if (statuses.includes('failed')) return 'failed';
      return statuses.includes('passed') ? 'passed' : null;
    };
    for (const id of parents.keys()) {
      const c = await single(id);
      expect({ id, status: c.status, rollup: c.rollup }).toEqual({
        id,
        status: latest.get(id),
        rollup: rollupOf(id),
      });
    }
    const top = expectStatus(await api().get(`/api/test-cases/suite/${suiteId}`), 200) as TestCase[];
    expect(top.map((c) => [c.id, c.rollup])).toEqual(
      [...parents].filter(([, p]) => p === null).map(([id]) => [id, rollupOf(id)]),
    );
    expect(await staleCases()).toEqual([]);
  });
});

describe('statuses kept by the database', () => {
  it('follow a JUnit import', async () => {
    const project = await createProject(t, admin);
    const report = (bad: string) =>
      `<testsuites><testsuite name="Login"><testcase classname="Login" name="form &gt; accepts"/>` +
      `<testcase classname="Login" name="form &gt; refuses">${bad}</testcase></testsuite></testsuites>`;
    const importReport = async (xml: string) =>
      expectStatus(
        await t.request({
          method: 'POST',
          url: `/api/projects/${project.id}/import/junit`,
          token: admin,
          headers: { 'content-type': 'application/xml' },
          payload: xml,
        }),
        201,
      );
    await importReport(report('<failure message="no"/>'));
    const [form] = expectStatus(await api().get(`/api/test-cases/project/${project.id}`), 200) as TestCase[];
    expect(form).toMatchObject({ name: 'form', status: null, rollup: 'failed' });
    const leaves = expectStatus(await api().get(`/api/test-cases/parent/${form!.id}`), 200) as TestCase[];
    expect(leaves.map((c) => [c.name, c.status])).toEqual([
      ['accepts', 'passed'],
      ['refuses', 'failed'],
    ]);
    await importReport(report(''));
    expect((await single(form!.id)).rollup).toBe('passed');
    expect(await staleCases()).toEqual([]);
  });

  it('stay right under concurrent run writes, also while the case’s ancestor is deleted', async () => {
    const project = await createProject(t, admin);
    const parent = await newCase(`/api/test-cases/project/${project.id}/create`, 'parent');
    const target = await newCase(`/api/test-cases/parent/${parent.id}/create`, 'target');
    const other = await newCase(`/api/test-cases/project/${project.id}/create`, 'other');
    const seeded = [
      await run(target.id, 'passed'),
      await run(other.id, 'passed'),
      await run(other.id, 'failed'),
    ];

    const writes = [];
    for (let i = 0; i < 12; i += 1) {
      const status = i % 3 === 0 ? 'failed' : 'passed';
      writes.push(api().post(`/api/testruns/create/${other.id}`, { status }));
      writes.push(api().post(`/api/testruns/create/${target.id}`, { status }));
    }
    writes.push(api().put(`/api/testruns/update/${seeded[2]}`, { status: 'passed' }));
    writes.push(api().del(`/api/testruns/delete/${seeded[1]}`));
    writes.push(api().put(`/api/testruns/update/${seeded[0]}`, { status: 'failed' }));
    writes.push(api().del(`/api/test-cases/delete/${parent.id}`));
    const answers = await Promise.all(writes);
    // A write on the deleted subtree may find it gone (404), but nothing fails or deadlocks.
    expect(answers.filter((res) => res.statusCode >= 500).map((res) => res.body)).toEqual([]);
    expect(await staleCases()).toEqual([]);
    expectStatus(await api().get(`/api/test-cases/single/${target.id}`), 404);
  });
});

describe('cost', () => {
  const statementsOf = (path: string) =>
    countStatements(t, async () => expectStatus(await api().get(path), 200));

  it('lists with status and roll-up in a constant number of queries, however many nodes', async () => {
    const project = await createProject(t, admin);
    const small = await newSuite(project.id);
    const large = await newSuite(project.id);
    await t.db.execute(sql`
      insert into test_cases (project_id, suite_id, name)
      select ${project.id}, s, 'c' || g from (values (${small}::int, 3), (${large}::int, 300)) v(s, n), generate_series(1, n) g`);
    await t.db.execute(sql`
      insert into test_cases (project_id, suite_id, parent_id, name)
      select project_id, suite_id, id, 'child' from test_cases where suite_id in (${small}, ${large})`);
    await t.db.execute(sql`
      insert into test_runs (case_id, project_id, status)
      select id, project_id, 'failed' from test_cases where suite_id in (${small}, ${large}) and parent_id is not null`);
    await statementsOf(`/api/projects/detail/${project.id}`); // the caller is now remembered
    const few = await statementsOf(`/api/test-cases/suite/${small}`);
    const many = await statementsOf(`/api/test-cases/suite/${large}`);
    expect(few).toBeGreaterThan(0);
    expect(many).toBe(few);
    // A large list's answer is kept: asking again reads only its project's version.
    expect(await statementsOf(`/api/test-cases/suite/${large}`)).toBe(1);
    const listed = expectStatus(await api().get(`/api/test-cases/suite/${large}`), 200) as TestCase[];
    expect(listed).toHaveLength(300);
    expect(listed.every((c) => c.status === null && c.rollup === 'failed' && c.has_children)).toBe(true);
  });

  it('a kept list answer changes with every write that changes the list', async () => {
    const project = await createProject(t, admin);
    const suite = await newSuite(project.id);
    await t.db.execute(sql`
      insert into test_cases (project_id, suite_id, name)
      select ${project.id}, ${suite}, 'c' || g from generate_series(1, 250) g`);
    const list = async () =>
      expectStatus(await api().get(`/api/test-cases/suite/${suite}`), 200) as TestCase[];
    const first = await list();
    expect(first).toHaveLength(250);
    expect(await list()).toEqual(first);
    const target = first[7]!;
    // A run changes the case's status.
    expectStatus(await api().post(`/api/testruns/create/${target.id}`, { status: 'failed' }), 201);
    expect((await list()).find((c) => c.id === target.id)?.status).toBe('failed');
    // An edit changes its name.
    expectStatus(await api().put(`/api/test-cases/update/${target.id}`, { name: 'renamed' }), 200);
    expect((await list()).find((c) => c.id === target.id)?.name).toBe('renamed');
    // A child makes it a parent.
    expectStatus(await api().post(`/api/test-cases/parent/${target.id}/create`, { name: 'kid' }), 201);
    expect((await list()).find((c) => c.id === target.id)?.has_children).toBe(true);
    // A delete removes it.
    expectStatus(await api().del(`/api/test-cases/delete/${target.id}`), 200);
    expect((await list()).some((c) => c.id === target.id)).toBe(false);
    // A browser asking for gzip gets the same list compressed, once it is ready.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const zipped = await t.request({
      method: 'GET',
      url: `/api/test-cases/suite/${suite}`,
      token: admin,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toHaveLength(249);
  });
});
