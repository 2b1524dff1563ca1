import type { CaseSearchHit } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { parseCaseQuery } from '../src/modules/search/case-query.ts';
import { addMember, createProject, createRole, createUser } from './helpers/fixtures.ts';
import { as, expectGuards, expectStatus } from './helpers/requests.ts';
import { startWorld, type TestApp, type World } from './helpers/world.ts';

/** docs/product/search.md: the search language through the HTTP API, on a real database. */

let t: TestApp;
let w: World;
const ids: Record<string, number> = {};
let adminId: number;

const admin = () => as(t, w.admin);
const post = async (url: string, body: object) => expectStatus(await admin().post(url, body), 201);

beforeAll(async () => {
  ({ t, w } = await startWorld());
  const p = w.project.id;
  const checkout = (await post('/api/testsuites/create', { project_id: p, name: 'Checkout' })).suite.id;
  const login = (await post('/api/testsuites/create', { project_id: p, name: 'Login Flow' })).suite.id;
  const browser = (
    await post(`/api/projects/${p}/case-fields`, {
      name: 'Browser',
      type: 'select',
      options: ['Chrome', 'Firefox'],
    })
  ).field.id;
  const automated = (await post(`/api/projects/${p}/case-fields`, { name: 'Automated', type: 'checkbox' }))
    .field.id;
  const make = async (name: string, url: string, body: object = {}) => {
    ids[name] = (await post(url, { name, ...body })).testCase.id;
  };
  await make('Pay by card', `/api/test-cases/suite/${checkout}/create`, {
    description: 'Uses the **saved** card',
    priority: 'high',
    tags: ['smoke', 'payments'],
    steps: [{ action: 'Open the cart', expected: 'A receipt shows' }],
    custom_fields: { [browser]: 'Chrome', [automated]: true },
  });
  await make('Pay by invoice', `/api/test-cases/suite/${checkout}/create`, {
    preconditions: 'A business account',
    priority: 'low',
    tags: ['payments'],
    custom_fields: { [browser]: 'Firefox' },
  });
  await make('Declined card', `/api/test-cases/parent/${ids['Pay by card']}/create`, { tags: ['smoke'] });
  await make('Sign in', `/api/test-cases/suite/${login}/create`, { priority: 'critical' });
  await make('Loose 100% case', `/api/test-cases/project/${p}/create`);
  // Runs: the child failed (so its parent's roll-up fails), Sign in passed.
  await post(`/api/testruns/create/${ids['Declined card']}`, { status: 'failed' });
  await post(`/api/testruns/create/${ids['Pay by card']}`, { status: 'passed' });
  await post(`/api/testruns/create/${ids['Sign in']}`, { status: 'passed' });
  // An open cycle with Sign in assigned to the admin.
  [{ id: adminId } = { id: 0 }] = await queryRows<{ id: number }>(
    t.db,
    sql`select id from users where parent_id is null order by id limit 1`,
  );
  const cycle = (await post(`/api/projects/${p}/cycles`, { name: 'R1', case_ids: [ids['Sign in']] })).cycle;
  const items = expectStatus(await admin().get(`/api/cycles/${cycle.id}/items`), 200).items;
  expectStatus(
    await admin().put(`/api/cycles/${cycle.id}/assign`, { item_ids: [items[0].id], assignee_id: adminId }),
    200,
  );
});
afterAll(() => t.close());

async function search(
  q: string,
  extra = '',
): Promise<{ names: string[]; total: number; items: CaseSearchHit[] }> {
  const page = expectStatus(
    await admin().get(`/api/projects/${w.project.id}/cases/search?q=${encodeURIComponent(q)}${extra}`),
    200,
  );
  return { names: page.items.map((c: CaseSearchHit) => c.name), total: page.total, items: page.items };
}

