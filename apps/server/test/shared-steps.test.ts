import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { createProject } from './helpers/fixtures.ts';
import { as, expectGuards, expectStatus } from './helpers/requests.ts';
import { type Member, startWorld, type TestApp, type World } from './helpers/world.ts';

/**
 * Shared steps (docs/product/shared-steps.md): sets made, read, listed, edited and deleted; cases
 * that reference them, answered as written or expanded; the usage the database keeps; an edit
 * that versions every using case; a delete refused while in use or copying the steps in; step
 * results per expanded step; the export; and who may do what.
 */

let t: TestApp;
let w: World;
let viewer: Member;
beforeAll(async () => ({ t, w, viewer } = await startWorld({ members: { viewer: ['home_test_case'] } })));
afterAll(() => t.close());

const admin = () => as(t, w.admin);
const setsOf = (projectId: number) => `/api/projects/${projectId}/shared-steps`;
const SIGN_IN = [
  { action: 'Open the sign-in page', expected: 'The form shows' },
  { action: 'Enter the password', expected: 'The dashboard shows' },
];

async function createSet(body: object, projectId = w.project.id) {
  return expectStatus(await admin().post(setsOf(projectId), body), 201).shared_steps;
}

async function createCase(body: object, projectId = w.project.id) {
  return expectStatus(await admin().post(`/api/test-cases/project/${projectId}/create`, body), 201).testCase;
}

const usage = async (setId: number) =>
  (
    await queryRows<{ case_id: number }>(
      t.db,
      sql`select case_id from case_shared_steps where set_id = ${setId} order by case_id`,
    )
  ).map((r) => r.case_id);

