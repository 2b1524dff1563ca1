import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { listMilestonesOfProject } from '../src/modules/milestones/milestones-repository.ts';
import { addMember, createProject, createRole, createUser } from './helpers/fixtures.ts';
import { explain, planProblems, rowsReadFrom, statementOf } from './helpers/plans.ts';
import { as, expectBadIds, expectGuards, expectStatus } from './helpers/requests.ts';
import { startWorld, type TestApp, type Tree, type World } from './helpers/world.ts';

/**
 * Milestones (docs/product/milestones.md): a project's releases with one level of sub-milestones,
 * the counts of their cycles kept by the database, cycles linked by milestone_id or by the free
 * text older clients send, and the free text of existing cycles turned into milestones.
 */

let t: TestApp;
let w: World;
let tree: Tree;
beforeAll(async () => ({ t, w, tree } = await startWorld({ tree: true })));
afterAll(() => t.close());

const admin = () => as(t, w.admin);
const milestonesOf = (projectId: number) => `/api/projects/${projectId}/milestones`;
let serial = 0;
const unique = (prefix: string) => `${prefix} ${++serial}`;

async function createMilestone(projectId: number, body: object = {}) {
  return expectStatus(await admin().post(milestonesOf(projectId), { name: unique('Release'), ...body }), 201)
    .milestone;
}

async function createCycle(projectId: number, body: object) {
  return expectStatus(
    await admin().post(`/api/projects/${projectId}/cycles`, { name: unique('Cycle'), ...body }),
    201,
  ).cycle;
}

async function record(cycleId: number, states: string[]) {
  const { items } = expectStatus(await admin().get(`/api/cycles/${cycleId}/items`), 200);
  for (const [i, state] of states.entries()) {
    expectStatus(await admin().post(`/api/cycle-items/${items[i].id}/results`, { state }), 201);
  }
}

