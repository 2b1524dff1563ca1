import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { createProject } from './helpers/fixtures.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { type Member, startWorld, type TestApp, type World } from './helpers/world.ts';

/**
 * Renamed tests (docs/product/report-formats.md, "Renamed tests"): the results import proposes the
 * pairs that look renamed, and `POST /api/test-cases/{id}/merge` moves the other case's history to
 * the surviving one in one transaction, refused across projects, for a case with children, for the
 * case itself, and without the permissions.
 */

let t: TestApp;
let w: World;
let editor: Member;
beforeAll(
  async () =>
    ({ t, w, editor } = await startWorld({
      members: { editor: ['home_test_case', 'edit_test_case', 'home_test_cycle'] },
    })),
);
afterAll(() => t.close());

const admin = () => as(t, w.admin);
let projects = 0;

const junit = (tests: [name: string, failed?: boolean][]) =>
  `<testsuite name="math">${tests
    .map(
      ([name, failed]) =>
        `<testcase classname="math" name="${name}" time="0.1">${failed ? '<failure message="no"/>' : ''}</testcase>`,
    )
    .join('')}</testsuite>`;

async function importReport(projectId: number, xml: string, branch: string) {
  const res = await t.request({
    method: 'POST',
    url: `/api/projects/${projectId}/import/results?branch=${branch}`,
    token: w.admin,
    payload: xml,
    headers: { 'content-type': 'application/xml' },
  });
  return expectStatus(res, 201);
}

const caseIdOf = async (projectId: number, name: string) =>
  (
    await queryRows<{ id: number }>(
      t.db,
      sql`select id from test_cases where project_id = ${projectId} and name = ${name}`,
    )
  )[0]!.id;