describe('shared steps', () => {
  it('are created, read, listed by name with their usage, renamed as a new version, and guarded', async () => {
    const created = expectStatus(
      await admin().post(setsOf(w.project.id), {
        name: '  Sign in  ',
        description: 'As **admin**',
        steps: SIGN_IN,
      }),
      201,
    );
    expect(created.message).toBe('Shared steps created');
    expect(created.shared_steps).toMatchObject({
      project_id: w.project.id,
      name: 'Sign in',
      description: 'As **admin**',
      steps: SIGN_IN,
      version: 1,
      case_count: 0,
      creator: { id: expect.any(Number) },
    });
    const id = created.shared_steps.id;
    expect(expectStatus(await admin().get(`/api/shared-steps/${id}`), 200)).toMatchObject({
      name: 'Sign in',
    });
    const taken = expectStatus(
      await admin().post(setsOf(w.project.id), { name: 'SIGN IN', steps: SIGN_IN }),
      409,
    );
    expect(taken.code).toBe('name_taken');
    expectStatus(await admin().post(setsOf(w.project.id), { name: 'Empty', steps: [] }), 400);
    expectStatus(await admin().post(setsOf(w.project.id), { name: '  ', steps: SIGN_IN }), 400);
    await createSet({ name: 'Add to cart', steps: [{ action: 'Add', expected: 'Added' }] });
    const listed = expectStatus(await admin().get(`${setsOf(w.project.id)}?q=sign`), 200);
    expect(listed).toMatchObject({ total: 1, items: [{ id, name: 'Sign in' }] });
    const all = expectStatus(await admin().get(setsOf(w.project.id)), 200);
    expect(all.items.map((s: { name: string }) => s.name)).toEqual(['Add to cart', 'Sign in']);

    const renamed = expectStatus(
      await admin().put(`/api/shared-steps/${id}`, { name: 'Sign in as admin' }),
      200,
    );
    expect(renamed).toMatchObject({
      message: 'Shared steps updated',
      shared_steps: { version: 2, steps: SIGN_IN },
    });

    await expectGuards(t, w, { method: 'GET', url: `/api/shared-steps/${id}`, permission: 'home_test_case' });
    await expectGuards(t, w, {
      method: 'POST',
      url: setsOf(w.project.id),
      payload: { name: 'x', steps: SIGN_IN },
      permission: 'add_test_case_in_project',
    });
    const refused = expectStatus(
      await as(t, viewer.token).put(`/api/shared-steps/${id}`, { name: 'x' }),
      403,
    );
    expect(refused.message).toContain('edit_test_case');
    expect(expectStatus(await as(t, viewer.token).del(`/api/shared-steps/${id}`), 403).message).toContain(
      'delete_test_case',
    );
    expectStatus(await as(t, viewer.token).get(`/api/shared-steps/${id}/usage`), 200);
  });

  it('stand in a case as a reference, answered as written and, with ?expand=steps, in place', async () => {
    const set = await createSet({ name: 'Log in', steps: SIGN_IN });
    const testCase = await createCase({
      name: 'Pay by card',
      steps: [
        { action: 'Open the shop', expected: 'It opens' },
        { shared_steps_id: set.id },
        { action: 'Pay', expected: 'Paid' },
      ],
    });
    expect(testCase.steps).toEqual([
      { action: 'Open the shop', expected: 'It opens' },
      { shared_steps_id: set.id },
      { action: 'Pay', expected: 'Paid' },
    ]);
    const expanded = expectStatus(
      await admin().get(`/api/test-cases/single/${testCase.id}?expand=steps`),
      200,
    );
    expect(expanded.steps).toEqual([
      { action: 'Open the shop', expected: 'It opens' },
      { ...SIGN_IN[0], shared_steps: { id: set.id, name: 'Log in' } },
      { ...SIGN_IN[1], shared_steps: { id: set.id, name: 'Log in' } },
      { action: 'Pay', expected: 'Paid' },
    ]);
    expectStatus(await admin().get(`/api/test-cases/single/${testCase.id}?expand=everything`), 400);

    const other = await createProject(t, w.admin);
    const foreign = await createSet({ name: 'Elsewhere', steps: SIGN_IN }, other.id);
    for (const missing of [foreign.id, 999_999]) {
      const bad = expectStatus(
        await admin().post(`/api/test-cases/project/${w.project.id}/create`, {
          name: 'Bad',
          steps: [{ shared_steps_id: missing }],
        }),
        400,
      );
      expect(bad.details[0]).toEqual({
        field: 'steps',
        message: `Shared steps ${missing} is not in this project`,
      });
    }
    const big = await createSet({
      name: 'Long',
      steps: Array.from({ length: 300 }, (_, i) => ({ action: `Step ${i}`, expected: '' })),
    });
    const tooMany = expectStatus(
      await admin().post(`/api/test-cases/project/${w.project.id}/create`, {
        name: 'Too long',
        steps: [{ shared_steps_id: big.id }, { shared_steps_id: big.id }],
      }),
      400,
    );
    expect(tooMany.message).toBe(
      'A case has at most 500 steps with its shared steps in place; these make 600',
    );
  });

  it("keeps each set's usage from the cases' steps, through create, update and delete", async () => {
    const a = await createSet({ name: 'Usage A', steps: SIGN_IN });
    const b = await createSet({ name: 'Usage B', steps: SIGN_IN });
    const one = await createCase({
      name: 'One',
      steps: [{ shared_steps_id: a.id }, { shared_steps_id: a.id }],
    });
    const two = await createCase({
      name: 'Two',
      steps: [{ shared_steps_id: a.id }, { shared_steps_id: b.id }],
    });
    expect(await usage(a.id)).toEqual([one.id, two.id]);
    expect(await usage(b.id)).toEqual([two.id]);
    expectStatus(
      await admin().put(`/api/test-cases/update/${two.id}`, {
        name: 'Two',
        steps: [{ shared_steps_id: b.id }],
      }),
      200,
    );
    expect(await usage(a.id)).toEqual([one.id]);
    const page = expectStatus(await admin().get(`/api/shared-steps/${b.id}/usage`), 200);
    expect(page).toEqual({ items: [{ id: two.id, name: 'Two', suite_id: null, version: 2 }], total: 1 });
    expect(expectStatus(await admin().get(`/api/shared-steps/${a.id}`), 200).case_count).toBe(1);
    expectStatus(await admin().del(`/api/test-cases/delete/${one.id}`), 200);
    expect(await usage(a.id)).toEqual([]);
  });

  it('an edit of the steps changes every case that uses them, each as a new version that says so', async () => {
    const set = await createSet({ name: 'Checkout', steps: SIGN_IN });
    const one = await createCase({ name: 'Buy one', steps: [{ shared_steps_id: set.id }] });
    const two = await createCase({
      name: 'Buy two',
      steps: [{ action: 'Pick two', expected: '' }, { shared_steps_id: set.id }],
    });
    const bystander = await createCase({ name: 'Unrelated', steps: [{ action: 'Look', expected: '' }] });
    const cycle = expectStatus(
      await admin().post(`/api/projects/${w.project.id}/cycles`, {
        name: 'Before the edit',
        case_ids: [two.id],
      }),
      201,
    ).cycle;
    const { items } = expectStatus(await admin().get(`/api/cycles/${cycle.id}/items`), 200);
    // One step result per expanded step: the plain step and the set's two.
    const recorded = expectStatus(
      await admin().post(`/api/cycle-items/${items[0].id}/results`, {
        state: 'passed',
        step_results: [{ state: 'passed' }, { state: 'passed' }, { state: 'passed' }],
      }),
      201,
    );
    expect(recorded.result.case_version).toBe(1);
    const tooMany = expectStatus(
      await admin().post(`/api/cycle-items/${items[0].id}/results`, {
        state: 'passed',
        step_results: [null, null, null, { state: 'passed' }],
      }),
      400,
    );
    expect(tooMany.message).toBe('step_results has 4 entries; the case has 3 steps');

    const newSteps = [...SIGN_IN, { action: 'Accept the cookies', expected: 'The banner goes' }];
    const edited = expectStatus(await admin().put(`/api/shared-steps/${set.id}`, { steps: newSteps }), 200);
    expect(edited.message).toBe('Shared steps updated; 2 cases changed with them');
    for (const c of [one, two]) {
      const versions = expectStatus(await admin().get(`/api/test-cases/${c.id}/versions`), 200);
      expect(versions.items[0]).toMatchObject({
        version: 2,
        changed: ['steps'],
        note: 'Shared steps "Checkout" changed (version 2)',
      });
      expect(versions.items[1]).toMatchObject({ version: 1, note: null });
      const expanded = expectStatus(await admin().get(`/api/test-cases/single/${c.id}?expand=steps`), 200);
      expect(expanded.version).toBe(2);
      expect(expanded.steps.at(-1)).toEqual({
        ...newSteps[2],
        shared_steps: { id: set.id, name: 'Checkout' },
      });
    }
    expect(expectStatus(await admin().get(`/api/test-cases/single/${bystander.id}`), 200).version).toBe(1);
    const detail = expectStatus(await admin().get(`/api/cycle-items/${items[0].id}`), 200);
    expect(detail.results[0]).toMatchObject({ case_version: 1 });
    // Only a change of the steps versions the cases.
    const described = expectStatus(
      await admin().put(`/api/shared-steps/${set.id}`, { description: 'Now documented' }),
      200,
    );
    expect(described.message).toBe('Shared steps updated');
    expect(expectStatus(await admin().get(`/api/test-cases/single/${one.id}`), 200).version).toBe(2);
    expectStatus(
      await admin().post(`/api/cycle-items/${items[0].id}/results`, {
        state: 'passed',
        step_results: [null, null, null, { state: 'passed' }],
      }),
      201,
    );
  });

  it('a delete is refused while cases use the set, or first copies its steps into them', async () => {
    const set = await createSet({ name: 'Reset', steps: SIGN_IN });
    const one = await createCase({
      name: 'Reset one',
      steps: [
        { action: 'Start', expected: '' },
        { shared_steps_id: set.id },
        { action: 'End', expected: '' },
      ],
    });
    const refused = expectStatus(await admin().del(`/api/shared-steps/${set.id}`), 409);
    expect(refused).toMatchObject({
      code: 'in_use',
      message:
        'These shared steps are used by 1 case; delete them with copy_into_cases=true to write their steps into those cases first',
    });
    const done = expectStatus(await admin().del(`/api/shared-steps/${set.id}?copy_into_cases=true`), 200);
    expect(done.message).toBe('Shared steps deleted; their steps were copied into 1 case');
    const after = expectStatus(await admin().get(`/api/test-cases/single/${one.id}`), 200);
    expect(after.steps).toEqual([
      { action: 'Start', expected: '' },
      ...SIGN_IN,
      { action: 'End', expected: '' },
    ]);
    expect(after.version).toBe(2);
    const versions = expectStatus(await admin().get(`/api/test-cases/${one.id}/versions`), 200);
    expect(versions.items[0].note).toBe('Shared steps "Reset" copied in before they were deleted');
    expectStatus(await admin().get(`/api/shared-steps/${set.id}`), 404);
    const unused = await createSet({ name: 'Unused', steps: SIGN_IN });
    expect(expectStatus(await admin().del(`/api/shared-steps/${unused.id}`), 200).message).toBe(
      'Shared steps deleted',
    );
    // The audit log names them.
    const log = expectStatus(await admin().get(`/api/audit-log?entity=shared_steps`), 200);
    expect(log.items.map((e: { summary: string }) => e.summary)).toContain('Deleted shared-steps "Unused"');
  });

  it('the export writes the steps expanded', async () => {
    const project = await createProject(t, w.admin);
    const set = await createSet(
      { name: 'Open', steps: [{ action: 'Open', expected: 'It opens' }] },
      project.id,
    );
    await createCase(
      { name: 'Exported', steps: [{ shared_steps_id: set.id }, { action: 'Close', expected: 'It closes' }] },
      project.id,
    );
    const res = await admin().get(`/api/projects/${project.id}/export/cases.csv`);
    const [row] = parse(res.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(row).toMatchObject({ steps: '1. Open\n2. Close', expected_results: '1. It opens\n2. It closes' });
  });
});
