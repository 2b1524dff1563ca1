import { PARAMETER_LIMITS } from '@verdict/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, expectStatus } from './helpers/requests.ts';
import { type Member, startWorld, type TestApp, type World } from './helpers/world.ts';

/**
 * Parameterized cases (docs/product/parameters.md): columns and rows on a case, bounded and
 * versioned; one cycle item per row (a cycle, a plan's cycle, "Add to cycle", a re-run), each
 * keeping the row it was made with and its own results; the case's history naming the row.
 */

let t: TestApp;
let w: World;
let tester: Member;
beforeAll(
  async () =>
    ({ t, w, tester } = await startWorld({
      members: { tester: ['home_test_case', 'home_test_cycle', 'execute_test_cycle'] },
    })),
);
afterAll(() => t.close());

const admin = () => as(t, w.admin);
const CARDS = {
  columns: ['card', 'locale'],
  rows: [
    ['Visa', 'en'],
    ['Mastercard', 'de'],
    ['Amex', 'fr'],
  ],
};

async function createCase(body: object) {
  const res = await admin().post(`/api/test-cases/project/${w.project.id}/create`, {
    name: 'Pay by card',
    steps: [{ action: 'Pay with {{card}}', expected: 'Paid in {{locale}}' }],
    ...body,
  });
  return expectStatus(res, 201).testCase;
}

async function newCycle(body: object) {
  const res = await admin().post(`/api/projects/${w.project.id}/cycles`, { name: 'Release', ...body });
  return expectStatus(res, 201).cycle;
}

async function itemsOf(cycleId: number) {
  return expectStatus(await admin().get(`/api/cycles/${cycleId}/items?limit=1000`), 200).items as {
    id: number;
    state: string;
    test_case: { id: number };
    parameter_row: { index: number; values: Record<string, string> } | null;
  }[];
}

const rowsOf = (items: Awaited<ReturnType<typeof itemsOf>>, caseId: number) =>
  items.filter((i) => i.test_case.id === caseId).map((i) => i.parameter_row);

describe('parameters on a case', () => {
  it('are written, read, kept by an edit that leaves them out, versioned and removed with null', async () => {
    const created = await createCase({ parameters: { columns: [' card ', 'locale'], rows: CARDS.rows } });
    expect(created.parameters).toEqual(CARDS);
    const read = expectStatus(await admin().get(`/api/test-cases/single/${created.id}`), 200);
    expect(read.parameters).toEqual(CARDS);

    const renamed = expectStatus(
      await admin().put(`/api/test-cases/update/${created.id}`, { name: 'Pay by card, renamed' }),
      200,
    );
    expect(renamed.testCase.parameters).toEqual(CARDS);

    const two = { columns: ['card'], rows: [['Visa'], ['Maestro']] };
    const edited = expectStatus(
      await admin().put(`/api/test-cases/update/${created.id}`, { name: 'Pay by card', parameters: two }),
      200,
    );
    expect(edited.testCase.parameters).toEqual(two);
    const versions = expectStatus(await admin().get(`/api/test-cases/${created.id}/versions`), 200);
    expect(versions.items[0]).toMatchObject({
      changed: ['name', 'parameters'],
      content: { parameters: two },
    });
    expect(versions.items.at(-1).content.parameters).toEqual(CARDS);

    const removed = expectStatus(
      await admin().put(`/api/test-cases/update/${created.id}`, { name: 'Pay by card', parameters: null }),
      200,
    );
    expect(removed.testCase.parameters).toBeNull();
    // Restoring the first version brings its rows back.
    expectStatus(await admin().post(`/api/test-cases/${created.id}/versions/1/restore`), 200);
    const restored = expectStatus(await admin().get(`/api/test-cases/single/${created.id}`), 200);
    expect(restored.parameters).toEqual(CARDS);
  });

  it('refuses twice-named columns, rows of the wrong width, bad names and sizes past the limits', async () => {
    const problem = async (parameters: unknown, text: RegExp) => {
      const res = await admin().post(`/api/test-cases/project/${w.project.id}/create`, {
        name: 'Bad',
        parameters,
      });
      const body = expectStatus(res, 400);
      expect(body.message).toMatch(text);
    };
    await problem({ columns: ['card', 'Card'], rows: [['a', 'b']] }, /"Card" is named twice/);
    await problem({ columns: ['card', 'locale'], rows: [['a', 'b'], ['c']] }, /Row 2 has 1 value; each row/);
    await problem({ columns: ['{{card}}'], rows: [['a']] }, /parameters/);
    await problem({ columns: [], rows: [['a']] }, /parameters/);
    await problem({ columns: ['card'], rows: [] }, /parameters/);
    const many = Array.from({ length: PARAMETER_LIMITS.rowsMax + 1 }, (_, i) => [`v${i}`]);
    await problem({ columns: ['card'], rows: many }, /parameters/);
    const wide = Array.from({ length: PARAMETER_LIMITS.columnsMax + 1 }, (_, i) => `c${i}`);
    await problem({ columns: wide, rows: [wide] }, /parameters/);
    await problem({ columns: ['card'], rows: [['x'.repeat(PARAMETER_LIMITS.valueMax + 1)]] }, /parameters/);
  });
});