describe('milestones', () => {
  it('are created, listed, read, changed and deleted, each change in the audit log', async () => {
    const created = expectStatus(
      await admin().post(milestonesOf(w.project.id), {
        name: '  2.0  ',
        description: 'The **spring** release',
        start_date: '2026-03-01',
        due_date: '2026-04-15',
        branch: 'release/2.0',
      }),
      201,
    );
    expect(created.message).toBe('Milestone created');
    const milestone = created.milestone;
    expect(milestone).toMatchObject({
      project_id: w.project.id,
      name: '2.0',
      description: 'The **spring** release',
      start_date: '2026-03-01',
      due_date: '2026-04-15',
      parent_id: null,
      state: 'open',
      branch: 'release/2.0',
      completed_at: null,
      cycles: 0,
      counts: { total: 0, untested: 0, passed: 0, failed: 0, blocked: 0, skipped: 0, retest: 0 },
    });
    const list = expectStatus(await admin().get(milestonesOf(w.project.id)), 200);
    expect(list.milestones.map((m: { id: number }) => m.id)).toContain(milestone.id);
    expect(expectStatus(await admin().get(`/api/milestones/${milestone.id}`), 200)).toEqual(milestone);

    const completed = expectStatus(
      await admin().put(`/api/milestones/${milestone.id}`, { state: 'completed', due_date: null }),
      200,
    );
    expect(completed.message).toBe('Milestone completed');
    expect(completed.milestone).toMatchObject({
      state: 'completed',
      due_date: null,
      start_date: '2026-03-01',
    });
    expect(completed.milestone.completed_at).toEqual(expect.any(String));
    const reopened = expectStatus(
      await admin().put(`/api/milestones/${milestone.id}`, { state: 'open', name: '2.0 GA' }),
      200,
    );
    expect(reopened).toMatchObject({
      message: 'Milestone reopened',
      milestone: { name: '2.0 GA', completed_at: null },
    });

    expect(expectStatus(await admin().del(`/api/milestones/${milestone.id}`), 200).message).toBe(
      'Milestone deleted',
    );
    expectStatus(await admin().get(`/api/milestones/${milestone.id}`), 404);
    const entries = await queryRows<{ action: string; summary: string; project_id: number }>(
      t.db,
      sql`select action, summary, project_id from audit_log
        where entity_type = 'milestone' and entity_id = ${milestone.id} order by id`,
    );
    expect(entries.map((e) => [e.action, e.summary])).toEqual([
      ['create', 'Created milestone "2.0"'],
      ['update', 'Updated milestone "2.0": due_date, state'],
      ['update', 'Updated milestone "2.0 GA": name, state'],
      ['delete', 'Deleted milestone "2.0 GA"'],
    ]);
    expect(entries.every((e) => e.project_id === w.project.id)).toBe(true);
  });

  it('count the items of their cycles and sub-milestones’ cycles as results are recorded', async () => {
    const release = await createMilestone(w.project.id);
    const sprint = await createMilestone(w.project.id, { parent_id: release.id });
    const cycle = await createCycle(w.project.id, { milestone_id: release.id, case_ids: [tree.caseId] });
    expect(cycle).toMatchObject({ milestone_id: release.id, milestone: release.name });
    await createCycle(w.project.id, { milestone_id: sprint.id, case_ids: [tree.looseCaseId] });
    await createCycle(w.project.id, { case_ids: [tree.looseCaseId] });
    const countsOf = async (id: number) => expectStatus(await admin().get(`/api/milestones/${id}`), 200);

    expect(await countsOf(release.id)).toMatchObject({
      cycles: 2,
      counts: { total: 4, untested: 4, passed: 0, failed: 0 },
    });
    await record(cycle.id, ['passed', 'failed', 'blocked']);
    expect((await countsOf(release.id)).counts).toEqual({
      total: 4,
      untested: 1,
      passed: 1,
      failed: 1,
      blocked: 1,
      skipped: 0,
      retest: 0,
    });
    expect((await countsOf(sprint.id)).counts).toMatchObject({ total: 1, untested: 1 });
    await record(cycle.id, ['retest']);
    const listed = expectStatus(await admin().get(milestonesOf(w.project.id)), 200).milestones.find(
      (m: { id: number }) => m.id === release.id,
    );
    expect(listed.counts).toMatchObject({ passed: 0, retest: 1, failed: 1, total: 4 });
  });

  it('allow one level of sub-milestones, in the same project', async () => {
    const release = await createMilestone(w.project.id);
    const sprint = await createMilestone(w.project.id, { parent_id: release.id });
    expect(sprint.parent_id).toBe(release.id);
    const deeper = await admin().post(milestonesOf(w.project.id), {
      name: unique('Deep'),
      parent_id: sprint.id,
    });
    expect(expectStatus(deeper, 400)).toMatchObject({
      code: 'milestone_too_deep',
      message: 'A sub-milestone cannot have sub-milestones of its own',
    });
    const other = await createMilestone(w.project.id);
    const parentWithChildren = await admin().put(`/api/milestones/${release.id}`, { parent_id: other.id });
    expect(expectStatus(parentWithChildren, 400).code).toBe('milestone_too_deep');
    expect(
      expectStatus(await admin().put(`/api/milestones/${other.id}`, { parent_id: other.id }), 400).code,
    ).toBe('milestone_too_deep');
    const elsewhere = await createMilestone((await createProject(t, w.admin)).id);
    const foreign = await admin().post(milestonesOf(w.project.id), {
      name: unique('F'),
      parent_id: elsewhere.id,
    });
    expect(expectStatus(foreign, 400)).toMatchObject({ code: 'invalid_request' });
    // Moving a sub-milestone back to the top level is allowed.
    const moved = await admin().put(`/api/milestones/${sprint.id}`, { parent_id: null });
    expect(expectStatus(moved, 200).milestone.parent_id).toBeNull();
  });

  it('on delete leave their cycles without a milestone and their sub-milestones at the top level', async () => {
    const release = await createMilestone(w.project.id);
    const sprint = await createMilestone(w.project.id, { parent_id: release.id });
    const cycle = await createCycle(w.project.id, { milestone_id: release.id, case_ids: [tree.caseId] });
    expectStatus(await admin().del(`/api/milestones/${release.id}`), 200);
    expect(expectStatus(await admin().get(`/api/cycles/${cycle.id}`), 200)).toMatchObject({
      milestone_id: null,
      milestone: null,
      counts: { total: 3 },
    });
    expect(expectStatus(await admin().get(`/api/milestones/${sprint.id}`), 200).parent_id).toBeNull();
  });

  it('refuse bad input with 400 and a repeated name with 409', async () => {
    const url = milestonesOf(w.project.id);
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(256) },
      { name: 'A', start_date: '2026-02-30' },
      { name: 'A', due_date: 'tomorrow' },
      { name: 'A', start_date: '2026-05-02', due_date: '2026-05-01' },
      { name: 'A', state: 'closed' },
      { name: 'A', colour: 'red' },
      { name: 'A', parent_id: 0 },
    ]) {
      expect(expectStatus(await admin().post(url, body), 400).code, JSON.stringify(body)).toBe(
        'invalid_request',
      );
    }
    const taken = await createMilestone(w.project.id);
    expect(expectStatus(await admin().post(url, { name: taken.name }), 409).code).toBe('name_taken');
    const other = await createMilestone(w.project.id);
    expect(
      expectStatus(await admin().put(`/api/milestones/${other.id}`, { name: taken.name }), 409).code,
    ).toBe('name_taken');
    const dates = await admin().put(`/api/milestones/${other.id}`, {
      start_date: '2026-06-01',
      due_date: '2026-05-01',
    });
    expectStatus(dates, 400);
    await expectBadIds(t, w.admin, 'GET', [
      '/api/milestones/0',
      '/api/milestones/abc',
      '/api/projects/x/milestones',
    ]);
    expectStatus(await admin().get('/api/milestones/999999'), 404);
  });
});

