import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from './helpers/fixtures.ts';
import { as, expectGuards, expectStatus } from './helpers/requests.ts';
import { startWorld, type TestApp, type Tree, type World } from './helpers/world.ts';

/**
 * Requirements (docs/product/requirements.md): the tree, keys and versions, links from either
 * side, coverage with and without a scope and its roll-up, the matrix and its CSV, search terms,
 * the bulk action, and who may do what.
 */

let t: TestApp;
let w: World;
let tree: Tree;
beforeAll(async () => ({ t, w, tree } = await startWorld({ tree: true })));
afterAll(() => t.close());

const admin = () => as(t, w.admin);
const requirementsOf = (projectId: number) => `/api/projects/${projectId}/requirements`;

async function createRequirement(body: object, projectId = w.project.id) {
  return expectStatus(await admin().post(requirementsOf(projectId), body), 201).requirement;
}

async function createCase(name: string, projectId = w.project.id): Promise<number> {
  return expectStatus(await admin().post(`/api/test-cases/project/${projectId}/create`, { name }), 201)
    .testCase.id;
}

const run = async (caseId: number, status: 'passed' | 'failed') =>
  expectStatus(await admin().post(`/api/testruns/create/${caseId}`, { status }), 201);

const link = async (requirementId: number, caseIds: number[]) =>
  expectStatus(await admin().post(`/api/requirements/${requirementId}/cases`, { case_ids: caseIds }), 200);

