import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createWorld, expectStatus, type World } from './helpers/fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import {
  cell,
  repeatedDeflate,
  SHEET_HEAD,
  SHEET_TAIL,
  sharedStringsXml,
  sheetXml,
  workbookOf,
  zipOf,
} from './helpers/xlsx-files.ts';

/**
 * docs/product/case-import.md, "Bounds": files built to cost the server (zip bombs, millions of
 * columns, huge cells) are refused at the bound they pass, and are read off the server's thread.
 */

let t: TestApp;
let w: World;
let projectId: number;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function preview(file: string | Buffer, type = typeof file === 'string' ? 'text/csv' : XLSX_TYPE) {
  return t.request({
    method: 'POST',
    url: `/api/projects/${projectId}/case-imports/preview`,
    token: w.admin,
    payload: typeof file === 'string' ? Buffer.from(file) : file,
    headers: { 'content-type': type },
  });
}

/** The answer and how long it took. */
async function timed(file: string | Buffer) {
  const started = performance.now();
  const res = await preview(file);
  return { res, ms: performance.now() - started };
}

const message = (res: { body: string }) => JSON.parse(res.body).message as string;
/**
 * "At once": well below what the same files cost the server when it read the whole of them (a
 * minute and more), with room for a busy CI machine; the answers themselves name the bound.
 */
const AT_ONCE_MS = 15_000;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  projectId = (await createProject(t, w.admin)).id;
});
afterAll(() => t.close());

describe('case import bounds: XLSX archives', () => {
  it('refuses a zip bomb from its central directory, before inflating it', async () => {
    // 1 MB of spaces, packed to about 1 KB, 300 times: 300 MB of sheet in a file of 300 KB.
    const sheet = repeatedDeflate(SHEET_HEAD, ' '.repeat(1024 * 1024), 300, SHEET_TAIL);
    const { res, ms } = await timed(workbookOf({ deflated: sheet }));
    expect(res.statusCode, res.body).toBe(413);
    expect(message(res)).toBe('The workbook unpacks to more than the limit of 200 MB (300 MB)');
    expect(ms).toBeLessThan(AT_ONCE_MS);
  });

  it('refuses a part that unpacks to more than 100 times its packed size', async () => {
    const sheet = repeatedDeflate(SHEET_HEAD, ' '.repeat(1024 * 1024), 20, SHEET_TAIL);
    const res = await preview(workbookOf({ deflated: sheet }));
    expect(res.statusCode, res.body).toBe(413);
    expect(message(res)).toBe('A part of a workbook unpacks to at most 100 times its packed size');
  });

  it('stops inflating a part that unpacks to more than its declared size', async () => {
    // The central directory says 50 KB (too small for the ratio to count); it inflates to 300 MB.
    const sheet = repeatedDeflate(SHEET_HEAD, ' '.repeat(1024 * 1024), 300, SHEET_TAIL);
    const { res, ms } = await timed(workbookOf({ deflated: sheet, declaredSize: 50_000 }));
    expect(res.statusCode, res.body).toBe(413);
    expect(message(res)).toBe('A part of the workbook unpacks to more than its declared size');
    expect(ms).toBeLessThan(AT_ONCE_MS);
  });

  it('refuses an archive of more than 500 parts', async () => {
    const parts = Array.from({ length: 501 }, (_, i) => ({ name: `xl/media/p${i}.xml`, text: '<a/>' }));
    const res = await preview(zipOf(parts));
    expect(res.statusCode, res.body).toBe(400);
    expect(message(res)).toBe('A workbook holds at most 500 parts; this one has 501');
  });

  it('reads the cells a sheet holds, not the range its dimension declares', async () => {
    const sheet = sheetXml(
      [
        ['Name', 'Suite'],
        ['Open the app', 'Smoke'],
      ],
      '<dimension ref="A1:XFD1048576"/>',
    );
    const { res, ms } = await timed(workbookOf({ text: sheet }));
    const body = expectStatus(res, 200);
    expect(body).toMatchObject({ format: 'xlsx', columns: ['Name', 'Suite'], cases: 1, problem_count: 0 });
    expect(ms).toBeLessThan(AT_ONCE_MS);
  });
});

