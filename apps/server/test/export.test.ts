import type { TestCase } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { loadPrincipal } from '../src/modules/authz/authorization.ts';
import { exportProjectCases } from '../src/modules/exports/exports-service.ts';
import { csvRecords, parseCsv } from './helpers/csv.ts';
import { addMember, createProject, createRole, createTree, createUser } from './helpers/fixtures.ts';
import { as, expectBadIds, expectGuards, expectStatus } from './helpers/requests.ts';
import { countStatements } from './helpers/statements.ts';
import { startWorld, type TestApp, type World } from './helpers/world.ts';

let t: TestApp;
let w: World;
beforeAll(async () => ({ t, w } = await startWorld()));
afterAll(() => t.close());

const casesUrl = (projectId: number) => `/api/projects/${projectId}/export/cases.csv`;
const runsUrl = (caseId: number) => `/api/test-cases/${caseId}/export/runs.csv`;

async function download(url: string, token = w.admin) {
  const res = await as(t, token).get(url);
  expect({ status: res.statusCode, body: res.body.slice(0, 200) }).toMatchObject({ status: 200 });
  return res;
}

describe('GET /api/projects/{id}/export/cases.csv', () => {
  it('answers every case with its hierarchy, latest status and roll-up, as a download', async () => {
    const project = await createProject(t, w.admin);
    const tree = await createTree(t, w.admin, project.id);
    await as(t, w.admin).del(`/api/testruns/delete/${tree.runIds[7]}`); // the loose case now last passed
    const res = await download(casesUrl(project.id));
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="project-${project.id}-cases.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    // Streamed: no length known up front.
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.body.split('\r\n')[0]).toBe(
      '"id","parent_id","suite","path","name","description","latest_status","rollup","preconditions","priority","tags","steps","expected_results","shared_steps","parameters"',
    );
    // The first eight columns are the seed's; the rich content of these plain cases follows.
    expect(
      parseCsv(res.body)
        .slice(1)
        .map((row) => row.slice(8)),
    ).toEqual(Array.from({ length: 4 }, () => ['', 'medium', '', '', '', '', '']));
    expect(
      parseCsv(res.body)
        .slice(1)
        .map((row) => row.slice(0, 8)),
    ).toEqual([
      [`${tree.caseId}`, '', 'S', 'case', 'case', '', 'failed', 'failed'],
      [`${tree.childId}`, `${tree.caseId}`, 'S', 'case / child', 'child', '', 'failed', 'failed'],
      [
        `${tree.grandchildId}`,
        `${tree.childId}`,
        'S',
        'case / child / grandchild',
        'grandchild',
        '',
        'failed',
        'failed',
      ],
      [`${tree.looseCaseId}`, '', '', 'loose', 'loose', '', 'passed', 'passed'],
    ]);
  });

  it('adds the rich content and one column per custom field, by name (rich-cases.md)', async () => {
    const project = await createProject(t, w.admin);
    const base = `/api/projects/${project.id}/case-fields`;
    const browser = expectStatus(
      await as(t, w.admin).post(base, {
        name: 'Browser',
        type: 'multiselect',
        options: ['Chrome', 'Firefox'],
      }),
      201,
    ).field;
    const automated = expectStatus(
      await as(t, w.admin).post(base, { name: 'Automated', type: 'checkbox' }),
      201,
    ).field;
    expectStatus(
      await as(t, w.admin).post(`/api/test-cases/project/${project.id}/create`, {
        name: 'Rich',
        preconditions: 'Signed in',
        priority: 'high',
        tags: ['smoke', 'ui'],
        steps: [
          { action: 'Open', expected: 'It opens' },
          { action: 'Close', expected: 'It closes' },
        ],
        custom_fields: { [browser.id]: ['Chrome', 'Firefox'], [automated.id]: true },
      }),
      201,
    );
    expectStatus(
      await as(t, w.admin).post(`/api/test-cases/project/${project.id}/create`, { name: 'Plain' }),
      201,
    );
    const { body } = await download(casesUrl(project.id));
    expect(body.split('\r\n')[0]).toContain(
      '"expected_results","shared_steps","parameters","Browser","Automated"',
    );
    const [rich, plain] = csvRecords(body);
    expect(rich).toMatchObject({
      preconditions: 'Signed in',
      priority: 'high',
      tags: 'smoke, ui',
      steps: '1. Open\n2. Close',
      expected_results: '1. It opens\n2. It closes',
      Browser: 'Chrome; Firefox',
      Automated: 'yes',
    });
    expect(plain).toMatchObject({ priority: 'medium', tags: '', steps: '', Browser: '', Automated: '' });
  });

  it('escapes quotes, commas and line breaks, and defuses spreadsheet formulas', async () => {
    const project = await createProject(t, w.admin);
    const names = [
      'Say "hello", then leave',
      '=HYPERLINK("http://evil.example","click")',
      '+1 for the plus',
      '-2 minus',
      '@SUM(A1:A2)',
      '\tTabbed',
      'Ünïcödé ✓ 名前',
    ];
    const description = 'Line one\r\nLine "two", with a comma\nand =1+1 inside';
    for (const name of names) {
      expectStatus(
        await as(t, w.admin).post(`/api/test-cases/project/${project.id}/create`, { name, description }),
        201,
      );
    }
    const { body } = await download(casesUrl(project.id));
    expect(body).toContain('"Say ""hello"", then leave"');
    const rows = csvRecords(body);
    // Names are trimmed on create, so the tab case arrives as "Tabbed".
    expect(rows.map((r) => r.name)).toEqual([
      'Say "hello", then leave',
      `'=HYPERLINK("http://evil.example","click")`,
      "'+1 for the plus",
      "'-2 minus",
      "'@SUM(A1:A2)",
      'Tabbed',
      'Ünïcödé ✓ 名前',
    ]);
    expect(rows.map((r) => r.path)).toEqual(rows.map((r) => r.name));
    // Inside text, only a formula start right after a separator is defused; this one has none.
    expect(new Set(rows.map((r) => r.description))).toEqual(new Set([description]));
  });

  it("quotes every cell, and defuses a formula after any separator a spreadsheet may split on (a case named safe;=cmd|' /C calc'!A0)", async () => {
    const project = await createProject(t, w.admin);
    const names = [
      "safe;=cmd|' /C calc'!A0",
      'a,+1+1',
      'b|@SUM(A1)',
      'c;  -2+3',
      ' =1+1',
      'plain text; nothing to defuse',
    ];
    const description = 'line one\n=HYPERLINK("http://evil.example")\ttab\t-1+1';
    for (const name of names) {
      expectStatus(
        await as(t, w.admin).post(`/api/test-cases/project/${project.id}/create`, { name, description }),
        201,
      );
    }
    const { body } = await download(casesUrl(project.id));
    expect(body).toContain(`"safe;'=cmd|' /C calc'!A0"`);
    // Every cell is quoted, the header and numbers too, so a reader that honours quotes never
    // splits inside one.
    expect(body).toMatch(/^(?:"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*\r\n)+$/);
    expect(body.split('\r\n')[0]).toBe(
      '"id","parent_id","suite","path","name","description","latest_status","rollup","preconditions","priority","tags","steps","expected_results","shared_steps","parameters"',
    );
    // And one that does not (or splits on ; | tab or a line break as well): no piece of the
    // file starts, after its opening quote and spaces, like a formula.
    const pieces = body.split(/[,;\t|\r\n]/);
    expect(pieces.filter((piece) => /^"? *[=+\-@]/.test(piece))).toEqual([]);
    // Names are trimmed on create; otherwise the text reads back as written, plus the quotes.
    expect(csvRecords(body).map((r) => r.name)).toEqual([
      "safe;'=cmd|' /C calc'!A0",
      "a,'+1+1",
      "b|'@SUM(A1)",
      "c;  '-2+3",
      "'=1+1",
      'plain text; nothing to defuse',
    ]);
    expect(new Set(csvRecords(body).map((r) => r.description))).toEqual(
      new Set(['line one\n\'=HYPERLINK("http://evil.example")\ttab\t\'-1+1']),
    );
  });

  it('streams a large project in batches: every case once, parents first, right paths and roll-ups', async () => {
    const project = await createProject(t, w.admin);
    const suite = expectStatus(
      await as(t, w.admin).post('/api/testsuites/create', { project_id: project.id, name: 'Big, "quoted"' }),
      201,
    ).suite;
    // 4,500 top-level cases (three batches of 2,000), children under every tenth, a grandchild under each child.
    await t.db.execute(sql`
      insert into test_cases (project_id, suite_id, name, description)
      select ${project.id}, ${suite.id}, 'case ' || g, 'line 1' || chr(10) || 'line 2' from generate_series(1, 4500) g`);
    await t.db.execute(sql`
      insert into test_cases (project_id, suite_id, parent_id, name)
      select project_id, suite_id, id, 'child of ' || name from test_cases
      where project_id = ${project.id} and parent_id is null and id % 10 = 0`);
    await t.db.execute(sql`
      insert into test_cases (project_id, suite_id, parent_id, name)
      select project_id, suite_id, id, 'grandchild' from test_cases
      where project_id = ${project.id} and parent_id is not null`);
    await t.db.execute(sql`
      insert into test_runs (case_id, project_id, status)
      select id, project_id, case when id % 7 = 0 then 'failed' else 'passed' end from test_cases
      where project_id = ${project.id} and id % 3 <> 0`);
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from test_cases where project_id = ${project.id}`,
    );
    expect(n).toBe(4500 + 450 + 450);

    const rows = csvRecords((await download(casesUrl(project.id))).body);
    expect(rows).toHaveLength(n);
    const ids = rows.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(n);
    const seen = new Map<number, Record<string, string>>();
    for (const row of rows) {
      if (row.parent_id) {
        const parent = seen.get(Number(row.parent_id));
        expect(parent, `parent of ${row.id}`).toBeDefined();
        expect(row.path).toBe(`${parent!.path} / ${row.name}`);
      } else expect(row.path).toBe(row.name);
      expect(row.suite).toBe('Big, "quoted"');
      seen.set(Number(row.id), row);
    }
    expect(rows.find((r) => r.name === 'grandchild')!.path).toMatch(
      /^case \d+ \/ child of case \d+ \/ grandchild$/,
    );
    // Statuses and roll-ups agree with what the case list answers.
    const listed = expectStatus(
      await as(t, w.admin).get(`/api/test-cases/suite/${suite.id}`),
      200,
    ) as TestCase[];
    expect(listed).toHaveLength(4500);
    for (const c of listed) {
      const row = seen.get(c.id)!;
      expect([row.latest_status, row.rollup]).toEqual([c.status ?? '', c.rollup ?? '']);
    }
  });

  it('reads the next batch only when the client has taken the previous one', async () => {
    const project = await createProject(t, w.admin);
    await t.db.execute(sql`
      insert into test_cases (project_id, name, description)
      select ${project.id}, 'case ' || g, repeat('x', 100) from generate_series(1, 10000) g`);
    const principal = (await loadPrincipal(t.db, 1))!;
    // Batches of 500 cases (about 60 kB of CSV each): 20 batches in all.
    let read = 0;
    let afterFirst = 0;
    const queries = await countStatements(t, async () => {
      const { stream } = await exportProjectCases(t.db, principal, project.id, 500);
      afterFirst = await countStatements(t, () => new Promise((resolve) => setTimeout(resolve, 50)));
      for await (const _chunk of stream) {
        read += 1;
        if (read === 3) break; // the client stops after the header and two batches
      }
      expect(stream.destroyed).toBe(true);
    });
    expect(afterFirst).toBe(0); // nothing is read ahead while nobody reads
    expect(read).toBe(3);
    // Access, the first batch, then about one batch per chunk taken: far from all 20.
    expect(queries).toBeLessThanOrEqual(12);
  });

  it('needs export_project in a project the caller sees', async () => {
    await expectGuards(t, w, { method: 'GET', url: casesUrl(w.project.id), permission: 'export_project' });
    expectStatus(await as(t, w.admin).get(casesUrl(999_999)), 404);
    await expectBadIds(t, w.admin, 'GET', [
      '/api/projects/abc/export/cases.csv',
      '/api/projects/0/export/cases.csv',
    ]);
    expectStatus(await as(t, w.admin).get(`${casesUrl(w.project.id)}?all=1`), 400);
    // Through the project role or a global role alike.
    const reporter = await createUser(t);
    await addMember(t, w.project.id, reporter.id, await createRole(t, ['export_project']));
    expect((await download(casesUrl(w.project.id), reporter.token)).body).toMatch(/^"id","parent_id",/);
    const global = await createUser(t, { permissions: ['export_project', 'view_all_projects'] });
    await download(casesUrl(w.project.id), global.token);
  });
});

describe('GET /api/test-cases/{id}/export/runs.csv', () => {
  it("answers the case's runs, oldest first, with executor names, in batches", async () => {
    const project = await createProject(t, w.admin);
    const tree = await createTree(t, w.admin, project.id);
    const gone = await createUser(t, { name: 'gone-user' });
    await t.db.execute(sql`
      insert into test_runs (case_id, project_id, status, executed_by)
      select ${tree.caseId}, ${project.id}, case when g % 4 = 0 then 'failed' else 'passed' end, ${gone.id}
      from generate_series(1, 4100) g`);
    const before = csvRecords((await download(runsUrl(tree.caseId))).body);
    expect(before).toHaveLength(4102);
    expect(before.filter((r) => r.executor === 'gone-user')).toHaveLength(4100);
    await t.db.execute(sql`delete from users where id = ${gone.id}`);

    const res = await download(runsUrl(tree.caseId));
    expect(res.headers['content-disposition']).toBe(`attachment; filename="case-${tree.caseId}-runs.csv"`);
    expect(res.body.split('\r\n')[0]).toBe('"id","status","executed_by","executor","created_at"');
    const rows = csvRecords(res.body);
    expect(rows).toHaveLength(4102);
    expect(rows.slice(0, 2)).toEqual([
      {
        id: `${tree.runIds[0]}`,
        status: 'passed',
        executed_by: '1',
        executor: 'admin',
        created_at: expect.any(String),
      },
      {
        id: `${tree.runIds[1]}`,
        status: 'failed',
        executed_by: '1',
        executor: 'admin',
        created_at: expect.any(String),
      },
    ]);
    expect(rows[0]!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // The executor's id stays once the user is deleted; the name is empty.
    expect(rows[2]).toMatchObject({ executed_by: `${gone.id}`, executor: '' });
    const ids = rows.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(rows.filter((r) => r.status === 'failed')).toHaveLength(1 + 1025);
  });

  it('answers a header only for a case without runs', async () => {
    const c = expectStatus(
      await as(t, w.admin).post(`/api/test-cases/project/${w.project.id}/create`, { name: 'never ran' }),
      201,
    ).testCase;
    expect((await download(runsUrl(c.id))).body).toBe(
      '"id","status","executed_by","executor","created_at"\r\n',
    );
  });

  it('needs export_project in the case project the caller sees', async () => {
    const tree = await createTree(t, w.admin, w.project.id);
    await expectGuards(t, w, { method: 'GET', url: runsUrl(tree.childId), permission: 'export_project' });
    expect(expectStatus(await as(t, w.admin).get(runsUrl(999_999)), 404)).toEqual({
      message: 'Test case not found',
      code: 'not_found',
    });
    await expectBadIds(t, w.admin, 'GET', ['/api/test-cases/abc/export/runs.csv']);
  });
});