describe('requirements', () => {
  it('are created with a given or a made key, read, changed as new versions and deleted, each in the audit log', async () => {
    const created = expectStatus(
      await admin().post(requirementsOf(w.project.id), {
        title: '  Pay by card  ',
        description: 'The **card** form',
      }),
      201,
    );
    expect(created.message).toBe('Requirement created');
    expect(created.requirement).toMatchObject({
      project_id: w.project.id,
      key: 'REQ-1',
      title: 'Pay by card',
      description: 'The **card** form',
      status: 'draft',
      parent_id: null,
      external_url: null,
      version: 1,
      has_children: false,
      case_count: 0,
      coverage: 'not_covered',
      counts: { cases: 0, passed: 0, failing: 0, untested: 0 },
      creator: { id: expect.any(Number), username: expect.any(String) },
    });
    const id = created.requirement.id;
    // A key typed by hand takes REQ-2; the next made key skips it.
    await createRequirement({ key: 'REQ-2', title: 'Typed' });
    expect((await createRequirement({ title: 'Made' })).key).toBe('REQ-3');
    const taken = expectStatus(
      await admin().post(requirementsOf(w.project.id), { key: 'req-1', title: 'x' }),
      409,
    );
    expect(taken.code).toBe('name_taken');

    const saved = expectStatus(
      await admin().put(`/api/requirements/${id}`, { status: 'approved', title: 'Pay' }),
      200,
    );
    expect(saved.message).toBe('Requirement saved');
    expect(saved.requirement).toMatchObject({ status: 'approved', title: 'Pay', version: 2 });
    // Nothing changed: no new version.
    expect(
      expectStatus(await admin().put(`/api/requirements/${id}`, { title: 'Pay' }), 200).requirement.version,
    ).toBe(2);
    const versions = expectStatus(await admin().get(`/api/requirements/${id}/versions`), 200);
    expect(versions.total).toBe(2);
    expect(versions.items.map((v: { version: number; title: string }) => [v.version, v.title])).toEqual([
      [2, 'Pay'],
      [1, 'Pay by card'],
    ]);
    const detail = expectStatus(await admin().get(`/api/requirements/${id}`), 200);
    expect(detail).toMatchObject({ id, key: 'REQ-1', cases: [] });

    const other = await createRequirement({ title: 'Gone' });
    await createRequirement({ title: 'Child of gone', parent_id: other.id });
    expect(expectStatus(await admin().del(`/api/requirements/${other.id}`), 200).message).toBe(
      'Requirement deleted',
    );
    expectStatus(await admin().get(`/api/requirements/${other.id}`), 404);

    const audit = expectStatus(await admin().get(`/api/audit-log?entity=requirement&limit=200`), 200);
    const summaries = audit.items.map((e: { summary: string }) => e.summary);
    expect(summaries).toContain('Created requirement "REQ-1 Pay by card"');
    expect(summaries).toContain('Updated requirement "REQ-1 Pay": title, status');
    expect(summaries).toContain(`Deleted requirement "${other.key} Gone" with 1 requirement below it`);
  });

  it('nest three levels deep at most, within one project, never under themselves', async () => {
    const epic = await createRequirement({ title: 'Epic' });
    const story = await createRequirement({ title: 'Story', parent_id: epic.id });
    const criterion = await createRequirement({ title: 'Criterion', parent_id: story.id });
    const tooDeep = expectStatus(
      await admin().post(requirementsOf(w.project.id), { title: 'x', parent_id: criterion.id }),
      400,
    );
    expect(tooDeep.message).toBe('Requirements nest at most 3 levels deep');
    // Moving the story (with its child) under another story would make four levels.
    const other = await createRequirement({ title: 'Other story', parent_id: epic.id });
    expectStatus(await admin().put(`/api/requirements/${story.id}`, { parent_id: other.id }), 400);
    expectStatus(await admin().put(`/api/requirements/${epic.id}`, { parent_id: criterion.id }), 400);
    const elsewhere = await createProject(t, w.admin);
    const foreign = await createRequirement({ title: 'Foreign' }, elsewhere.id);
    const refused = expectStatus(
      await admin().post(requirementsOf(w.project.id), { title: 'x', parent_id: foreign.id }),
      400,
    );
    expect(refused.message).toBe('The parent is not a requirement of this project');
    const children = expectStatus(
      await admin().get(`${requirementsOf(w.project.id)}?parent_id=${epic.id}`),
      200,
    );
    expect(children.items.map((r: { title: string }) => r.title)).toEqual(['Story', 'Other story']);
    expect(expectStatus(await admin().get(`/api/requirements/${epic.id}`), 200).has_children).toBe(true);
  });

  it("take their address from the project's tracker when the key is one of its ids", async () => {
    const project = await createProject(t, w.admin);
    expectStatus(
      await admin().put(`/api/projects/${project.id}/tracker`, {
        kind: 'jira',
        base_url: 'https://acme.atlassian.net',
        project: '10000',
      }),
      200,
    );
    expect((await createRequirement({ key: 'PAY-12', title: 'x' }, project.id)).external_url).toBe(
      'https://acme.atlassian.net/browse/PAY-12',
    );
    // A made key, or an address given, is left alone.
    expect((await createRequirement({ title: 'y' }, project.id)).external_url).toBeNull();
    expect(
      (
        await createRequirement(
          { key: 'PAY-13', title: 'z', external_url: 'https://example.com/s' },
          project.id,
        )
      ).external_url,
    ).toBe('https://example.com/s');
    expectStatus(
      await admin().post(requirementsOf(project.id), { title: 'w', external_url: 'javascript:alert(1)' }),
      400,
    );
  });
});

