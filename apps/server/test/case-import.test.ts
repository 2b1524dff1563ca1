import * as XLSX from '@e965/xlsx';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { createProject } from './helpers/fixtures.ts';
import { as, expectGuards, expectStatus } from './helpers/requests.ts';
import { startWorld, type TestApp, type World } from './helpers/world.ts';

/** docs/product/case-import.md: importing cases from CSV and XLSX through the HTTP API, on a real database. */

let t: TestApp;
let w: World;

const admin = () => as(t, w.admin);
const post = async (url: string, body: object) => expectStatus(await admin().post(url, body), 201);

function send(
  path: string,
  file: string | Buffer,
  options: { mapping?: string; type?: string; accept?: string } = {},
) {
  const query = options.mapping === undefined ? '' : `?mapping=${encodeURIComponent(options.mapping)}`;
  return t.request({
    method: 'POST',
    url: `${path}${query}`,
    token: w.admin,
    payload: typeof file === 'string' ? Buffer.from(file) : file,
    headers: {
      'content-type': options.type ?? 'text/csv',
      ...(options.accept ? { accept: options.accept } : {}),
    },
  });
}
const previewOf = (projectId: number, file: string | Buffer, options = {}) =>
  send(`/api/projects/${projectId}/case-imports/preview`, file, options);
const importInto = (projectId: number, file: string | Buffer, options = {}) =>
  send(`/api/projects/${projectId}/case-imports`, file, options);

const casesOf = (projectId: number) =>
  queryRows<{
    name: string;
    suite: string | null;
    parent: string | null;
    priority: string;
    tags: string[];
    steps: unknown;
  }>(
    t.db,
    sql`select c.name, s.name as suite, p.name as parent, c.priority, c.tags, c.steps
    from test_cases c left join suites s on s.id = c.suite_id left join test_cases p on p.id = c.parent_id
    where c.project_id = ${projectId} order by c.id`,
  );

const TESTRAIL = [
  'ID,Title,Section,Section Hierarchy,Steps,Expected Result,Preconditions,Priority,Type,References',
  'C1,Sign in with a password,Login,Accounts > Login,"1. Open the sign-in page\n2. Enter the password","1. The form shows\n2. The dashboard shows",An account exists,High,Functional,"JIRA-1, JIRA-2"',
  'C2,Reset the password,Login,Accounts > Login,Ask for a reset link,An email arrives,,Urgent,Regression,',
  'C3,Pay by card,Checkout,Checkout,,,,Low,Smoke,',
].join('\n');

beforeAll(async () => ({ t, w } = await startWorld()));
afterAll(() => t.close());

