import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findListScope } from '../src/modules/cases/cases-repository.ts';
import { as, createTree, createWorld, expectStatus, type Tree, type World } from './helpers/fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * A kept case list is read again only when a write could change it (cases/case-list-cache.ts):
 * a suite's lists follow the suite's version, the project's top-level list the project's.
 * These tests watch the versions the cache compares, through writes made over HTTP.
 */

let t: TestApp;
let w: World;
let a: Tree;
let b: Tree;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  a = await createTree(t, w.admin, w.project.id);
  b = await createTree(t, w.admin, w.project.id);
});
afterAll(() => t.close());

async function versions() {
  const read = async (scope: 'project' | 'suite' | 'parent', id: number) =>
    (await findListScope(t.db, scope, id))?.version;
  return {
    project: await read('project', w.project.id),
    suiteA: await read('suite', a.suiteId),
    childrenOfA: await read('parent', a.caseId),
    suiteB: await read('suite', b.suiteId),
    looseChildren: await read('parent', a.looseCaseId),
  };
}

describe('case list versions', () => {
  it('a run recorded deep in suite B leaves suite A and its case lists alone', async () => {
    const before = await versions();
    expectStatus(
      await as(t, w.admin).post(`/api/testruns/create/${b.grandchildId}`, { status: 'passed' }),
      201,
    );
    const after = await versions();
    expect(after.suiteA).toBe(before.suiteA);
    expect(after.childrenOfA).toBe(before.childrenOfA);
    expect(after.suiteB).not.toBe(before.suiteB);
    // The project's top-level list shows suite B's top-level case, whose roll-up may change.
    expect(after.project).not.toBe(before.project);
  });

  it("a run on a grandchild in suite A changes suite A's lists, its children's lists too", async () => {
    const before = await versions();
    expectStatus(
      await as(t, w.admin).post(`/api/testruns/create/${a.grandchildId}`, { status: 'failed' }),
      201,
    );
    const after = await versions();
    expect(after.suiteA).not.toBe(before.suiteA);
    expect(after.childrenOfA).not.toBe(before.childrenOfA);
    expect(after.suiteB).toBe(before.suiteB);
  });

  it('adding, renaming and deleting a case in suite B leave suite A alone', async () => {
    const api = as(t, w.admin);
    const before = await versions();
    const created = expectStatus(
      await api.post(`/api/test-cases/parent/${b.childId}/create`, { name: 'new' }),
      201,
    ).testCase;
    const afterCreate = await versions();
    expect(afterCreate.suiteB).not.toBe(before.suiteB);
    expectStatus(await api.put(`/api/test-cases/update/${created.id}`, { name: 'renamed' }), 200);
    const afterRename = await versions();
    expect(afterRename.suiteB).not.toBe(afterCreate.suiteB);
    expectStatus(await api.del(`/api/test-cases/delete/${created.id}`), 200);
    const afterDelete = await versions();
    expect(afterDelete.suiteB).not.toBe(afterRename.suiteB);
    expect(afterDelete.suiteA).toBe(before.suiteA);
    expect(afterDelete.childrenOfA).toBe(before.childrenOfA);
  });

  it('cases in no suite follow the project version', async () => {
    const before = await versions();
    expectStatus(
      await as(t, w.admin).post(`/api/test-cases/parent/${a.looseCaseId}/create`, { name: 'loose child' }),
      201,
    );
    const after = await versions();
    expect(after.looseChildren).not.toBe(before.looseChildren);
    expect(after.project).not.toBe(before.project);
    expect(after.suiteA).toBe(before.suiteA);
    expect(after.suiteB).toBe(before.suiteB);
  });

  it('a list answer read after a write in its own suite shows the write', async () => {
    const api = as(t, w.admin);
    // Large enough for the cache to keep it (lists of 200 rows or more are kept).
    for (let i = 0; i < 210; i++) {
      expectStatus(await api.post(`/api/test-cases/suite/${a.suiteId}/create`, { name: `bulk ${i}` }), 201);
    }
    const first = expectStatus(await api.get(`/api/test-cases/suite/${a.suiteId}`), 200);
    const last = first.at(-1);
    expect(last.status).toBeNull();
    expectStatus(await api.post(`/api/testruns/create/${last.id}`, { status: 'passed' }), 201);
    const again = expectStatus(await api.get(`/api/test-cases/suite/${a.suiteId}`), 200);
    expect(again.at(-1)).toMatchObject({ id: last.id, status: 'passed', rollup: 'passed' });
    // A write in suite B keeps the answer kept for suite A: the same version is compared.
    const kept = await versions();
    expectStatus(await api.post(`/api/testruns/create/${b.caseId}`, { status: 'passed' }), 201);
    expect((await versions()).suiteA).toBe(kept.suiteA);
  });
});
