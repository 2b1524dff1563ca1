import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { createProject } from './helpers/fixtures.ts';
import { as, expectGuards, expectStatus } from './helpers/requests.ts';
import { type Member, startWorld, type TestApp, type World } from './helpers/world.ts';

/**
 * docs/product/requirements.md, "Import": requirements from CSV and XLSX through the HTTP API on
 * a real database: the guessed and given mapping, problems by row and column, creating a tree,
 * updating by key as new versions, all or nothing, progress lines and who may do it.
 */

let t: TestApp;
let w: World;
let adder: Member;
beforeAll(async () => ({ t, w, adder } = await startWorld({ members: { adder: ['add_requirement'] } })));
afterAll(() => t.close());

function send(
  path: string,
  file: string | Buffer,
  options: { mapping?: string; type?: string; accept?: string; token?: string } = {},
) {
  const query = options.mapping === undefined ? '' : `?mapping=${encodeURIComponent(options.mapping)}`;
  return t.request({
    method: 'POST',
    url: `${path}${query}`,
    token: options.token ?? w.admin,
    payload: typeof file === 'string' ? Buffer.from(file) : file,
    headers: {
      'content-type': options.type ?? 'text/csv',
      ...(options.accept ? { accept: options.accept } : {}),
    },
  });
}
const previewOf = (projectId: number, file: string | Buffer, options = {}) =>
  send(`/api/projects/${projectId}/requirement-imports/preview`, file, options);
const importInto = (projectId: number, file: string | Buffer, options = {}) =>
  send(`/api/projects/${projectId}/requirement-imports`, file, options);

const requirementsOf = (projectId: number) =>
  queryRows<{
    key: string;
    title: string;
    status: string;
    parent: string | null;
    url: string | null;
    version: number;
  }>(
    t.db,
    sql`select r.key, r.title, r.status, p.key as parent, r.external_url as url, r.version
    from requirements r left join requirements p on p.id = r.parent_id
    where r.project_id = ${projectId} order by r.id`,
  );

const STORIES = [
  'Issue key,Summary,Description,Status,Parent,URL',
  'SHOP-1,Checkout,The whole checkout,Approved,,',
  'SHOP-2,Pay by card,Visa and Mastercard,approved,SHOP-1,https://jira.example.com/browse/SHOP-2',
  ',Card declined message,,,SHOP-2,',
  'SHOP-3,Pay by invoice,,draft,SHOP-1,',
].join('\n');