describe('cycles and their milestone', () => {
  it('are listed by milestone, its sub-milestones’ cycles included', async () => {
    const release = await createMilestone(w.project.id);
    const sprint = await createMilestone(w.project.id, { parent_id: release.id });
    const other = await createMilestone(w.project.id);
    const inRelease = await createCycle(w.project.id, { milestone_id: release.id, case_ids: [tree.caseId] });
    const inSprint = await createCycle(w.project.id, { milestone_id: sprint.id, case_ids: [tree.caseId] });
    await createCycle(w.project.id, { milestone_id: other.id, case_ids: [tree.caseId] });
    await createCycle(w.project.id, { case_ids: [tree.caseId] });
    const idsOf = async (query: string) =>
      expectStatus(await admin().get(`/api/projects/${w.project.id}/cycles${query}`), 200).map(
        (cycle: { id: number }) => cycle.id,
      );
    expect(await idsOf(`?milestone_id=${release.id}`)).toEqual([inSprint.id, inRelease.id]);
    expect(await idsOf(`?milestone_id=${sprint.id}`)).toEqual([inSprint.id]);
    expect((await idsOf('')).length).toBeGreaterThanOrEqual(4);
    const elsewhere = await createMilestone((await createProject(t, w.admin)).id);
    expect(await idsOf(`?milestone_id=${elsewhere.id}`)).toEqual([]);
    expectStatus(await admin().get(`/api/projects/${w.project.id}/cycles?milestone_id=x`), 400);
  });

  it('take a milestone of the same project only', async () => {
    const elsewhere = await createMilestone((await createProject(t, w.admin)).id);
    const res = await admin().post(`/api/projects/${w.project.id}/cycles`, {
      name: 'X',
      case_ids: [tree.caseId],
      milestone_id: elsewhere.id,
    });
    expect(expectStatus(res, 400)).toMatchObject({
      code: 'invalid_request',
      message: 'The milestone is not one of this project',
    });
    const cycle = await createCycle(w.project.id, { case_ids: [tree.caseId] });
    expectStatus(await admin().put(`/api/cycles/${cycle.id}`, { milestone_id: elsewhere.id }), 400);
    expectStatus(await admin().put(`/api/cycles/${cycle.id}`, { milestone_id: 999999 }), 400);
  });

  it('answer the milestone’s name as their milestone text, through renames and unlinking', async () => {
    const release = await createMilestone(w.project.id);
    const cycle = await createCycle(w.project.id, { case_ids: [tree.caseId] });
    expect(cycle).toMatchObject({ milestone_id: null, milestone: null });
    const linked = expectStatus(
      await admin().put(`/api/cycles/${cycle.id}`, { milestone_id: release.id }),
      200,
    );
    expect(linked.cycle).toMatchObject({ milestone_id: release.id, milestone: release.name });
    expectStatus(await admin().put(`/api/milestones/${release.id}`, { name: 'Renamed release' }), 200);
    expect(expectStatus(await admin().get(`/api/cycles/${cycle.id}`), 200).milestone).toBe('Renamed release');
    const listed = expectStatus(await admin().get(`/api/projects/${w.project.id}/cycles`), 200);
    expect(listed.find((c: { id: number }) => c.id === cycle.id).milestone).toBe('Renamed release');
    const unlinked = expectStatus(await admin().put(`/api/cycles/${cycle.id}`, { milestone_id: null }), 200);
    expect(unlinked.cycle).toMatchObject({ milestone_id: null, milestone: null });
  });

  it('link the free-text milestone older clients send to the milestone of that name, made if missing', async () => {
    const existing = await createMilestone(w.project.id);
    const byName = await createCycle(w.project.id, {
      case_ids: [tree.caseId],
      milestone: ` ${existing.name} `,
    });
    expect(byName).toMatchObject({ milestone_id: existing.id, milestone: existing.name });
    const made = await createCycle(w.project.id, { case_ids: [tree.caseId], milestone: 'Typed 3.1' });
    expect(made.milestone).toBe('Typed 3.1');
    const milestone = expectStatus(await admin().get(`/api/milestones/${made.milestone_id}`), 200);
    expect(milestone).toMatchObject({ name: 'Typed 3.1', project_id: w.project.id, cycles: 1 });
    const cleared = expectStatus(await admin().put(`/api/cycles/${made.id}`, { milestone: '' }), 200);
    expect(cleared.cycle).toMatchObject({ milestone_id: null, milestone: null });
    const both = await admin().put(`/api/cycles/${made.id}`, {
      milestone_id: existing.id,
      milestone: 'Other',
    });
    expectStatus(both, 400);
  });

  it('need add_milestone to make a milestone from a name', async () => {
    const planner = await createUser(t);
    const role = await createRole(t, ['home_test_cycle', 'add_test_cycle', 'home_milestone']);
    await addMember(t, w.project.id, planner.id, role);
    const existing = await createMilestone(w.project.id);
    const api = as(t, planner.token);
    const url = `/api/projects/${w.project.id}/cycles`;
    const linked = await api.post(url, { name: 'P', case_ids: [tree.caseId], milestone: existing.name });
    expect(expectStatus(linked, 201).cycle.milestone_id).toBe(existing.id);
    const refused = await api.post(url, { name: 'P', case_ids: [tree.caseId], milestone: 'Not there yet' });
    expect(expectStatus(refused, 403)).toMatchObject({ code: 'permission_missing' });
    expect(expectStatus(refused, 403).message).toContain('add_milestone');
  });
});