describe('renamed tests', () => {
  it('the import proposes the rename, and the merge moves the history to the surviving case', async () => {
    const projectId = (await createProject(t, w.admin, `Merge ${++projects}`)).id;
    await importReport(projectId, junit([['adds two numbers', true], ['subtracts']]), 'release');
    await importReport(projectId, junit([['adds two numbers'], ['subtracts']]), 'main');
    const oldId = await caseIdOf(projectId, 'adds two numbers');
    const renamed = await importReport(projectId, junit([['adds 2 numbers'], ['subtracts']]), 'main');
    const newId = await caseIdOf(projectId, 'adds 2 numbers');
    const pair = { from: { id: oldId, name: 'adds two numbers' }, to: { id: newId, name: 'adds 2 numbers' } };
    expect(renamed.summary.renames).toEqual([pair]);
    // The cycle page asks for the same pairs later; a cycle that is not an import's has none.
    expect(expectStatus(await admin().get(`/api/cycles/${renamed.cycle.id}/renames`), 200)).toEqual({
      items: [pair],
    });

    // History on the old case: a requirement, a defect link, and a manual cycle holding both cases.
    const requirement = expectStatus(
      await admin().post(`/api/projects/${projectId}/requirements`, { title: 'Sums' }),
      201,
    ).requirement;
    expectStatus(await admin().post(`/api/requirements/${requirement.id}/cases`, { case_ids: [oldId] }), 200);
    const cycle = expectStatus(
      await admin().post(`/api/projects/${projectId}/cycles`, { name: 'Manual', case_ids: [oldId, newId] }),
      201,
    ).cycle;
    const items = expectStatus(await admin().get(`/api/cycles/${cycle.id}/items`), 200).items as {
      id: number;
      test_case: { id: number };
    }[];
    expect(expectStatus(await admin().get(`/api/cycles/${cycle.id}/renames`), 200)).toEqual({ items: [] });
    const oldItem = items.find((i) => i.test_case.id === oldId)!;
    const newItem = items.find((i) => i.test_case.id === newId)!;
    expectStatus(await admin().post(`/api/cycle-items/${newItem.id}/results`, { state: 'passed' }), 201);
    expectStatus(await admin().post(`/api/cycle-items/${oldItem.id}/results`, { state: 'blocked' }), 201);
    expectStatus(
      await admin().post(`/api/cycle-items/${oldItem.id}/defects`, { defect: 'https://example.com/bugs/7' }),
      201,
    );
    const oldRuns = expectStatus(await admin().get(`/api/testruns/testcase/${oldId}`), 200).length;
    const newRuns = expectStatus(await admin().get(`/api/testruns/testcase/${newId}`), 200).length;

    const merged = expectStatus(
      await admin().post(`/api/test-cases/${newId}/merge`, { from_case_id: oldId }),
      200,
    );
    expect(merged).toMatchObject({
      message: 'Test cases merged',
      testCase: { id: newId, name: 'adds 2 numbers' },
    });
    expectStatus(await admin().get(`/api/test-cases/single/${oldId}`), 404);
    expect(expectStatus(await admin().get(`/api/testruns/testcase/${newId}`), 200)).toHaveLength(
      oldRuns + newRuns,
    );

    // The cycle holding both has one item with both results, its state the latest's.
    const after = expectStatus(await admin().get(`/api/cycles/${cycle.id}`), 200);
    expect(after.counts).toMatchObject({ total: 1, blocked: 1, passed: 0 });
    const [item] = expectStatus(await admin().get(`/api/cycles/${cycle.id}/items`), 200).items;
    expect(item).toMatchObject({ id: newItem.id, state: 'blocked', results: 2 });
    // The defect linked on the old item follows it into the one item.
    const defects = expectStatus(await admin().get(`/api/cycle-items/${newItem.id}/defects`), 200);
    expect(JSON.stringify(defects)).toContain('bugs/7');

    // The case's result history, requirement, flakiness on the other branch and versions moved.
    const history = expectStatus(await admin().get(`/api/test-cases/${newId}/results`), 200);
    expect(history.total).toBe(5);
    const linked = expectStatus(await admin().get(`/api/requirements/${requirement.id}`), 200);
    expect(JSON.stringify(linked)).toContain(`"id":${newId}`);
    const flaky = await queryRows<{ branch: string }>(
      t.db,
      sql`select branch from case_flakiness where case_id = ${newId} order by branch`,
    );
    expect(flaky.map((f) => f.branch)).toEqual(['main', 'release']);
    const versions = expectStatus(await admin().get(`/api/test-cases/${newId}/versions`), 200);
    expect(versions.items[0].note).toMatch(/^Merged case \d+ "adds two numbers" into this case/);
    expect(versions.items[0].version).toBe(merged.testCase.version);
    const log = expectStatus(await admin().get(`/api/audit-log?q=${encodeURIComponent('Merged case')}`), 200);
    expect(log.items[0].summary).toContain('Merged case "adds two numbers"');
  });

  it('is refused for the case itself, across projects, for a case with children and without the permissions', async () => {
    const projectId = (await createProject(t, w.admin, `Merge ${++projects}`)).id;
    const other = (await createProject(t, w.admin, `Merge ${++projects}`)).id;
    const make = async (name: string, project = projectId) =>
      expectStatus(await admin().post(`/api/test-cases/project/${project}/create`, { name }), 201).testCase
        .id;
    const a = await make('A');
    const b = await make('B');
    const elsewhere = await make('C', other);
    const parent = await make('Parent');
    expectStatus(await admin().post(`/api/test-cases/parent/${parent}/create`, { name: 'Child' }), 201);
    const merge = (to: number, from: number, token = w.admin) =>
      as(t, token).post(`/api/test-cases/${to}/merge`, { from_case_id: from });
    expect(expectStatus(await merge(a, a), 400).code).toBe('merge_same_case');
    expect(expectStatus(await merge(a, elsewhere), 409).code).toBe('merge_across_projects');
    expect(expectStatus(await merge(a, parent), 409).code).toBe('merge_has_children');
    expectStatus(await merge(a, 999_999), 404);
    // The editor may edit cases of the world's project but not delete them, which a merge does.
    const mine = expectStatus(
      await admin().post(`/api/test-cases/project/${w.project.id}/create`, { name: 'M' }),
      201,
    ).testCase.id;
    const theirs = expectStatus(
      await admin().post(`/api/test-cases/project/${w.project.id}/create`, { name: 'N' }),
      201,
    ).testCase.id;
    expect(expectStatus(await merge(mine, theirs, editor.token), 403).code).toBe('permission_missing');
    expectStatus(await admin().get(`/api/test-cases/single/${b}`), 200);
  });
});
