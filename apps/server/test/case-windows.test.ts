import { CASE_WINDOW_MAX } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  as,
  createRole,
  createTree,
  createUser,
  createWorld,
  expectBadIds,
  expectGuards,
  expectStatus,
  type Tree,
  type World,
} from './helpers/fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Windows of the case lists (docs/product/cases.md, "Windows of a list"): a window and the
 * list's total, in the same order and with the same access as the whole lists, which keep
 * answering whole.
 */

let t: TestApp;
let w: World;
let tree: Tree;
/** The suite of createTree holds 1 + SUITE_EXTRA top-level cases; its first case 1 + CHILDREN children. */
const SUITE_EXTRA = 1_202;
const CHILDREN = 7;
const LOOSE_EXTRA = 3;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  tree = await createTree(t, w.admin, w.project.id);
  const project = w.project.id;
  await t.db.execute(sql`
    insert into test_cases (project_id, suite_id, name)
    select ${project}, ${tree.suiteId}, 'Suite case ' || g from generate_series(1, ${SUITE_EXTRA}) g`);
  await t.db.execute(sql`
    insert into test_cases (project_id, suite_id, parent_id, name)
    select ${project}, ${tree.suiteId}, ${tree.caseId}, 'Child ' || g from generate_series(1, ${CHILDREN}) g`);
  await t.db.execute(sql`
    insert into test_cases (project_id, suite_id, name)
    select ${project}, null, 'Loose ' || g from generate_series(1, ${LOOSE_EXTRA}) g`);
});
afterAll(() => t.close());

const get = async (url: string) => expectStatus(await as(t, w.admin).get(url), 200);

/** Every window of `url` of `size`, joined, and the totals each answered. */
async function allWindows(url: string, size: number) {
  const items: unknown[] = [];
  const totals = new Set<number>();
  for (let offset = 0; ; offset += size) {
    const page = await get(`${url}${url.includes('?') ? '&' : '?'}offset=${offset}&limit=${size}`);
    totals.add(page.total);
    items.push(...page.items);
    if (page.items.length < size) return { items, totals: [...totals] };
  }
}

