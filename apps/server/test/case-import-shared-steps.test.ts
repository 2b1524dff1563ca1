import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { csvRecords } from './helpers/csv.ts';
import { createProject } from './helpers/fixtures.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { startWorld, type TestApp, type World } from './helpers/world.ts';

/**
 * The case file keeps parameters and shared steps (docs/product/export.md, docs/product/case-import.md,
 * decision 226): the export's `shared_steps` and `parameters` columns, read back by the import
 * into references and tables; TestRail's steps written out in place mapped to the project's sets.
 */

let t: TestApp;
let w: World;
beforeAll(async () => ({ t, w } = await startWorld()));
afterAll(() => t.close());

const admin = () => as(t, w.admin);

const SIGN_IN = [
  { action: 'Open the sign-in page', expected: 'The form shows' },
  { action: 'Enter the password', expected: 'The dashboard shows' },
];
const ADD_TO_CART = [{ action: 'Add an item', expected: 'The cart shows it' }];
const CARDS = {
  columns: ['card', 'locale'],
  rows: [
    ['Visa', 'en'],
    ['Master|Card', 'de\\AT'],
    ['-1', '=SUM(A1)'],
  ],
};

async function createSet(projectId: number, name: string, steps: object[]) {
  return expectStatus(await admin().post(`/api/projects/${projectId}/shared-steps`, { name, steps }), 201)
    .shared_steps as { id: number };
}

async function createCase(projectId: number, body: object) {
  return expectStatus(await admin().post(`/api/test-cases/project/${projectId}/create`, body), 201)
    .testCase as { id: number };
}

function send(projectId: number, file: string, preview: boolean) {
  return t.request({
    method: 'POST',
    url: `/api/projects/${projectId}/case-imports${preview ? '/preview' : ''}`,
    token: w.admin,
    payload: Buffer.from(file),
    headers: { 'content-type': 'text/csv' },
  });
}

/** The project's cases by name, each as the single-case answer gives it, as written and expanded. */
async function casesByName(projectId: number) {
  const list = await queryRows<{ id: number; name: string }>(
    t.db,
    sql`select id, name from test_cases where project_id = ${projectId} order by id`,
  );
  const byName = new Map<string, { written: any; expanded: any }>();
  for (const item of list) {
    byName.set(item.name, {
      written: expectStatus(await admin().get(`/api/test-cases/single/${item.id}`), 200),
      expanded: expectStatus(await admin().get(`/api/test-cases/single/${item.id}?expand=steps`), 200),
    });
  }
  return byName;
}