describe('links', () => {
  it('are set from the case and from the requirement, within one project, and the case answer names them', async () => {
    const a = await createRequirement({ key: 'LINK-A', title: 'A' });
    const b = await createRequirement({ key: 'LINK-B', title: 'B' });
    const caseId = await createCase('Linked case');
    const set = expectStatus(
      await admin().put(`/api/test-cases/${caseId}/requirements`, { requirement_ids: [b.id, a.id] }),
      200,
    );
    expect(set).toEqual({
      message: 'Requirements saved',
      requirements: [
        { id: a.id, key: 'LINK-A', title: 'A' },
        { id: b.id, key: 'LINK-B', title: 'B' },
      ],
    });
    const view = expectStatus(await admin().get(`/api/test-cases/single/${caseId}`), 200);
    expect(view.requirements.map((r: { key: string }) => r.key)).toEqual(['LINK-A', 'LINK-B']);

    const second = await createCase('Second case');
    const added = expectStatus(
      await admin().post(`/api/requirements/${a.id}/cases`, { case_ids: [second] }),
      200,
    );
    expect(added.message).toBe('Linked 1 test case to LINK-A');
    expect(added.cases.map((c: { id: number }) => c.id)).toEqual([caseId, second]);
    const replaced = expectStatus(
      await admin().put(`/api/requirements/${a.id}/cases`, { case_ids: [second] }),
      200,
    );
    expect(replaced.cases).toEqual([{ id: second, name: 'Second case' }]);

    const elsewhere = await createProject(t, w.admin);
    const foreignCase = await createCase('Foreign case', elsewhere.id);
    const foreignRequirement = await createRequirement({ title: 'Foreign' }, elsewhere.id);
    expectStatus(await admin().post(`/api/requirements/${a.id}/cases`, { case_ids: [foreignCase] }), 400);
    expectStatus(
      await admin().put(`/api/test-cases/${caseId}/requirements`, {
        requirement_ids: [foreignRequirement.id],
      }),
      400,
    );
    const audit = expectStatus(await admin().get(`/api/audit-log?entity=requirement&limit=200`), 200);
    const summaries = audit.items.map((e: { summary: string }) => e.summary);
    expect(summaries).toContain('Linked case "Linked case" to LINK-A, LINK-B');
    expect(summaries).toContain('Linked 0 test cases to requirement "LINK-A", unlinked 1 test case');
  });

  it('are made in bulk from a selection, leaving cases already linked', async () => {
    const requirement = await createRequirement({ key: 'BULK-1', title: 'Bulk' });
    const [x, y] = [await createCase('Bulk x'), await createCase('Bulk y')];
    await link(requirement.id, [x]);
    const bulk = (body: object) => admin().post(`/api/projects/${w.project.id}/cases/bulk`, body);
    const done = expectStatus(
      await bulk({ action: 'link_requirement', requirement_id: requirement.id, selection: { ids: [x, y] } }),
      200,
    );
    expect(done).toEqual({ message: 'Linked 1 test case to BULK-1', affected: 1 });
    const elsewhere = await createProject(t, w.admin);
    const foreign = await createRequirement({ title: 'Foreign' }, elsewhere.id);
    expectStatus(
      await bulk({ action: 'link_requirement', requirement_id: foreign.id, selection: { ids: [x] } }),
      400,
    );
    const found = expectStatus(
      await admin().get(`/api/projects/${w.project.id}/cases/search?q=${encodeURIComponent('req:bulk-1')}`),
      200,
    );
    expect(found.items.map((h: { id: number }) => h.id).sort()).toEqual([x, y].sort());
    const unlinked = expectStatus(
      await admin().get(
        `/api/projects/${w.project.id}/cases/search?q=${encodeURIComponent('-has:requirement')}`,
      ),
      200,
    );
    const unlinkedIds = unlinked.items.map((h: { id: number }) => h.id);
    expect(unlinkedIds).toContain(tree.looseCaseId);
    expect(unlinkedIds).not.toContain(x);
    const linked = expectStatus(
      await admin().get(
        `/api/projects/${w.project.id}/cases/search?q=${encodeURIComponent('has:requirement')}`,
      ),
      200,
    );
    expect(linked.items.map((h: { id: number }) => h.id)).toContain(y);
  });
});