describe('requirement import', () => {
  it('guards both calls: 401, 404 for an outsider, 403 naming the permission, 415 for another type', async () => {
    for (const path of ['requirement-imports/preview', 'requirement-imports']) {
      await expectGuards(t, w, {
        method: 'POST',
        url: `/api/projects/${w.project.id}/${path}`,
        payload: {},
        permission: 'add_requirement',
      });
    }
    const wrongType = await t.request({
      method: 'POST',
      url: `/api/projects/${w.project.id}/requirement-imports/preview`,
      token: w.admin,
      payload: { a: 1 },
    });
    expect(expectStatus(wrongType, 415).message).toMatch(/text\/csv/);
  });

  it('previews a tracker export by its headers, then imports the tree with made keys and tracker links', async () => {
    const project = await createProject(t, w.admin);
    const preview = expectStatus(await previewOf(project.id, STORIES), 200);
    expect(preview).toMatchObject({
      format: 'csv',
      columns: ['Issue key', 'Summary', 'Description', 'Status', 'Parent', 'URL'],
      mapping: ['key', 'title', 'description', 'status', 'parent', 'external_url'],
      requirements: 4,
      creates: 4,
      updates: 0,
      problems: [],
      problem_count: 0,
    });
    expect(preview.preview).toEqual([
      { row: 2, key: 'SHOP-1', title: 'Checkout', status: 'approved', parent_key: null, action: 'create' },
      {
        row: 3,
        key: 'SHOP-2',
        title: 'Pay by card',
        status: 'approved',
        parent_key: 'SHOP-1',
        action: 'create',
      },
      {
        row: 4,
        key: null,
        title: 'Card declined message',
        status: 'draft',
        parent_key: 'SHOP-2',
        action: 'create',
      },
      {
        row: 5,
        key: 'SHOP-3',
        title: 'Pay by invoice',
        status: 'draft',
        parent_key: 'SHOP-1',
        action: 'create',
      },
    ]);
    // Nothing is written by a preview.
    expect(await requirementsOf(project.id)).toEqual([]);

    const done = expectStatus(await importInto(project.id, STORIES), 201);
    expect(done).toEqual({ message: 'Imported 4 new requirements', created: 4, updated: 0 });
    expect(await requirementsOf(project.id)).toEqual([
      { key: 'SHOP-1', title: 'Checkout', status: 'approved', parent: null, url: null, version: 1 },
      {
        key: 'SHOP-2',
        title: 'Pay by card',
        status: 'approved',
        parent: 'SHOP-1',
        url: 'https://jira.example.com/browse/SHOP-2',
        version: 1,
      },
      { key: 'SHOP-3', title: 'Pay by invoice', status: 'draft', parent: 'SHOP-1', url: null, version: 1 },
      {
        key: 'REQ-1',
        title: 'Card declined message',
        status: 'draft',
        parent: 'SHOP-2',
        url: null,
        version: 1,
      },
    ]);
  });

  it('updates requirements by key as new versions, leaves unchanged ones alone, and never moves one', async () => {
    const project = await createProject(t, w.admin);
    expectStatus(await importInto(project.id, STORIES), 201);
    const again = [
      'Key,Title,Status',
      'shop-1,Checkout,approved',
      'SHOP-2,Pay by card or wallet,implemented',
      'SHOP-9,Gift cards,',
    ].join('\n');
    const preview = expectStatus(await previewOf(project.id, again), 200);
    expect(preview).toMatchObject({ requirements: 3, creates: 1, updates: 2, problem_count: 0 });
    expect(preview.preview.map((row: { key: string; action: string }) => [row.key, row.action])).toEqual([
      ['SHOP-1', 'update'],
      ['SHOP-2', 'update'],
      ['SHOP-9', 'create'],
    ]);
    const done = expectStatus(await importInto(project.id, again), 201);
    expect(done).toEqual({
      message: 'Imported 1 new requirement and 1 requirement changed',
      created: 1,
      updated: 1,
    });
    const rows = await requirementsOf(project.id);
    expect(rows.find((r) => r.key === 'SHOP-1')).toMatchObject({ version: 1, status: 'approved' });
    // Description and parent are kept: the file has no columns for them.
    expect(rows.find((r) => r.key === 'SHOP-2')).toMatchObject({
      title: 'Pay by card or wallet',
      status: 'implemented',
      parent: 'SHOP-1',
      version: 2,
    });
    const id = (
      await queryRows<{ id: number }>(
        t.db,
        sql`select id from requirements where project_id = ${project.id} and key = 'SHOP-2'`,
      )
    )[0]!.id;
    const versions = expectStatus(await as(t, w.admin).get(`/api/requirements/${id}/versions`), 200);
    expect(
      versions.items.map((v: { version: number; title: string; description: string }) => [
        v.version,
        v.title,
        v.description,
      ]),
    ).toEqual([
      [2, 'Pay by card or wallet', 'Visa and Mastercard'],
      [1, 'Pay by card', 'Visa and Mastercard'],
    ]);

    const move = ['Key,Title,Parent', 'SHOP-2,Pay by card,SHOP-3'].join('\n');
    const refused = expectStatus(await previewOf(project.id, move), 200);
    expect(refused.problems).toEqual([
      {
        row: 2,
        column: 'Parent',
        message: 'SHOP-2 is under SHOP-1; an import does not move a requirement (move it on its page)',
      },
    ]);
  });

  it('names every problem by row and column and imports nothing while there is one', async () => {
    const project = await createProject(t, w.admin);
    const file = [
      'Key,Title,Status,Parent,Link',
      'A-1,,approved,,',
      'A 2,Spaces in the key,,,',
      'A-3,Three,done,,',
      'a-3,Duplicate,,,',
      'A-4,Orphan,,NOPE-1,',
      'A-5,Loop one,,A-6,',
      'A-6,Loop two,,A-5,',
      'A-7,Bad link,,,ftp://example.com',
      'L-1,Level one,,,',
      'L-2,Level two,,L-1,',
      'L-3,Level three,,L-2,',
      'L-4,Level four,,L-3,',
    ].join('\n');
    const preview = expectStatus(await previewOf(project.id, file), 200);
    expect(preview.problems).toEqual([
      { row: 2, column: 'Title', message: 'A requirement needs a title' },
      {
        row: 3,
        column: 'Key',
        message: 'A key is letters, digits, ".", "-" and "_", starting with a letter or digit',
      },
      {
        row: 4,
        column: 'Status',
        message: '"done" is not a status: use draft, approved, implemented, obsolete',
      },
      { row: 5, column: 'Key', message: 'Row 4 has this key already' },
      { row: 6, column: 'Parent', message: 'No requirement has the key NOPE-1, in the file or the project' },
      { row: 7, column: 'Parent', message: 'The parents of these rows go round in a loop' },
      { row: 8, column: 'Parent', message: 'The parents of these rows go round in a loop' },
      { row: 9, column: 'Link', message: 'Must be an http:// or https:// address' },
      { row: 13, column: 'Parent', message: 'Requirements nest at most 3 levels deep' },
    ]);
    expect(preview.problem_count).toBe(9);
    const refused = expectStatus(await importInto(project.id, file), 400);
    expect(refused.message).toBe('The file has 9 problems; nothing was imported');
    expect(refused.details[0]).toEqual({ field: 'row 2, Title', message: 'A requirement needs a title' });
    expect(await requirementsOf(project.id)).toEqual([]);

    const noTitle = expectStatus(await previewOf(project.id, 'Key\nA-1'), 200);
    expect(noTitle.problems).toEqual([
      { row: 1, column: '', message: 'Choose the column that holds the titles of the requirements' },
    ]);
    const empty = expectStatus(await importInto(project.id, 'Title\n'), 400);
    expect(empty.message).toBe('The file holds no requirements');
  });

  it('takes a mapping the client gives and reads an XLSX workbook', async () => {
    const project = await createProject(t, w.admin);
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Ref', 'Headline', 'Notes'],
      ['R-1', 'Search by name', 'Exact and partial'],
      ['R-2', 'Search by tag', ''],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Requirements');
    const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const guessed = expectStatus(await previewOf(project.id, bytes, { type }), 200);
    expect(guessed).toMatchObject({ format: 'xlsx', mapping: [null, null, null] });
    const mapping = 'key,title,description';
    const given = expectStatus(await previewOf(project.id, bytes, { type, mapping }), 200);
    expect(given).toMatchObject({ mapping: ['key', 'title', 'description'], creates: 2, problem_count: 0 });
    const wrong = expectStatus(await previewOf(project.id, bytes, { type, mapping: 'key,name,' }), 200);
    expect(wrong.problems[0]).toEqual({
      row: 1,
      column: 'Headline',
      message: '"name" is not something a column can fill',
    });
    expectStatus(await importInto(project.id, bytes, { type, mapping }), 201);
    expect((await requirementsOf(project.id)).map((r) => [r.key, r.title])).toEqual([
      ['R-1', 'Search by name'],
      ['R-2', 'Search by tag'],
    ]);
  });

  it('streams progress as JSON lines, then the result', async () => {
    const project = await createProject(t, w.admin);
    const rows = Array.from({ length: 2500 }, (_, i) => `Story ${i + 1}`);
    const res = await importInto(project.id, ['Title', ...rows].join('\n'), {
      accept: 'application/x-ndjson',
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = res.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      { done: 0, total: 2500 },
      { done: 2000, total: 2500 },
      { done: 2500, total: 2500 },
      { message: 'Imported 2,500 new requirements', created: 2500, updated: 0 },
    ]);
    const keys = await requirementsOf(project.id);
    expect(keys[0]!.key).toBe('REQ-1');
    expect(new Set(keys.map((k) => k.key)).size).toBe(2500);
  });

  it('needs edit_requirement as well when the file changes existing requirements', async () => {
    const fresh = ['Key,Title', `ADD-1,Added by a member`].join('\n');
    expectStatus(await importInto(w.project.id, fresh, { token: adder.token }), 201);
    const change = ['Key,Title', 'ADD-1,Changed by a member'].join('\n');
    const refused = expectStatus(await importInto(w.project.id, change, { token: adder.token }), 403);
    expect(refused.message).toContain('edit_requirement');
    expectStatus(await importInto(w.project.id, change), 201);
  });
});