describe('case import', () => {
  it('guards both calls: 401, 404 for an outsider, 403 naming the permission', async () => {
    for (const path of ['case-imports/preview', 'case-imports']) {
      await expectGuards(t, w, {
        method: 'POST',
        url: `/api/projects/${w.project.id}/${path}`,
        payload: {},
        permission: 'add_test_case_in_project',
      });
    }
    const wrongType = await t.request({
      method: 'POST',
      url: `/api/projects/${w.project.id}/case-imports/preview`,
      token: w.admin,
      payload: { a: 1 },
    });
    expect(wrongType.statusCode).toBe(415);
  });

  it('recognises a TestRail export and names every problem by row and column; nothing is imported', async () => {
    const project = await createProject(t, w.admin);
    const preview = expectStatus(await previewOf(project.id, TESTRAIL), 200);
    expect(preview).toMatchObject({
      format: 'csv',
      recognized: 'testrail',
      columns: [
        'ID',
        'Title',
        'Section',
        'Section Hierarchy',
        'Steps',
        'Expected Result',
        'Preconditions',
        'Priority',
        'Type',
        'References',
      ],
      mapping: [
        'id',
        'name',
        null,
        'suite',
        'steps',
        'expected_results',
        'preconditions',
        'priority',
        'tags',
        'tags',
      ],
      cases: 3,
      suites_to_create: ['Accounts > Login', 'Checkout'],
      problem_count: 1,
      problems: [
        {
          row: 3,
          column: 'Priority',
          message: '"Urgent" is not a priority: use critical, high, medium or low',
        },
      ],
    });
    expect(preview.preview[0]).toEqual({
      row: 2,
      name: 'Sign in with a password',
      suite: 'Accounts > Login',
      parent_row: null,
      priority: 'high',
      priority_valid: true,
      tags: ['functional', 'jira-1', 'jira-2'],
      steps: 2,
    });
    // The invalid priority is shown as the file wrote it, not as the medium it would have become.
    expect(preview.preview[1]).toMatchObject({ row: 3, priority: 'Urgent', priority_valid: false });
    const refused = expectStatus(await importInto(project.id, TESTRAIL), 400);
    expect(refused.message).toBe('The file has 1 problem; nothing was imported');
    expect(refused.details).toEqual([
      { field: 'row 3, Priority', message: '"Urgent" is not a priority: use critical, high, medium or low' },
    ]);
    expect(await casesOf(project.id)).toEqual([]);
  });

  it('imports a TestRail export with suites, steps, tags and priorities', async () => {
    const project = await createProject(t, w.admin);
    const fixed = TESTRAIL.replace('Urgent', 'Critical');
    const result = expectStatus(await importInto(project.id, fixed), 201);
    expect(result).toEqual({ message: 'Imported 3 cases and 2 new suites', created: 3, suites_created: 2 });
    const cases = await casesOf(project.id);
    expect(cases[0]).toEqual({
      name: 'Sign in with a password',
      suite: 'Accounts > Login',
      parent: null,
      priority: 'high',
      tags: ['functional', 'jira-1', 'jira-2'],
      steps: [
        { action: 'Open the sign-in page', expected: 'The form shows' },
        { action: 'Enter the password', expected: 'The dashboard shows' },
      ],
    });
    expect(cases[1]).toMatchObject({
      priority: 'critical',
      steps: [{ action: 'Ask for a reset link', expected: 'An email arrives' }],
    });
    expect(cases[2]).toMatchObject({ name: 'Pay by card', suite: 'Checkout', steps: [] });
    // The case lists and search see them.
    const found = expectStatus(
      await admin().get(`/api/projects/${project.id}/cases/search?q=tag:smoke`),
      200,
    );
    expect(found.items.map((c: { name: string }) => c.name)).toEqual(['Pay by card']);
  });

  it("keeps TestRail's case ids as the rows' source ids: two rows with one id are a problem", async () => {
    const project = await createProject(t, w.admin);
    const twice = TESTRAIL.replace('Urgent', 'Critical').replace('C3,Pay by card', 'C1,Pay by card');
    const preview = expectStatus(await previewOf(project.id, twice), 200);
    expect(preview.mapping[0]).toBe('id');
    expect(preview.problems).toEqual([{ row: 4, column: 'ID', message: 'Another row has the id C1' }]);
  });

  it("reads TestRail's layout with one row per step", async () => {
    const project = await createProject(t, w.admin);
    const file = [
      'Title,Section Hierarchy,Steps (Step),Steps (Expected Result),Priority',
      'Checkout with a coupon,Checkout,Add an item,The cart shows it,Medium',
      ',,Apply the coupon,The total drops,',
      ',,Pay,,',
      'Second case,Checkout,,,Low',
    ].join('\r\n');
    expectStatus(await importInto(project.id, file), 201);
    const cases = await casesOf(project.id);
    expect(cases.map((c) => c.name)).toEqual(['Checkout with a coupon', 'Second case']);
    expect(cases[0]!.steps).toEqual([
      { action: 'Add an item', expected: 'The cart shows it' },
      { action: 'Apply the coupon', expected: 'The total drops' },
      { action: 'Pay', expected: '' },
    ]);
  });

  it('takes a mapping the client gives, and reads an XLSX workbook', async () => {
    const project = await createProject(t, w.admin);
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Case', 'Notes', 'Area', 'Ignored'],
      ['Open the app', 'It starts', 'Smoke area', 'x'],
      ['Close the app', 'It stops', 'Smoke area', 'y'],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Cases');
    const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const guessed = expectStatus(await previewOf(project.id, bytes, { type }), 200);
    expect(guessed).toMatchObject({ format: 'xlsx', recognized: null, mapping: [null, null, null, null] });
    expect(guessed.problems[0]).toEqual({
      row: 1,
      column: '',
      message: 'Choose the column that holds the names of the cases',
    });
    const bad = expectStatus(await previewOf(project.id, bytes, { type, mapping: 'name,colour' }), 200);
    expect(bad.problems[0]).toEqual({
      row: 1,
      column: 'Notes',
      message: '"colour" is not something a column can fill',
    });
    const mapping = 'name,description,suite,';
    expect(expectStatus(await previewOf(project.id, bytes, { type, mapping }), 200).problem_count).toBe(0);
    expectStatus(await importInto(project.id, bytes, { type, mapping }), 201);
    expect((await casesOf(project.id)).map((c) => [c.name, c.suite])).toEqual([
      ['Open the app', 'Smoke area'],
      ['Close the app', 'Smoke area'],
    ]);
  });

  it('streams its progress as JSON lines', async () => {
    const project = await createProject(t, w.admin);
    const rows = Array.from({ length: 4500 }, (_, i) => `Case ${i},Bulk`);
    const res = await importInto(project.id, ['Name,Suite', ...rows].join('\n'), {
      accept: 'application/x-ndjson',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.slice(0, -1)).toEqual([
      { done: 0, total: 4500 },
      { done: 2000, total: 4500 },
      { done: 4000, total: 4500 },
      { done: 4500, total: 4500 },
    ]);
    expect(lines.at(-1)).toEqual({
      message: 'Imported 4,500 cases and 1 new suite',
      created: 4500,
      suites_created: 1,
    });
  });

  it('re-imports its own export into another project unchanged, children and custom fields included', async () => {
    const source = await createProject(t, w.admin);
    const target = await createProject(t, w.admin);
    for (const project of [source, target]) {
      await post(`/api/projects/${project.id}/case-fields`, {
        name: 'Browser',
        type: 'select',
        options: ['Chrome', 'Firefox'],
      });
      await post(`/api/projects/${project.id}/case-fields`, { name: 'Automated', type: 'checkbox' });
    }
    const [browser, automated] = (
      expectStatus(await admin().get(`/api/projects/${source.id}/case-fields`), 200).fields as {
        id: number;
      }[]
    ).map((f) => f.id);
    const suite = (await post('/api/testsuites/create', { project_id: source.id, name: 'Payments, "cards"' }))
      .suite.id;
    const parent = (
      await post(`/api/test-cases/suite/${suite}/create`, {
        name: 'Pay by card',
        description: 'Line one\nline two, with a comma',
        preconditions: 'A *saved* card',
        priority: 'critical',
        tags: ['smoke', 'payments'],
        steps: [
          { action: 'Open the cart', expected: 'It shows' },
          { action: 'Pay', expected: 'A receipt' },
        ],
        custom_fields: { [browser!]: 'Chrome', [automated!]: true },
      })
    ).testCase.id;
    const child = (
      await post(`/api/test-cases/parent/${parent}/create`, { name: 'Declined card', priority: 'low' })
    ).testCase.id;
    await post(`/api/test-cases/parent/${child}/create`, { name: 'Declined twice' });
    await post(`/api/test-cases/project/${source.id}/create`, { name: 'No suite at all', tags: ['loose'] });

    const exported = await admin().get(`/api/projects/${source.id}/export/cases.csv`);
    expect(exported.statusCode).toBe(200);
    const preview = expectStatus(await previewOf(target.id, exported.body), 200);
    expect(preview.recognized).toBe('verdict');
    expect(preview.problem_count).toBe(0);
    expectStatus(await importInto(target.id, exported.body), 201);
    const again = await admin().get(`/api/projects/${target.id}/export/cases.csv`);
    // Every column but the ids (new in the other project) is the same, row for row.
    const table = (csv: string) => {
      const [header, ...rows] = parse(csv, { bom: true }) as string[][];
      const idAt = header!.indexOf('id');
      const parentAt = header!.indexOf('parent_id');
      const position = new Map(rows.map((r, i) => [r[idAt], String(i)]));
      return rows.map((r) =>
        r.map((cell, i) =>
          i === idAt ? position.get(cell) : i === parentAt ? (position.get(cell) ?? '') : cell,
        ),
      );
    };
    expect(table(again.body)).toEqual(table(exported.body));
  });
});