describe('permissions', () => {
  it('answer 401, 404 to whoever cannot see the project and 403 naming the permission', async () => {
    const milestone = await createMilestone(w.project.id);
    const calls = [
      { method: 'GET', url: milestonesOf(w.project.id), permission: 'home_milestone' },
      {
        method: 'POST',
        url: milestonesOf(w.project.id),
        payload: { name: 'N' },
        permission: 'add_milestone',
      },
      { method: 'GET', url: `/api/milestones/${milestone.id}`, permission: 'home_milestone' },
      {
        method: 'PUT',
        url: `/api/milestones/${milestone.id}`,
        payload: { name: 'N' },
        permission: 'edit_milestone',
      },
      { method: 'DELETE', url: `/api/milestones/${milestone.id}`, permission: 'delete_milestone' },
    ] as const;
    for (const call of calls) await expectGuards(t, w, call);
    expectStatus(await admin().get(`/api/milestones/${milestone.id}`), 200);
  });

  it('let a reader see milestones and nothing more', async () => {
    const milestone = await createMilestone(w.project.id);
    const reader = await createUser(t);
    await addMember(t, w.project.id, reader.id, await createRole(t, ['home_milestone']));
    const api = as(t, reader.token);
    expectStatus(await api.get(milestonesOf(w.project.id)), 200);
    expectStatus(await api.get(`/api/milestones/${milestone.id}`), 200);
    expectStatus(await api.post(milestonesOf(w.project.id), { name: 'N' }), 403);
    expectStatus(await api.put(`/api/milestones/${milestone.id}`, { name: 'N' }), 403);
    expectStatus(await api.del(`/api/milestones/${milestone.id}`), 403);
  });
});