describe('case import bounds: rows, columns and cells', () => {
  it('refuses more than 200 columns in a CSV file, at the 201st cell', async () => {
    const header = Array.from({ length: 201 }, (_, i) => `C${i + 1}`).join(',');
    const res = await preview(`${header}\nx\n`);
    expect(res.statusCode, res.body).toBe(400);
    expect(message(res)).toBe('A file holds at most 200 columns');
    // Four million columns: refused as soon as the 201st is read.
    const { res: wide, ms } = await timed(`${'a,'.repeat(4_000_000)}a\n`);
    expect(wide.statusCode).toBe(400);
    expect(message(wide)).toBe('A file holds at most 200 columns');
    expect(wide.body.length).toBeLessThan(200);
    expect(ms).toBeLessThan(AT_ONCE_MS);
  });

  it('refuses a cell past the 200th column or a row past the 100,000th below the header', async () => {
    const wide = workbookOf({
      text: `${SHEET_HEAD}<row r="1">${cell('A1', 'Name')}${cell('GS1', 'x')}</row>${SHEET_TAIL}`,
    });
    const res = await preview(wide);
    expect(res.statusCode, res.body).toBe(400);
    expect(message(res)).toBe('A file holds at most 200 columns');
    const far = cell('XFD1048576', 'x');
    const corner = await preview(
      workbookOf({ text: `${SHEET_HEAD}<row r="1048576">${far}</row>${SHEET_TAIL}` }),
    );
    expect(corner.statusCode, corner.body).toBe(400);
    const deep = workbookOf({
      text: `${SHEET_HEAD}<row r="100002">${cell('A100002', 'x')}</row>${SHEET_TAIL}`,
    });
    const tooDeep = await preview(deep);
    expect(tooDeep.statusCode, tooDeep.body).toBe(400);
    expect(message(tooDeep)).toBe('A file holds at most 100,000 rows; split it');
    const csv = await preview(`Name\n${'x\n'.repeat(100_001)}`);
    expect(csv.statusCode, csv.body).toBe(400);
    expect(message(csv)).toBe('A file holds at most 100,000 rows; split it');
    expect((await preview(`Name\n${'x\n'.repeat(100_000)}`)).statusCode).toBe(200);
  });

  it('refuses a cell of more than 65,536 characters, in CSV and XLSX', async () => {
    const csv = await preview(`Name,Description\nA case,${'d'.repeat(65_537)}\n`);
    expect(csv.statusCode, csv.body).toBe(400);
    expect(message(csv)).toBe('A cell holds at most 65,536 characters (row 2)');
    // A quoted cell that never ends stops at the longest a row can be, not at the end of the file.
    const { res: open, ms } = await timed(`Name,Description\nA case,"${'d'.repeat(49 * 1024 * 1024)}`);
    expect(open.statusCode, open.body).toBe(400);
    expect(message(open)).toMatch(/^A cell holds at most 65,536 characters/);
    expect(ms).toBeLessThan(AT_ONCE_MS);
    const inline = await preview(workbookOf({ text: sheetXml([['Name'], ['d'.repeat(65_537)]]) }));
    expect(inline.statusCode, inline.body).toBe(400);
    expect(message(inline)).toBe('A cell holds at most 65,536 characters (row 2)');
    const shared = workbookOf(
      { text: `${SHEET_HEAD}<row r="1"><c r="A1" t="s"><v>0</v></c></row>${SHEET_TAIL}` },
      { text: sharedStringsXml(['d'.repeat(65_537)]) },
    );
    const sharedRes = await preview(shared);
    expect(sharedRes.statusCode, sharedRes.body).toBe(400);
    expect(message(sharedRes)).toBe('A cell holds at most 65,536 characters');
  });

  it('refuses a workbook whose cells hold more than 50 MB of text in all', async () => {
    // One shared string of 60,000 characters in 900 cells: 54 million characters from a small file.
    const rows = Array.from(
      { length: 900 },
      (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="s"><v>0</v></c></row>`,
    ).join('');
    const file = workbookOf(
      { text: `${SHEET_HEAD}${rows}${SHEET_TAIL}` },
      { text: sharedStringsXml(['n'.repeat(60_000)]) },
    );
    const res = await preview(file);
    expect(res.statusCode, res.body).toBe(413);
    expect(message(res)).toBe('The cells of a file hold at most 50 MB of text in all');
  });

  it('quotes at most the first 200 characters of a cell in the preview and its problems', async () => {
    const long = (c: string) => c.repeat(60_000);
    const file = `Name,Priority,Suite,${long('h')}\n${long('n')},${long('p')},${long('s')},x\n`;
    const res = await preview(file);
    const body = expectStatus(res, 200);
    expect(res.body.length).toBeLessThan(3000);
    expect(body.columns[3]).toBe(`${'h'.repeat(200)}…`);
    expect(body.preview[0].name).toBe(`${'n'.repeat(200)}…`);
    expect(body.preview[0].suite).toBe(`${'s'.repeat(200)}…`);
    expect(body.suites_to_create).toEqual([`${'s'.repeat(200)}…`]);
    expect(body.problems).toContainEqual({
      row: 2,
      column: 'Priority',
      message: `"${'p'.repeat(200)}…" is not a priority: use critical, high, medium or low`,
    });
    expect(body.problems).toContainEqual({
      row: 2,
      column: 'Name',
      message: 'A name holds at most 255 characters',
    });
  });
});

describe('case import bounds: the server keeps answering', () => {
  it('reads a file on a thread of its own: health answers while a large sheet is read', async () => {
    // 60,000 rows of 25 formatted empty cells, a case every 100th: 30 MB of sheet, legal and slow
    // to read, with a small table at the end of it.
    const empty = (r: number) =>
      [...'BCDEFGHIJKLMNOPQRSTUVWXYZ'].map((l) => `<c r="${l}${r}" s="1"/>`).join('');
    const rows = [`<row r="1">${cell('A1', 'Name')}</row>`];
    for (let r = 2; r <= 60_001; r++) {
      rows.push(`<row r="${r}">${r % 100 === 0 ? cell(`A${r}`, `Case ${r}`) : ''}${empty(r)}</row>`);
    }
    const file = workbookOf({ text: `${SHEET_HEAD}${rows.join('')}${SHEET_TAIL}` });
    const stalls = monitorEventLoopDelay({ resolution: 10 });
    stalls.enable();
    const reading = preview(file).then((res) => ({ res, at: performance.now() }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const healthAt = performance.now();
    const { res, at } = await reading;
    stalls.disable();
    expect(health.statusCode).toBe(200);
    expect(expectStatus(res, 200)).toMatchObject({ cases: 600, problem_count: 0 });
    expect(healthAt).toBeLessThan(at);
    // Read on the server's own thread, this file stopped it for about 2.5 s at once; read on its
    // own thread, the server's longest pause is tens of milliseconds (room left for a busy machine).
    expect(stalls.max / 1e6).toBeLessThan(1800);
  });
});