describe('the search language', () => {
  it('parses words, phrases, fields, quoted values and names, and negation', () => {
    expect(parseCaseQuery('pay "saved card" -tag:smoke "browser name":"Chrome 120" -x').terms).toMatchObject([
      { kind: 'text', text: 'pay', negated: false, index: 0 },
      { kind: 'text', text: 'saved card', negated: false, index: 1 },
      { kind: 'field', field: 'tag', value: 'smoke', negated: true, index: 2 },
      { kind: 'field', field: 'browser name', value: 'Chrome 120', negated: false, index: 3 },
      { kind: 'text', text: 'x', negated: true, index: 4 },
    ]);
    expect(parseCaseQuery('tag:"open').problems).toEqual([
      { index: 0, source: 'tag:"open', message: 'A quote is not closed' },
    ]);
    expect(parseCaseQuery('priority:').problems[0]!.message).toBe('priority: needs a value');
  });

  it('words and phrases match name, description, preconditions and steps, ignoring case', async () => {
    expect((await search('PAY')).names).toEqual(['Pay by card', 'Pay by invoice']);
    // A phrase matches as written, in that order.
    expect((await search('"uses the **saved"')).names).toEqual(['Pay by card']);
    expect((await search('"card uses"')).names).toEqual([]);
    expect((await search('receipt')).names).toEqual(['Pay by card']);
    expect((await search('business account')).names).toEqual(['Pay by invoice']);
    expect((await search('100%')).names).toEqual(['Loose 100% case']);
    expect((await search('')).total).toBe(5);
  });

  it('filters by tag, priority, status, roll-up, suite and assignee, and negates any term', async () => {
    expect((await search('tag:SMOKE')).names).toEqual(['Pay by card', 'Declined card']);
    expect((await search('tag:payments -tag:smoke')).names).toEqual(['Pay by invoice']);
    expect((await search('priority:high')).names).toEqual(['Pay by card']);
    expect((await search('-priority:medium')).names).toEqual(['Pay by card', 'Pay by invoice', 'Sign in']);
    expect((await search('status:failed')).names).toEqual(['Declined card']);
    expect((await search('status:none')).names).toEqual(['Pay by invoice', 'Loose 100% case']);
    expect((await search('rollup:failed')).names).toEqual(['Pay by card', 'Declined card']);
    expect((await search('rollup:passed')).names).toEqual(['Sign in']);
    expect((await search('rollup:none')).names).toEqual(['Pay by invoice', 'Loose 100% case']);
    expect((await search('suite:"login flow"')).names).toEqual(['Sign in']);
    expect((await search('suite:none')).names).toEqual(['Loose 100% case']);
    expect((await search('assignee:me')).names).toEqual(['Sign in']);
    expect((await search('-assignee:me suite:checkout')).names).toEqual([
      'Pay by card',
      'Pay by invoice',
      'Declined card',
    ]);
  });

  it('filters by milestone, by name ignoring case, its sub-milestones’ cycles included', async () => {
    const p = w.project.id;
    const release = (await post(`/api/projects/${p}/milestones`, { name: 'Release 2.3' })).milestone;
    const sprint = (await post(`/api/projects/${p}/milestones`, { name: 'Sprint 9', parent_id: release.id }))
      .milestone;
    await post(`/api/projects/${p}/cycles`, {
      name: 'In the release',
      milestone_id: release.id,
      case_ids: [ids['Pay by invoice']],
    });
    await post(`/api/projects/${p}/cycles`, {
      name: 'In the sprint',
      milestone_id: sprint.id,
      case_ids: [ids['Loose 100% case']],
    });
    expect((await search('milestone:"release 2.3"')).names.sort()).toEqual([
      'Loose 100% case',
      'Pay by invoice',
    ]);
    expect((await search('milestone:"Sprint 9"')).names).toEqual(['Loose 100% case']);
    expect((await search('milestone:"Release 2.3" priority:low')).names).toEqual(['Pay by invoice']);
    expect((await search('milestone:none')).names).not.toContain('Pay by invoice');
    expect((await search('milestone:none')).names).toContain('Sign in');
    expect((await search('milestone:nothing')).names).toEqual([]);
  });

  it('filters by custom fields, by their names', async () => {
    expect((await search('browser:chrome')).names).toEqual(['Pay by card']);
    expect((await search('Browser:Firefox')).names).toEqual(['Pay by invoice']);
    expect((await search('automated:yes')).names).toEqual(['Pay by card']);
    expect((await search('automated:no')).total).toBe(4);
  });

  it('answers each hit with its path, a page at a time, with the total', async () => {
    const { items } = await search('declined');
    expect(items[0]).toMatchObject({
      name: 'Declined card',
      suite_name: 'Checkout',
      ancestors: ['Pay by card'],
      status: 'failed',
      rollup: 'failed',
      tags: ['smoke'],
    });
    const page = await search('', '&limit=2&offset=2');
    expect(page.total).toBe(5);
    expect(page.names).toEqual(['Declined card', 'Sign in']);
  });

  it('a term it cannot understand is a 400 at that term, never a 500', async () => {
    const url = (q: string) => `/api/projects/${w.project.id}/cases/search?q=${encodeURIComponent(q)}`;
    const bad = expectStatus(await admin().get(url('pay priority:urgent colour:red')), 400);
    expect(bad.message).toBe('priority:urgent: Unknown priority "urgent": use critical, high, medium or low');
    expect(bad.details.map((d: { field: string }) => d.field)).toEqual(['q.1', 'q.2']);
    expect(bad.details[1].message).toContain('Unknown field "colour"');
    for (const q of ['status:maybe', 'rollup:x', 'automated:perhaps', 'tag:"open', ':x', 'browser:']) {
      expectStatus(await admin().get(url(q)), 400);
    }
    await expectGuards(t, w, { method: 'GET', url: url('pay') });
  });

  it('saves searches per person and project: listed by name, understood before saved, theirs only', async () => {
    const base = `/api/projects/${w.project.id}/saved-searches`;
    const saved = expectStatus(
      await admin().post(base, { name: '  Smoke failures ', q: 'tag:smoke status:failed' }),
      201,
    );
    expect(saved).toMatchObject({
      message: 'Search saved',
      search: { name: 'Smoke failures', q: 'tag:smoke status:failed' },
    });
    expectStatus(await admin().post(base, { name: 'A first', q: 'priority:high' }), 201);
    expect(expectStatus(await admin().get(base), 200).searches.map((s: { name: string }) => s.name)).toEqual([
      'A first',
      'Smoke failures',
    ]);
    expectStatus(await admin().post(base, { name: 'smoke FAILURES', q: 'x' }), 409);
    const bad = expectStatus(await admin().post(base, { name: 'Bad', q: 'priority:urgent' }), 400);
    expect(bad.details[0].field).toBe('q.0');
    // Another person sees none of them and cannot delete them.
    await expectGuards(t, w, { method: 'GET', url: base, permission: 'home_test_case' });
    const reader = await createUser(t);
    await addMember(t, w.project.id, reader.id, await createRole(t, ['home_test_case']));
    expect(expectStatus(await as(t, reader.token).get(base), 200).searches).toEqual([]);
    expectStatus(await as(t, reader.token).del(`/api/saved-searches/${saved.search.id}`), 404);
    expectStatus(await admin().del(`/api/saved-searches/${saved.search.id}`), 200);
    expectStatus(await admin().del(`/api/saved-searches/${saved.search.id}`), 404);
  });

  it('joins terms with OR in capitals and groups them in parentheses; AND binds tighter', async () => {
    expect((await search('tag:smoke OR priority:critical')).names).toEqual([
      'Pay by card',
      'Declined card',
      'Sign in',
    ]);
    // (payments and low) or critical, not payments and (low or critical).
    expect((await search('tag:payments priority:low OR priority:critical')).names).toEqual([
      'Pay by invoice',
      'Sign in',
    ]);
    expect((await search('tag:payments (priority:low OR priority:critical)')).names).toEqual([
      'Pay by invoice',
    ]);
    expect((await search('-(tag:smoke OR tag:payments)')).names).toEqual(['Sign in', 'Loose 100% case']);
    expect((await search('(tag:smoke -(priority:high)) OR (suite:none)')).names).toEqual([
      'Declined card',
      'Loose 100% case',
    ]);
    expect((await search(`${'('.repeat(10)}tag:smoke OR sign${')'.repeat(10)}`)).total).toBe(3);
    // Values are parameters: quotes and parentheses in them are only text.
    expect((await search(`(tag:"x') or true --" OR "sign in")`)).names).toEqual(['Sign in']);
    // Only OR in capitals joins; "OR" quoted, or, and f(x) are words.
    expect(parseCaseQuery('a or "OR" f(x)').terms.map((term) => term.kind)).toEqual([
      'text',
      'text',
      'text',
      'text',
    ]);
    expect(parseCaseQuery('f(x)').terms).toMatchObject([{ kind: 'text', text: 'f(x)' }]);
  });

  it('refuses unbalanced parentheses, a lone OR and too deep or too long a query, at their place', async () => {
    const url = (q: string) => `/api/projects/${w.project.id}/cases/search?q=${encodeURIComponent(q)}`;
    const refused = async (q: string) => expectStatus(await admin().get(url(q)), 400);
    const open = await refused('tag:smoke (priority:high OR sign');
    expect(open.message).toBe('(: This parenthesis at character 11 is never closed: add ")"');
    expect(open.details).toEqual([{ field: 'q.1', message: open.message }]);
    const stray = await refused('tag:smoke) pay');
    expect(stray.message).toBe(
      '): Nothing opened this parenthesis at character 10: remove it or add "(" before it',
    );
    expect(stray.details[0].field).toBe('q.1');
    expect((await refused('OR tag:smoke')).message).toBe('OR: needs a term on each side (at character 1)');
    expect((await refused('(tag:smoke OR)')).details[0].field).toBe('q.2');
    expect((await refused('pay ()')).message).toBe('(: This group at character 5 holds no term');
    expect((await refused(`${'('.repeat(11)}x${')'.repeat(11)}`)).message).toBe(
      '(: Parentheses nest at most 10 deep (at character 11)',
    );
    expect((await refused(Array.from({ length: 51 }, (_, i) => `w${i}`).join(' '))).details).toEqual([
      { field: 'q.50', message: 'w50: A query holds at most 50 terms' },
    ]);
    // Bounded for any input: a query of the longest length, all parentheses, answers at once.
    expectStatus(await admin().get(url('('.repeat(1000))), 400);
    expectStatus(await admin().get(url(')'.repeat(1000))), 400);
  });

  it('saved searches and bulk selection by query read OR and parentheses the same way', async () => {
    const base = `/api/projects/${w.project.id}/saved-searches`;
    const q = 'tag:smoke OR priority:critical';
    expectStatus(await admin().post(base, { name: 'Smoke or critical', q }), 201);
    const bad = expectStatus(await admin().post(base, { name: 'Unclosed', q: '(tag:smoke' }), 400);
    expect(bad.details[0].field).toBe('q.0');
    const preview = (selection: object) =>
      admin().post(`/api/projects/${w.project.id}/cases/bulk/preview`, { selection });
    expect(expectStatus(await preview({ q }), 200)).toMatchObject({ cases: 3 });
    expectStatus(await preview({ q: 'tag:smoke)' }), 400);
  });

  it('counts matches up to 1,000 and says when there are more', async () => {
    const project = await createProject(t, w.admin);
    await t.db.execute(sql`
      insert into test_cases (project_id, name) select ${project.id}, 'Many ' || g from generate_series(1, 1005) g`);
    const url = (q: string, extra = '') =>
      `/api/projects/${project.id}/cases/search?q=${encodeURIComponent(q)}${extra}`;
    const all = expectStatus(await admin().get(url('many')), 200);
    expect(all).toMatchObject({ total: 1000, total_capped: true });
    expect(all.items).toHaveLength(50);
    const last = expectStatus(await admin().get(url('many', '&offset=990&limit=50')), 200);
    expect(last.items.map((c: CaseSearchHit) => c.name)).toHaveLength(10);
    expect(expectStatus(await admin().get(url('many', '&offset=1000')), 200).items).toEqual([]);
    const few = expectStatus(await admin().get(url('"many 100"')), 200);
    // Many 100 and 1000–1005.
    expect(few).toMatchObject({ total: 7, total_capped: false });
  });

  it('follows runs as they are recorded, edited and deleted (status: and rollup:)', async () => {
    const project = await createProject(t, w.admin);
    const created = expectStatus(
      await admin().post(`/api/test-cases/project/${project.id}/create`, { name: 'Runs here' }),
      201,
    ).testCase.id;
    const child = expectStatus(
      await admin().post(`/api/test-cases/parent/${created}/create`, { name: 'Child here' }),
      201,
    ).testCase.id;
    const found = async (q: string) =>
      expectStatus(
        await admin().get(`/api/projects/${project.id}/cases/search?q=${encodeURIComponent(q)}`),
        200,
      ).items.map((c: CaseSearchHit) => c.name);
    const run = expectStatus(await admin().post(`/api/testruns/create/${child}`, { status: 'failed' }), 201);
    expect(await found('status:failed')).toEqual(['Child here']);
    expect(await found('rollup:failed')).toEqual(['Runs here', 'Child here']);
    expectStatus(await admin().put(`/api/testruns/update/${run.testRun.id}`, { status: 'passed' }), 200);
    expect(await found('status:failed')).toEqual([]);
    expect(await found('status:passed')).toEqual(['Child here']);
    expect(await found('rollup:passed')).toEqual(['Runs here', 'Child here']);
    expectStatus(await admin().del(`/api/testruns/delete/${run.testRun.id}`), 200);
    expect(await found('status:passed')).toEqual([]);
    expect(await found('rollup:none')).toEqual(['Runs here', 'Child here']);
  });
});
