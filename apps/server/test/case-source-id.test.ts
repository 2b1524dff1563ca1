import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from './helpers/fixtures.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { type AdminWorld, startAdminWorld } from './helpers/world.ts';

/**
 * docs/product/case-import.md, "Ids": the case import keeps each row's id from the tool it came
 * from (TestRail's "C123") on the case, and the single-case answer shows it.
 */

let w: AdminWorld;

beforeAll(async () => {
  w = await startAdminWorld();
});
afterAll(async () => {
  await w.t.close();
});

const importCsv = (projectId: number, csv: string, path = 'case-imports') =>
  w.t.request({
    method: 'POST',
    url: `/api/projects/${projectId}/${path}`,
    token: w.admin,
    payload: Buffer.from(csv),
    headers: { 'content-type': 'text/csv' },
  });

const TESTRAIL = [
  'ID,Title,Section,Priority',
  'C101,Sign in with a password,Login,High',
  ',Sign in with a key,Login,Low',
  'C103,Pay by card,Checkout,Medium',
].join('\n');

describe('the source id of an imported case', () => {
  it("keeps TestRail's id on each case; a row without one, and a case made here, have none", async () => {
    const project = await createProject(w.t, w.admin);
    expectStatus(await importCsv(project.id, TESTRAIL), 201);
    const listed = expectStatus(await as(w.t, w.admin).get(`/api/test-cases/project/${project.id}`), 200);
    const byName = new Map<string, number>(listed.map((c: { name: string; id: number }) => [c.name, c.id]));
    const sourceOf = async (name: string) =>
      expectStatus(await as(w.t, w.admin).get(`/api/test-cases/single/${byName.get(name)}`), 200).source_id;
    expect(await sourceOf('Sign in with a password')).toBe('C101');
    expect(await sourceOf('Sign in with a key')).toBeNull();
    expect(await sourceOf('Pay by card')).toBe('C103');

    const made = expectStatus(
      await as(w.t, w.admin).post(`/api/test-cases/project/${project.id}/create`, { name: 'Made here' }),
      201,
    );
    expect(made.testCase.source_id).toBeNull();
    // An edit keeps the id the case came with.
    const id = byName.get('Pay by card');
    const edited = expectStatus(
      await as(w.t, w.admin).put(`/api/test-cases/update/${id}`, { name: 'Pay by card (edited)' }),
      200,
    );
    expect(edited.testCase.source_id).toBe('C103');
  });

  it('refuses an id longer than 200 characters, naming the row', async () => {
    const project = await createProject(w.t, w.admin);
    const long = `C${'9'.repeat(200)}`;
    const preview = expectStatus(
      await importCsv(
        project.id,
        ['ID,Title,Section,Priority', `${long},Too long an id,Login,High`].join('\n'),
        'case-imports/preview',
      ),
      200,
    );
    expect(preview.problems).toEqual([{ row: 2, column: 'ID', message: 'An id is at most 200 characters' }]);
  });
});