describe('a cycle of a parameterized case', () => {
  it('gets one item per row, each with its values, its own results and history; later edits leave it', async () => {
    const card = await createCase({ parameters: CARDS });
    const plain = await createCase({ name: 'Plain case' });
    const cycle = await newCycle({ case_ids: [card.id, plain.id] });
    expect(cycle.counts.total).toBe(4);
    const items = await itemsOf(cycle.id);
    expect(rowsOf(items, card.id)).toEqual([
      { index: 1, values: { card: 'Visa', locale: 'en' } },
      { index: 2, values: { card: 'Mastercard', locale: 'de' } },
      { index: 3, values: { card: 'Amex', locale: 'fr' } },
    ]);
    expect(rowsOf(items, plain.id)).toEqual([null]);
    const [visa, master] = items.filter((i) => i.test_case.id === card.id);

    const record = (itemId: number, state: string, extra: object = {}) =>
      as(t, tester.token).post(`/api/cycle-items/${itemId}/results`, { state, ...extra });
    expectStatus(await record(visa!.id, 'passed', { step_results: [{ state: 'passed' }] }), 201);
    const failed = expectStatus(
      await record(master!.id, 'failed', { step_results: [{ state: 'failed', comment: 'declined' }] }),
      201,
    );
    expect(failed.item).toMatchObject({ state: 'failed', parameter_row: { index: 2 } });
    const detail = expectStatus(await admin().get(`/api/cycle-items/${master!.id}`), 200);
    expect(detail.item.parameter_row).toEqual({ index: 2, values: { card: 'Mastercard', locale: 'de' } });
    expect(detail.results).toHaveLength(1);
    expect(detail.results[0].step_results).toEqual([{ state: 'failed', comment: 'declined' }]);

    const history = expectStatus(await admin().get(`/api/test-cases/${card.id}/results`), 200);
    expect(
      history.items.map((e: { state: string; parameter_row: { index: number } }) => [
        e.state,
        e.parameter_row.index,
      ]),
    ).toEqual([
      ['failed', 2],
      ['passed', 1],
    ]);

    // Rows edited after: the cycle keeps what it took, and a removed row keeps its results.
    expectStatus(
      await admin().put(`/api/test-cases/update/${card.id}`, {
        name: 'Pay by card',
        parameters: { columns: ['card', 'locale'], rows: [['Visa', 'en-GB']] },
      }),
      200,
    );
    const after = await itemsOf(cycle.id);
    expect(rowsOf(after, card.id)).toEqual(rowsOf(items, card.id));
    expect(after.find((i) => i.id === master!.id)!.state).toBe('failed');
    const next = await newCycle({ case_ids: [card.id] });
    expect(rowsOf(await itemsOf(next.id), card.id)).toEqual([
      { index: 1, values: { card: 'Visa', locale: 'en-GB' } },
    ]);
  });

  it('a re-run takes the failed rows only, "Add to cycle" adds every row once, a plan makes every row', async () => {
    const card = await createCase({ parameters: CARDS });
    const first = await newCycle({ case_ids: [card.id] });
    const items = await itemsOf(first.id);
    expectStatus(await admin().post(`/api/cycle-items/${items[1]!.id}/results`, { state: 'failed' }), 201);
    expectStatus(await admin().post(`/api/cycle-items/${items[0]!.id}/results`, { state: 'passed' }), 201);
    const rerun = await newCycle({ from_cycle_id: first.id, from_states: ['failed'] });
    expect(rowsOf(await itemsOf(rerun.id), card.id).map((r) => r?.index)).toEqual([2]);

    const bulk = (cycleId: number) =>
      admin().post(`/api/projects/${w.project.id}/cases/bulk`, {
        selection: { ids: [card.id] },
        action: 'add_to_cycle',
        cycle_id: cycleId,
      });
    expectStatus(await bulk(rerun.id), 200);
    expectStatus(await bulk(rerun.id), 200);
    expect(rowsOf(await itemsOf(rerun.id), card.id).map((r) => r?.index)).toEqual([2, 1, 3]);

    const plan = expectStatus(
      await admin().post(`/api/projects/${w.project.id}/plans`, {
        name: 'Card plan',
        entries: [{ case_ids: [card.id] }],
      }),
      201,
    ).plan;
    const planCycle = plan.entries[0].cycle_ids[0];
    expect(rowsOf(await itemsOf(planCycle), card.id).map((r) => r?.index)).toEqual([1, 2, 3]);
  });

  it('a copied case keeps its parameters', async () => {
    const card = await createCase({ parameters: CARDS });
    expectStatus(
      await admin().post(`/api/projects/${w.project.id}/cases/bulk`, {
        selection: { ids: [card.id] },
        action: 'copy',
        suite_id: null,
      }),
      200,
    );
    const cases = expectStatus(
      await admin().get(`/api/projects/${w.project.id}/cases?limit=500`),
      200,
    ).items.filter((c: { name: string }) => c.name === 'Pay by card');
    const copy = Math.max(...cases.map((c: { id: number }) => c.id));
    expect(copy).toBeGreaterThan(card.id);
    expect(expectStatus(await admin().get(`/api/test-cases/single/${copy}`), 200).parameters).toEqual(CARDS);
  });
});