describe('coverage', () => {
  it('a blocked or skipped result after the latest run sets the coverage without a scope, until a run or an undo changes it', async () => {
    const project = await createProject(t, w.admin);
    const p = project.id;
    const requirement = await createRequirement({ key: 'U-1', title: 'Unrun' }, p);
    const caseId = await createCase('u1', p);
    await link(requirement.id, [caseId]);
    const read = async () => expectStatus(await admin().get(`/api/requirements/${requirement.id}`), 200);
    const matrix = async () =>
      expectStatus(await admin().get(`/api/projects/${p}/traceability`), 200).items[0].coverage;
    await run(caseId, 'passed');
    expect((await read()).coverage).toBe('passing');
    const cycle = expectStatus(
      await admin().post(`/api/projects/${p}/cycles`, { name: 'Unrun', case_ids: [caseId] }),
      201,
    ).cycle;
    const { items } = expectStatus(await admin().get(`/api/cycles/${cycle.id}/items`), 200);
    const record = async (state: string) =>
      expectStatus(await admin().post(`/api/cycle-items/${items[0].id}/results`, { state }), 201).result.id;
    await record('blocked');
    const blocked = await read();
    expect(blocked).toMatchObject({ coverage: 'failing', counts: { cases: 1, failing: 1 } });
    expect(blocked.cases[0].latest).toMatchObject({ state: 'blocked', source: 'cycle', cycle_id: cycle.id });
    expect(await matrix()).toBe('failing');
    // A run recorded later is the latest result again.
    await run(caseId, 'passed');
    expect((await read()).coverage).toBe('passing');
    const skipped = await record('skipped');
    expect((await read()).coverage).toBe('untested');
    expect(await matrix()).toBe('untested');
    // Undoing the skipped result leaves the run as the latest result; undoing a run uncovers the blocked one.
    expectStatus(await admin().del(`/api/cycle-results/${skipped}`), 200);
    expect((await read()).coverage).toBe('passing');
    await record('blocked');
    expect((await read()).coverage).toBe('failing');
    const passedInCycle = await record('passed');
    expect((await read()).cases[0].latest).toMatchObject({ state: 'passed' });
    expect((await read()).coverage).toBe('passing');
    expectStatus(await admin().del(`/api/cycle-results/${passedInCycle}`), 200);
    expect((await read()).coverage).toBe('failing');
  });

  it('reads each case’s latest run, rolls children up into parents, and filters the list', async () => {
    const project = await createProject(t, w.admin);
    const p = project.id;
    const make = (key: string, parent?: { id: number }) =>
      createRequirement({ key, title: key, ...(parent ? { parent_id: parent.id } : {}) }, p);
    const epic = await make('E');
    const passing = await make('E-1', epic);
    const failing = await make('E-2', epic);
    const untested = await make('E-3', epic);
    const bare = await make('F');
    const [c1, c2, c3, c4] = [
      await createCase('c1', p),
      await createCase('c2', p),
      await createCase('c3', p),
      await createCase('c4', p),
    ];
    await link(passing.id, [c1]);
    await link(failing.id, [c1, c2]);
    await link(untested.id, [c3]);
    await run(c1, 'failed');
    await run(c1, 'passed');
    await run(c2, 'failed');
    await run(c4, 'failed');
    const coverageOf = async (id: number) => expectStatus(await admin().get(`/api/requirements/${id}`), 200);
    expect(await coverageOf(passing.id)).toMatchObject({
      coverage: 'passing',
      counts: { cases: 1, passed: 1, failing: 0, untested: 0 },
    });
    expect((await coverageOf(failing.id)).coverage).toBe('failing');
    expect((await coverageOf(untested.id)).coverage).toBe('untested');
    expect((await coverageOf(bare.id)).coverage).toBe('not_covered');
    // The epic counts c1 once though two children link it.
    expect(await coverageOf(epic.id)).toMatchObject({
      coverage: 'failing',
      case_count: 0,
      counts: { cases: 3, passed: 1, failing: 1, untested: 1 },
    });
    const detail = await coverageOf(failing.id);
    expect(detail.cases).toEqual([
      {
        id: c1,
        name: 'c1',
        latest: { state: 'passed', at: expect.any(String), source: 'run', cycle_id: null },
      },
      {
        id: c2,
        name: 'c2',
        latest: { state: 'failed', at: expect.any(String), source: 'run', cycle_id: null },
      },
    ]);

    // A parent whose cases pass but with a child nothing covers is untested, not passing.
    const parent = await make('G');
    const child = await make('G-1', parent);
    await make('G-2', parent);
    await link(child.id, [c1]);
    expect((await coverageOf(parent.id)).coverage).toBe('untested');

    const list = async (query: string) =>
      expectStatus(await admin().get(`${requirementsOf(p)}?${query}`), 200) as {
        items: { key: string }[];
        total: number;
      };
    expect((await list('coverage=failing')).items.map((r) => r.key)).toEqual(['E', 'E-2']);
    expect((await list('parent_id=0')).items.map((r) => r.key)).toEqual(['E', 'F', 'G']);
    expect((await list('q=e-&limit=2')).total).toBe(3);
    expect((await list('q=e-&limit=2&offset=2')).items.map((r) => r.key)).toEqual(['E-3']);
    expect(await list('q=e-&offset=10')).toEqual({ items: [], total: 3 });
  });

  it('within a milestone or a configuration reads the items of its cycles', async () => {
    const project = await createProject(t, w.admin);
    const p = project.id;
    const requirement = await createRequirement({ key: 'S-1', title: 'Scoped' }, p);
    const [c1, c2] = [await createCase('s1', p), await createCase('s2', p)];
    await link(requirement.id, [c1, c2]);
    const milestone = expectStatus(
      await admin().post(`/api/projects/${p}/milestones`, { name: '1.0' }),
      201,
    ).milestone;
    const sub = expectStatus(
      await admin().post(`/api/projects/${p}/milestones`, { name: '1.0 rc', parent_id: milestone.id }),
      201,
    ).milestone;
    const [chrome] = expectStatus(
      await admin().post(`/api/projects/${p}/configuration-groups`, {
        name: 'Browser',
        configurations: ['Chrome'],
      }),
      201,
    ).group.configurations.map((c: { id: number }) => c.id);
    const plan = expectStatus(
      await admin().post(`/api/projects/${p}/plans`, {
        name: 'Regression',
        milestone_id: sub.id,
        entries: [{ case_ids: [c1, c2], configuration_ids: [chrome] }],
      }),
      201,
    ).plan;
    const cycleId = plan.cycles[0].id;
    const { items } = expectStatus(await admin().get(`/api/cycles/${cycleId}/items`), 200);
    const itemOf = (caseId: number) =>
      items.find((i: { test_case: { id: number } }) => i.test_case.id === caseId).id;
    expectStatus(await admin().post(`/api/cycle-items/${itemOf(c1)}/results`, { state: 'passed' }), 201);
    expectStatus(await admin().post(`/api/cycle-items/${itemOf(c2)}/results`, { state: 'blocked' }), 201);
    // Outside any scope too the blocked result is c2's latest, though it records no run.
    const matrix = async (query: string) =>
      expectStatus(await admin().get(`/api/projects/${p}/traceability?${query}`), 200);
    expect((await matrix('')).items[0]).toMatchObject({ coverage: 'failing' });
    const scoped = await matrix(`milestone_id=${milestone.id}`);
    expect(scoped.items[0]).toMatchObject({
      coverage: 'failing',
      counts: { cases: 2, passed: 1, failing: 1, untested: 0 },
      case_count: 2,
    });
    expect(scoped.items[0].cases).toEqual([
      { id: c1, name: 's1', latest: { state: 'passed', at: expect.any(String), cycle_id: cycleId } },
      { id: c2, name: 's2', latest: { state: 'blocked', at: expect.any(String), cycle_id: cycleId } },
    ]);
    expect((await matrix(`configuration_id=${chrome}`)).items[0].coverage).toBe('failing');
    const other = expectStatus(
      await admin().post(`/api/projects/${p}/milestones`, { name: '2.0' }),
      201,
    ).milestone;
    expect((await matrix(`milestone_id=${other.id}`)).items[0]).toMatchObject({
      coverage: 'untested',
      counts: { cases: 2, passed: 0, failing: 0, untested: 2 },
    });
    const foreign = expectStatus(
      await admin().post(`/api/projects/${w.project.id}/milestones`, { name: 'x' }),
      201,
    ).milestone;
    expectStatus(await admin().get(`/api/projects/${p}/traceability?milestone_id=${foreign.id}`), 400);
  });
});

