import { LIMITS } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import {
  CASES_OF,
  deleteCaseTree,
  findCaseView,
  listCasesJson,
} from '../src/modules/cases/cases-repository.ts';
import { caseExportBatch } from '../src/modules/exports/exports-repository.ts';
import { parseCsv } from './helpers/csv.ts';
import { createProject } from './helpers/fixtures.ts';
import { explain, rowsReadFrom, statementOf } from './helpers/plans.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { startAdminWorld, type TestApp } from './helpers/world.ts';

/**
 * Deep case trees (issue: a 48 KB JUnit report made a chain of 2,000 cases whose CSV export
 * took 27 s and stopped the server). Cases nest at most LIMITS.caseDepthMax levels, whichever
 * way they are created; trees made deeper before that limit existed are still read, exported
 * and deleted with work that follows their size, which the tests count as the rows the
 * statements read (EXPLAIN ANALYZE), never as time.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => ({ t, admin } = await startAdminWorld()));
afterAll(() => t.close());

const api = () => as(t, admin);
const DEPTH = LIMITS.caseDepthMax;

async function newSuite(projectId: number): Promise<number> {
  return expectStatus(await api().post('/api/testsuites/create', { project_id: projectId, name: 'S' }), 201)
    .suite.id;
}

async function createChild(parentId: number, name: string) {
  return api().post(`/api/test-cases/parent/${parentId}/create`, { name });
}

const casesOf = async (projectId: number) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from test_cases where project_id = ${projectId}`,
    )
  )[0]!.n;

/** A chain of `length` cases, L1 (top level) to L{length}, written directly as an older version could have. */
async function insertChain(projectId: number, suiteId: number, length: number): Promise<number[]> {
  await t.db.execute(
    sql.raw(`
    do $$
    declare parent int := null;
    begin
      for level in 1..${length} loop
        insert into test_cases (project_id, suite_id, parent_id, name)
        values (${projectId}, ${suiteId}, parent, 'L' || level) returning id into parent;
      end loop;
    end $$`),
  );
  const rows = await queryRows<{ id: number }>(
    t.db,
    sql`select id from test_cases where project_id = ${projectId} order by id`,
  );
  return rows.map((row) => row.id);
}

function importXml(projectId: number, xml: string) {
  return t.request({
    method: 'POST',
    url: `/api/projects/${projectId}/import/junit`,
    token: admin,
    payload: xml,
    headers: { 'content-type': 'application/xml' },
  });
}

const limitMessage = new RegExp(`at most ${DEPTH} levels`);

describe(`cases nest at most ${DEPTH} levels`, () => {
  it('a child below the last level answers 400 naming the limit, and nothing is created', async () => {
    const project = await createProject(t, admin);
    const suiteId = await newSuite(project.id);
    let parent = expectStatus(
      await api().post(`/api/test-cases/suite/${suiteId}/create`, { name: 'L1' }),
      201,
    ).testCase.id;
    for (let level = 2; level <= DEPTH; level++) {
      parent = expectStatus(await createChild(parent, `L${level}`), 201).testCase.id;
    }
    const refused = await createChild(parent, 'too deep');
    expect({ status: refused.statusCode, message: refused.json().message }).toEqual({
      status: 400,
      message: expect.stringMatching(limitMessage),
    });
    expect(await casesOf(project.id)).toBe(DEPTH);
  });

  it('a case of a chain made deeper before the limit takes no child, one above the limit does', async () => {
    const project = await createProject(t, admin);
    const chain = await insertChain(project.id, await newSuite(project.id), DEPTH + 10);
    for (const level of [DEPTH, DEPTH + 5, DEPTH + 10]) {
      const refused = await createChild(chain[level - 1]!, 'too deep');
      expect({ level, status: refused.statusCode, message: refused.json().message }).toEqual({
        level,
        status: 400,
        message: expect.stringMatching(limitMessage),
      });
    }
    expectStatus(await createChild(chain[DEPTH - 2]!, 'on the last level'), 201);
  });

  it('an import whose names nest deeper than the limit answers 400 naming it, and writes nothing', async () => {
    const project = await createProject(t, admin);
    const levels = (n: number) => Array.from({ length: n }, (_, i) => `L${i + 1}`);
    const byTitle = (n: number) =>
      `<testsuite name="s"><testcase classname="s" name="${levels(n).join(' &gt; ')}"/></testsuite>`;
    const bySuites = (n: number) =>
      `<testsuites><testsuite name="nested">${levels(n - 1)
        .map((name) => `<testsuite name="${name}">`)
        .join('')}<testcase name="leaf"/>${'</testsuite>'.repeat(n)}</testsuites>`;
    for (const report of [byTitle(DEPTH + 1), bySuites(DEPTH + 1)]) {
      const refused = await importXml(project.id, report);
      expect({ status: refused.statusCode, message: refused.json().message }).toEqual({
        status: 400,
        message: expect.stringMatching(limitMessage),
      });
    }
    expect(await casesOf(project.id)).toBe(0);
    for (const report of [byTitle(DEPTH), bySuites(DEPTH)]) {
      const accepted = expectStatus(await importXml(project.id, report), 201);
      expect(accepted.summary.runsRecorded).toBe(1);
    }
    expect(await casesOf(project.id)).toBe(2 * DEPTH);
  });
});