describe('the case file keeps parameters and shared steps', () => {
  it('exports which steps are shared steps and the parameters; another project reads both back', async () => {
    const source = await createProject(t, w.admin);
    const signIn = await createSet(source.id, 'Sign in; as admin', SIGN_IN);
    const cart = await createSet(source.id, 'Add to cart', ADD_TO_CART);
    await createCase(source.id, {
      name: 'Pay by card',
      steps: [
        { shared_steps_id: signIn.id },
        { action: 'Open the shop', expected: 'It opens' },
        { action: 'Choose {{card}}', expected: '' },
        { shared_steps_id: cart.id },
        { shared_steps_id: cart.id },
      ],
      parameters: CARDS,
    });
    await createCase(source.id, { name: 'Plain', steps: [{ action: 'Look', expected: 'Seen' }] });

    const exported = await admin().get(`/api/projects/${source.id}/export/cases.csv`);
    expect(exported.statusCode).toBe(200);
    const header = exported.body.split('\r\n')[0]!;
    expect(header).toContain('"steps","expected_results","shared_steps","parameters"');
    const [paid, plain] = csvRecords(exported.body);
    expect(paid).toMatchObject({
      steps:
        '1. Open the sign-in page\n2. Enter the password\n3. Open the shop\n4. Choose {{card}}\n5. Add an item\n6. Add an item',
      shared_steps: '1-2: Sign in; as admin; 5: Add to cart; 6: Add to cart',
      // Bars and backslashes escaped; a formula start defused like every cell of the file.
      parameters: "card | locale\nVisa | en\nMaster\\|Card | de\\\\AT\n'-1 | '=SUM(A1)",
    });
    expect(plain).toMatchObject({ shared_steps: '', parameters: '' });

    const target = await createProject(t, w.admin);
    const targetSignIn = await createSet(target.id, 'SIGN IN; AS ADMIN', SIGN_IN);
    const targetCart = await createSet(target.id, 'add to cart', ADD_TO_CART);
    const preview = expectStatus(await send(target.id, exported.body, true), 200);
    expect(preview).toMatchObject({
      recognized: 'verdict',
      problem_count: 0,
      shared_steps_mapped: 4,
      notes: [],
    });
    expect(preview.mapping.slice(13, 15)).toEqual(['shared_steps', 'parameters']);
    expectStatus(await send(target.id, exported.body, false), 201);

    const cases = await casesByName(target.id);
    const imported = cases.get('Pay by card')!;
    expect(imported.written.parameters).toEqual(CARDS);
    expect(imported.written.steps).toEqual([
      { shared_steps_id: targetSignIn.id },
      { action: 'Open the shop', expected: 'It opens' },
      { action: 'Choose {{card}}', expected: '' },
      { shared_steps_id: targetCart.id },
      { shared_steps_id: targetCart.id },
    ]);
    expect(imported.expanded.steps.map((s: { shared_steps?: { id: number } }) => s.shared_steps?.id)).toEqual(
      [targetSignIn.id, targetSignIn.id, undefined, undefined, targetCart.id, targetCart.id],
    );
    expect(cases.get('Plain')!.written).toMatchObject({
      parameters: null,
      steps: [{ action: 'Look', expected: 'Seen' }],
    });
    // And the file it exports is the same as the first, but for the ids.
    const again = await admin().get(`/api/projects/${target.id}/export/cases.csv`);
    const content = (body: string) =>
      csvRecords(body).map(({ id: _id, ...rest }) => ({
        ...rest,
        shared_steps: rest.shared_steps?.toLowerCase(),
      }));
    expect(content(again.body)).toEqual(content(exported.body));
  });

  it("maps a set's steps written out in place in TestRail's Steps (Separated) layout, longest set first", async () => {
    const project = await createProject(t, w.admin);
    const short = await createSet(project.id, 'Sign in', SIGN_IN);
    const long = await createSet(project.id, 'Sign in and shop', [
      ...SIGN_IN,
      { action: 'Open the shop', expected: 'It opens' },
    ]);
    // A set of one step is never mapped without the column: a single step is too common to be a set.
    await createSet(project.id, 'Pay', [{ action: 'Pay', expected: 'Paid' }]);
    const file = [
      'ID,Title,Section Hierarchy,Steps (Step),Steps (Expected Result),Priority',
      'C1,Checkout,Shop,Open the sign-in page,The form shows,Medium',
      ',,,  Enter the password ,The dashboard shows,',
      ',,,Open the shop,It opens,',
      ',,,Pay,Paid,',
      'C2,Sign in again,Shop,Look around,,Low',
      ',,,Open the sign-in page,The form shows,',
      ',,,Enter the password,The dashboard shows,',
      'C3,Almost,Shop,Open the sign-in page,The form shows,Low',
      ',,,Enter the password,Nothing happens,',
    ].join('\r\n');
    const preview = expectStatus(await send(project.id, file, true), 200);
    expect(preview).toMatchObject({
      recognized: 'testrail',
      problem_count: 0,
      shared_steps_mapped: 5,
      notes: [],
    });
    expect(preview.preview.map((p: { steps: number }) => p.steps)).toEqual([4, 3, 2]);
    expectStatus(await send(project.id, file, false), 201);
    const cases = await casesByName(project.id);
    expect(cases.get('Checkout')!.written.steps).toEqual([
      { shared_steps_id: long.id },
      { action: 'Pay', expected: 'Paid' },
    ]);
    expect(cases.get('Sign in again')!.written.steps).toEqual([
      { action: 'Look around', expected: '' },
      { shared_steps_id: short.id },
    ]);
    expect(cases.get('Almost')!.written.steps).toEqual([
      SIGN_IN[0],
      { action: 'Enter the password', expected: 'Nothing happens' },
    ]);
    expect(cases.get('Checkout')!.expanded.steps).toHaveLength(4);
  });

  it('keeps the steps written out, with a note, where the named set does not match them', async () => {
    const project = await createProject(t, w.admin);
    const signIn = await createSet(project.id, 'Sign in', SIGN_IN);
    const file = [
      'Name,Steps,Expected results,Shared steps',
      'Right,"1. Open the sign-in page\n2. Enter the password","1. The form shows\n2. The dashboard shows",1-2: sign in',
      'Changed,"1. Open the sign-in page\n2. Type the password","1. The form shows\n2. The dashboard shows",1-2: Sign in',
      'Unknown,"1. Open the sign-in page\n2. Enter the password",,1-2: Log in; 7: Sign in; 3-1: Sign in',
    ].join('\n');
    const preview = expectStatus(await send(project.id, file, true), 200);
    expect(preview.mapping).toEqual(['name', 'steps', 'expected_results', 'shared_steps']);
    expect(preview.problem_count).toBe(0);
    expect(preview.shared_steps_mapped).toBe(2);
    expect(preview.notes).toEqual([
      {
        row: 3,
        column: 'Shared steps',
        message: 'Steps 1-2 ("Sign in"): not the steps of the set (2); they stay written out',
      },
      {
        row: 4,
        column: 'Shared steps',
        message: '"3-1: Sign in" is not an entry like "1-2: Sign in"; its steps stay written out',
      },
      {
        row: 4,
        column: 'Shared steps',
        message: 'Steps 1-2 ("Log in"): the project has no shared steps of this name; they stay written out',
      },
      {
        row: 4,
        column: 'Shared steps',
        message: 'Step 7 ("Sign in"): the case has 2 steps; they stay written out',
      },
    ]);
    expectStatus(await send(project.id, file, false), 201);
    const cases = await casesByName(project.id);
    expect(cases.get('Right')!.written.steps).toEqual([{ shared_steps_id: signIn.id }]);
    expect(cases.get('Changed')!.written.steps).toEqual([
      SIGN_IN[0],
      { action: 'Type the password', expected: 'The dashboard shows' },
    ]);
    expect(cases.get('Unknown')!.written.steps).toHaveLength(2);
  });

  it('names a bad parameters cell by its row and column; nothing is imported', async () => {
    const project = await createProject(t, w.admin);
    const good = ['Name,Parameters', 'Good,"card | locale\n\nVisa | en\n  Amex|fr  "'].join('\n');
    const file = [
      good,
      'Twice,"card | Card\nVisa | Amex"',
      'Short,"card | locale\nVisa"',
      'No values,card | locale',
      'Bad name,"{{card}}\nVisa"',
    ].join('\n');
    const preview = expectStatus(await send(project.id, file, true), 200);
    expect(preview.mapping).toEqual(['name', 'parameters']);
    expect(preview.problems).toEqual([
      { row: 3, column: 'Parameters', message: 'The parameter "Card" is named twice' },
      {
        row: 4,
        column: 'Parameters',
        message: 'Row 1 has 1 value; each row has one per parameter (2)',
      },
      { row: 5, column: 'Parameters', message: 'The parameters need a line of values below their names' },
      {
        row: 6,
        column: 'Parameters',
        message: '"{{card}}" is not a parameter name: at most 40 letters, digits, spaces, _ - or .',
      },
    ]);
    const refused = expectStatus(await send(project.id, file, false), 400);
    expect(refused.details[0]).toEqual({
      field: 'row 3, Parameters',
      message: 'The parameter "Card" is named twice',
    });
    expect((await casesByName(project.id)).size).toBe(0);

    expectStatus(await send(project.id, good, false), 201);
    expect((await casesByName(project.id)).get('Good')!.written.parameters).toEqual({
      columns: ['card', 'locale'],
      rows: [
        ['Visa', 'en'],
        ['Amex', 'fr'],
      ],
    });
  });
});