describe('the traceability matrix', () => {
  it('answers rows in tree order with a summary of the whole matrix, and the same rows as CSV', async () => {
    const project = await createProject(t, w.admin);
    const p = project.id;
    const make = (key: string, parent?: { id: number }, status = 'approved') =>
      createRequirement({ key, title: `T ${key}`, status, ...(parent ? { parent_id: parent.id } : {}) }, p);
    const b = await make('REQ-10');
    const a = await make('REQ-2');
    await make('REQ-10.b', b);
    const ba = await make('REQ-10.a', b);
    const aa = await make('REQ-2.a', a);
    await make('REQ-2.a.1', aa, 'draft');
    const caseId = await createCase('=cmd|x', p);
    await link(ba.id, [caseId]);
    await run(caseId, 'passed');
    const page = expectStatus(await admin().get(`/api/projects/${p}/traceability?limit=4`), 200);
    expect(page.total).toBe(6);
    expect(
      page.items.map((r: { requirement: { key: string; depth: number } }) => [
        r.requirement.key,
        r.requirement.depth,
      ]),
    ).toEqual([
      ['REQ-2', 0],
      ['REQ-2.a', 1],
      ['REQ-2.a.1', 2],
      ['REQ-10', 0],
    ]);
    expect(page.summary).toEqual({ not_covered: 4, untested: 1, failing: 0, passing: 1 });
    const approved = expectStatus(
      await admin().get(`/api/projects/${p}/traceability?status=approved&coverage=not_covered`),
      200,
    );
    expect(approved.total).toBe(3);
    expect(approved.summary).toEqual({ not_covered: 3, untested: 1, failing: 0, passing: 1 });

    const csv = await t.request({
      method: 'GET',
      url: `/api/projects/${p}/traceability.csv`,
      token: w.admin,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"key","title","status","depth","coverage","cases","passed","failing","untested","case_ids","case_names"',
    );
    expect(lines).toHaveLength(7);
    expect(lines[5]).toBe(
      `"REQ-10.a","T REQ-10.a","approved","1","passing","1","1","0","0","${caseId}","'=cmd|x"`,
    );
  });
});

describe('who may do what', () => {
  it('guards every call with the requirement permissions', async () => {
    const requirement = await createRequirement({ title: 'Guarded' });
    const calls = [
      { method: 'GET', url: requirementsOf(w.project.id), permission: 'home_requirement' },
      {
        method: 'POST',
        url: requirementsOf(w.project.id),
        payload: { title: 'x' },
        permission: 'add_requirement',
      },
      { method: 'GET', url: `/api/requirements/${requirement.id}`, permission: 'home_requirement' },
      {
        method: 'PUT',
        url: `/api/requirements/${requirement.id}`,
        payload: { title: 'y' },
        permission: 'edit_requirement',
      },
      { method: 'DELETE', url: `/api/requirements/${requirement.id}`, permission: 'delete_requirement' },
      { method: 'GET', url: `/api/requirements/${requirement.id}/versions`, permission: 'home_requirement' },
      {
        method: 'PUT',
        url: `/api/requirements/${requirement.id}/cases`,
        payload: { case_ids: [] },
        permission: 'edit_requirement',
      },
      {
        method: 'POST',
        url: `/api/requirements/${requirement.id}/cases`,
        payload: { case_ids: [] },
        permission: 'edit_requirement',
      },
      {
        method: 'PUT',
        url: `/api/test-cases/${tree.caseId}/requirements`,
        payload: { requirement_ids: [] },
        permission: 'edit_requirement',
      },
      { method: 'GET', url: `/api/projects/${w.project.id}/traceability`, permission: 'home_requirement' },
      {
        method: 'GET',
        url: `/api/projects/${w.project.id}/traceability.csv`,
        permission: 'home_requirement',
      },
    ] as const;
    for (const call of calls) await expectGuards(t, w, call);
    // A member who may not see requirements reads the case without them.
    const view = expectStatus(await as(t, w.member.token).get(`/api/test-cases/single/${tree.caseId}`), 200);
    expect(view.requirements).toBeUndefined();
  });
});