describe('windows of the case lists', () => {
  it("GET /api/suites/{id}/cases: windows of the suite's top-level cases, in the whole list's order", async () => {
    const whole = await get(`/api/test-cases/suite/${tree.suiteId}`);
    expect(whole).toHaveLength(1 + SUITE_EXTRA);
    const joined = await allWindows(`/api/suites/${tree.suiteId}/cases`, CASE_WINDOW_MAX);
    expect(joined.items).toEqual(whole);
    expect(joined.totals).toEqual([whole.length]);

    // 100 by default; a window from the middle is that slice of the whole list.
    const first = await get(`/api/suites/${tree.suiteId}/cases`);
    expect(first).toEqual({ items: whole.slice(0, 100), total: whole.length });
    const middle = await get(`/api/suites/${tree.suiteId}/cases?offset=25&limit=25`);
    expect(middle).toEqual({ items: whole.slice(25, 50), total: whole.length });
    // Past the end: no items, the same total.
    expect(await get(`/api/suites/${tree.suiteId}/cases?offset=5000`)).toEqual({
      items: [],
      total: whole.length,
    });
  });

  it("GET /api/test-cases/{id}/children: windows of a case's children", async () => {
    const whole = await get(`/api/test-cases/parent/${tree.caseId}`);
    expect(whole).toHaveLength(1 + CHILDREN);
    const joined = await allWindows(`/api/test-cases/${tree.caseId}/children`, 3);
    expect(joined.items).toEqual(whole);
    expect(joined.totals).toEqual([whole.length]);
    // Each child as the whole list answers it: roll-up and has_children included.
    expect(await get(`/api/test-cases/${tree.childId}/children`)).toEqual({
      items: await get(`/api/test-cases/parent/${tree.childId}`),
      total: 1,
    });
    expect(await get(`/api/test-cases/${tree.grandchildId}/children`)).toEqual({ items: [], total: 0 });
  });

  it("GET /api/projects/{id}/cases: the project's top-level cases, or those in no suite", async () => {
    const whole = await get(`/api/test-cases/project/${w.project.id}`);
    const joined = await allWindows(`/api/projects/${w.project.id}/cases`, 400);
    expect(joined.items).toEqual(whole);
    expect(joined.totals).toEqual([whole.length]);

    const outside = whole.filter((c: { suite_id: number | null }) => c.suite_id === null);
    expect(outside).toHaveLength(1 + LOOSE_EXTRA);
    expect(await get(`/api/projects/${w.project.id}/cases?outside_suites=true&limit=2`)).toEqual({
      items: outside.slice(0, 2),
      total: outside.length,
    });
    expect(await get(`/api/projects/${w.project.id}/cases?outside_suites=false&limit=2`)).toEqual({
      items: whole.slice(0, 2),
      total: whole.length,
    });
  });

  it('a window follows writes: a new case counts and shows at the end', async () => {
    const before = await get(`/api/suites/${tree.suiteId}/cases?limit=1`);
    const created = expectStatus(
      await as(t, w.admin).post(`/api/test-cases/suite/${tree.suiteId}/create`, { name: 'Newest' }),
      201,
    ).testCase;
    const after = await get(`/api/suites/${tree.suiteId}/cases?offset=${before.total}`);
    expect(after.total).toBe(before.total + 1);
    expect(after.items.map((c: { id: number }) => c.id)).toEqual([created.id]);
    expectStatus(await as(t, w.admin).del(`/api/test-cases/delete/${created.id}`), 200);
  });

  it('bounds: limit 1 to 500, offset from 0, nothing else; 400 with {message, code}', async () => {
    const urls = [
      `/api/suites/${tree.suiteId}/cases?limit=0`,
      `/api/suites/${tree.suiteId}/cases?limit=${CASE_WINDOW_MAX + 1}`,
      `/api/suites/${tree.suiteId}/cases?offset=-1`,
      `/api/test-cases/${tree.caseId}/children?limit=x`,
      `/api/test-cases/${tree.caseId}/children?outside_suites=true`,
      `/api/projects/${w.project.id}/cases?outside_suites=maybe`,
      `/api/projects/${w.project.id}/cases?q=case`,
    ];
    for (const url of urls) {
      const refused = expectStatus(await as(t, w.admin).get(url), 400);
      expect(refused).toMatchObject({ message: expect.any(String), code: 'invalid_request' });
    }
    expect((await get(`/api/suites/${tree.suiteId}/cases?limit=${CASE_WINDOW_MAX}`)).items).toHaveLength(
      CASE_WINDOW_MAX,
    );
    await expectBadIds(t, w.admin, 'GET', [
      '/api/suites/0/cases',
      '/api/test-cases/abc/children',
      '/api/projects/-3/cases',
    ]);
  });

  it('need home_test_case and hide hidden projects, answering as the whole lists do', async () => {
    const viewer = await createUser(t);
    await addMember(t, w.project.id, viewer.id, await createRole(t, ['home_test_case']));
    const pairs = [
      [`/api/suites/${tree.suiteId}/cases`, `/api/test-cases/suite/${tree.suiteId}`],
      [`/api/test-cases/${tree.caseId}/children`, `/api/test-cases/parent/${tree.caseId}`],
      [`/api/projects/${w.project.id}/cases`, `/api/test-cases/project/${w.project.id}`],
    ] as const;
    const missingOf = (url: string) => url.replace(/\/\d+(\/|$)/, '/999999$1');
    for (const [windowUrl, wholeUrl] of pairs) {
      await expectGuards(t, w, { method: 'GET', url: windowUrl, permission: 'home_test_case' });
      expect(expectStatus(await as(t, viewer.token).get(windowUrl), 200).total).toBeGreaterThan(0);
      for (const [token, url, seed] of [
        [w.member.token, windowUrl, wholeUrl],
        [w.outsider.token, windowUrl, wholeUrl],
        [w.outsider.token, missingOf(windowUrl), missingOf(wholeUrl)],
        [w.admin, missingOf(windowUrl), missingOf(wholeUrl)],
      ] as const) {
        const answer = await as(t, token).get(url);
        const seedAnswer = await as(t, token).get(seed);
        expect([answer.statusCode, answer.json()]).toEqual([seedAnswer.statusCode, seedAnswer.json()]);
        expect([403, 404]).toContain(answer.statusCode);
      }
    }
  });
});