describe('a chain deeper than the limit, made before it, costs work in proportion to its size', () => {
  const LENGTH = 1000;
  /** Each case read at most this many times by one statement. */
  const READS_PER_CASE = 10;
  let projectId: number;
  let suiteId: number;
  let chain: number[];

  beforeAll(async () => {
    projectId = (await createProject(t, admin)).id;
    suiteId = await newSuite(projectId);
    chain = await insertChain(projectId, suiteId, LENGTH);
    // The bottom case failed last; the one in the middle passed.
    await t.db.execute(sql`
      insert into test_runs (case_id, project_id, status)
      values (${chain[LENGTH - 1]!}, ${projectId}, 'failed'), (${chain[LENGTH / 2]!}, ${projectId}, 'passed')`);
  });

  it('exports every case with its path and roll-up, reading each case a bounded number of times', async () => {
    const res = await api().get(`/api/projects/${projectId}/export/cases.csv`);
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.body).slice(1);
    expect(rows).toHaveLength(LENGTH);
    const names = chain.map((_, i) => `L${i + 1}`);
    for (const [i, row] of rows.entries()) {
      const [id, parentId, suite, path, name, , status, rollup] = row;
      expect({ id, parentId, suite, path, name, status, rollup }).toEqual({
        id: String(chain[i]),
        parentId: i === 0 ? '' : String(chain[i - 1]),
        suite: 'S',
        path: names.slice(0, i + 1).join(' / '),
        name: names[i],
        status: i === LENGTH - 1 ? 'failed' : i === LENGTH / 2 ? 'passed' : '',
        rollup: 'failed',
      });
    }
    const plan = await explain(
      t.db,
      await statementOf((db) => caseExportBatch(db, projectId, 0, 2000)),
      true,
    );
    expect(rowsReadFrom(plan, 'test_cases')).toBeLessThanOrEqual(READS_PER_CASE * LENGTH);
  });

  it('lists and reads its cases reading each case a bounded number of times', async () => {
    const [top] = expectStatus(await api().get(`/api/test-cases/suite/${suiteId}`), 200);
    expect(top).toMatchObject({ id: chain[0], has_children: true, status: null, rollup: 'failed' });
    const middle = expectStatus(await api().get(`/api/test-cases/single/${chain[LENGTH / 2]}`), 200);
    expect(middle).toMatchObject({ status: 'passed', rollup: 'failed', has_children: true });
    for (const statement of [
      await statementOf((db) => listCasesJson(db, CASES_OF.suiteTopLevel(suiteId), {})),
      await statementOf((db) => listCasesJson(db, CASES_OF.children(chain[0]!), {})),
      await statementOf((db) => findCaseView(db, chain[0]!)),
    ]) {
      const plan = await explain(t.db, statement, true);
      expect(rowsReadFrom(plan, 'test_cases')).toBeLessThanOrEqual(READS_PER_CASE * LENGTH);
    }
  });

  it('deletes it whole in one statement reading each case a bounded number of times', async () => {
    const statement = await statementOf((db) => deleteCaseTree(db, chain[0]!));
    const rolledBack = new Error('rolled back');
    let rowsRead = 0;
    await t.db
      .transaction(async (tx) => {
        rowsRead = rowsReadFrom(await explain(tx, statement, true), 'test_cases');
        throw rolledBack;
      })
      .catch((error) => {
        if (error !== rolledBack) throw error;
      });
    expect(rowsRead).toBeLessThanOrEqual(READS_PER_CASE * LENGTH);
    expectStatus(await api().del(`/api/test-cases/delete/${chain[0]}`), 200);
    expect(await casesOf(projectId)).toBe(0);
  });
});