describe('the milestones list', () => {
  it('reads only the cycles of the listed milestones, through indexes', async () => {
    const project = await createProject(t, w.admin);
    const release = await createMilestone(project.id);
    const sprint = await createMilestone(project.id, { parent_id: release.id });
    const made = await admin().post(`/api/test-cases/project/${project.id}/create`, { name: 'case' });
    const caseId = expectStatus(made, 201).testCase.id;
    await createCycle(project.id, { milestone_id: sprint.id, case_ids: [caseId] });
    await createCycle(project.id, { milestone_id: release.id, case_ids: [caseId] });
    // Many cycles of no milestone, here and in other projects: the list must not read them.
    await t.db.execute(sql`insert into test_cycles (project_id, name)
      select ${project.id}, 'unplanned ' || n from generate_series(1, 3000) n`);
    await t.db.execute(sql`analyze test_cycles`);
    await t.db.execute(sql`analyze cycle_counts`);
    await t.db.execute(sql`analyze milestones`);
    const statement = await statementOf((db) => listMilestonesOfProject(db, project.id));
    const plan = await explain(t.db, statement, true);
    expect(planProblems(plan)).toEqual([]);
    expect(rowsReadFrom(plan, 'test_cycles')).toBeLessThanOrEqual(10);
    expect(rowsReadFrom(plan, 'cycle_counts')).toBeLessThanOrEqual(10);
  });
});

describe('the defects of a milestone', () => {
  it('are those linked to its cycles’ items and results, its sub-milestones’ included, each with its cases', async () => {
    const release = await createMilestone(w.project.id);
    const sprint = await createMilestone(w.project.id, { parent_id: release.id });
    const inRelease = await createCycle(w.project.id, { milestone_id: release.id, case_ids: [tree.caseId] });
    const inSprint = await createCycle(w.project.id, {
      milestone_id: sprint.id,
      case_ids: [tree.looseCaseId],
    });
    const elsewhere = await createCycle(w.project.id, { case_ids: [tree.looseCaseId] });
    const link = async (cycleId: number, defect: string) => {
      const { items } = expectStatus(await admin().get(`/api/cycles/${cycleId}/items`), 200);
      expectStatus(await admin().post(`/api/cycle-items/${items[0].id}/defects`, { defect }), 201);
    };
    await link(inRelease.id, 'https://bugs.example.org/1');
    await link(inSprint.id, 'https://bugs.example.org/2');
    await link(elsewhere.id, 'https://bugs.example.org/3');
    const defectsOf = async (id: number) =>
      expectStatus(await admin().get(`/api/milestones/${id}/defects`), 200).defects.map(
        (d: { defect: string; cases: { id: number }[] }) => [d.defect, d.cases.map((c) => c.id)],
      );
    expect(await defectsOf(release.id)).toEqual([
      ['https://bugs.example.org/2', [tree.looseCaseId]],
      ['https://bugs.example.org/1', [tree.caseId]],
    ]);
    expect(await defectsOf(sprint.id)).toEqual([['https://bugs.example.org/2', [tree.looseCaseId]]]);
    await expectGuards(t, w, {
      method: 'GET',
      url: `/api/milestones/${release.id}/defects`,
      permission: 'home_test_cycle',
    });
    expectStatus(await admin().get('/api/milestones/999999/defects'), 404);
  });
});
