import { COMMENT_LIMITS } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { addMember, createProject, createRole, createUser, type TestUser } from './helpers/fixtures.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { startAdminWorld, type TestApp } from './helpers/world.ts';

/** docs/product/comments.md: threads on cases and cycle items, mentions, edits, deletes, the audit. */

let t: TestApp;
let admin: string;
let project: number;
let caseId: number;
let itemId: number;
let cycleId: number;
let writer: TestUser;
let reviewer: TestUser;
let reader: TestUser;
let outsider: TestUser;
let allSeeing: TestUser;

const api = (token = admin) => as(t, token);
const READ = ['home_project', 'home_test_suit', 'home_test_case', 'home_test_cycle'];

beforeAll(async () => {
  ({ t, admin } = await startAdminWorld());
  project = (await createProject(t, admin)).id;
  caseId = expectStatus(
    await api().post(`/api/test-cases/project/${project}/create`, { name: 'Pay by card' }),
    201,
  ).testCase.id;
  const cycle = expectStatus(
    await api().post(`/api/projects/${project}/cycles`, { name: 'Release 3', case_ids: [caseId] }),
    201,
  ).cycle;
  cycleId = cycle.id;
  itemId = expectStatus(await api().get(`/api/cycles/${cycle.id}/items`), 200).items[0].id;
  const commenter = await createRole(t, [...READ, 'comment']);
  const readOnly = await createRole(t, READ);
  writer = await createUser(t, { name: 'writer.one' });
  reviewer = await createUser(t, { name: 'Rev_Two' });
  reader = await createUser(t, { name: 'reader-three' });
  outsider = await createUser(t, { name: 'outsider' });
  allSeeing = await createUser(t, { name: 'auditor', permissions: ['view_all_projects'] });
  await addMember(t, project, writer.id, commenter);
  await addMember(t, project, reviewer.id, commenter);
  await addMember(t, project, reader.id, readOnly);
});
afterAll(() => t.close());

const caseThread = () => `/api/test-cases/${caseId}/comments`;
const itemThread = () => `/api/cycle-items/${itemId}/comments`;

async function comment(url: string, body: string, token = writer.token) {
  return expectStatus(await api(token).post(url, { body }), 201).comment;
}

describe('a thread', () => {
  it('takes comments on a case and on an item and lists them oldest first, with who and when', async () => {
    const first = await comment(caseThread(), 'Fails on **Safari**');
    const second = await comment(caseThread(), 'Same on Firefox', reviewer.token);
    const onItem = await comment(itemThread(), 'Blocked by the card form');
    expect(first).toMatchObject({
      body: 'Fails on **Safari**',
      author: { id: writer.id, username: 'writer.one' },
      updated_at: null,
      mentions: [],
    });
    expect(first.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const list = expectStatus(await api(reader.token).get(caseThread()), 200);
    expect(list.comments.map((c: { id: number }) => c.id)).toEqual([first.id, second.id]);
    expect(list).toMatchObject({ next: null, can_delete_any: false });
    expect(expectStatus(await api().get(caseThread()), 200).can_delete_any).toBe(true);
    const items = expectStatus(await api(reader.token).get(itemThread()), 200).comments;
    expect(items.map((c: { id: number }) => c.id)).toEqual([onItem.id]);
  });

  it('answers a page at a time with the id to go on after', async () => {
    const other = expectStatus(
      await api().post(`/api/test-cases/project/${project}/create`, { name: 'Paged' }),
      201,
    ).testCase.id;
    const url = `/api/test-cases/${other}/comments`;
    const ids = [];
    for (const n of [1, 2, 3]) ids.push((await comment(url, `Note ${n}`)).id);
    const page = expectStatus(await api().get(`${url}?limit=2`), 200);
    expect(page.comments.map((c: { id: number }) => c.id)).toEqual(ids.slice(0, 2));
    expect(page.next).toBe(ids[1]);
    const rest = expectStatus(await api().get(`${url}?limit=2&after=${page.next}`), 200);
    expect(rest.comments.map((c: { id: number }) => c.id)).toEqual([ids[2]]);
    expect(rest.next).toBeNull();
  });

  it('keeps Markdown as written and answers it as JSON data, never as HTML', async () => {
    const body = 'See <script>alert(1)</script> and [x](javascript:alert(1))';
    const created = await comment(caseThread(), body);
    expect(created.body).toBe(body);
    const res = await api(reader.token).get(caseThread());
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('mentions', () => {
  it('stores only the people who can see the project; others stay text', async () => {
    const created = await comment(
      caseThread(),
      '@rev_two and @READER-THREE, please look. @outsider too; @auditor. mail me at a@writer.one, @nobody',
    );
    expect(created.mentions).toEqual([
      { id: allSeeing.id, username: 'auditor' },
      { id: reader.id, username: 'reader-three' },
      { id: reviewer.id, username: 'Rev_Two' },
    ]);
    const stored = await queryRows<{ user_id: number }>(
      t.db,
      sql`select user_id from comment_mentions where comment_id = ${created.id} order by user_id`,
    );
    expect(stored.map((r) => r.user_id)).toEqual(
      [reviewer.id, reader.id, allSeeing.id].sort((a, b) => a - b),
    );
  });

  it('follow an edit', async () => {
    const created = await comment(caseThread(), 'Ask @rev_two');
    const edited = expectStatus(
      await api(writer.token).put(`/api/comments/${created.id}`, { body: 'Ask @reader-three instead' }),
      200,
    ).comment;
    expect(edited.mentions).toEqual([{ id: reader.id, username: 'reader-three' }]);
    expect(edited.updated_at).not.toBeNull();
  });

  it('offers the people who can see the project by username prefix', async () => {
    const url = `/api/projects/${project}/mentionable`;
    const names = (answer: { users: { username: string }[] }) => answer.users.map((u) => u.username);
    expect(names(expectStatus(await api(reader.token).get(`${url}?q=re`), 200))).toEqual([
      'reader-three',
      'Rev_Two',
    ]);
    expect(names(expectStatus(await api(reader.token).get(`${url}?q=OUT`), 200))).toEqual([]);
    expect(names(expectStatus(await api(reader.token).get(`${url}?q=%25`), 200))).toEqual([]);
    const all = names(expectStatus(await api(reader.token).get(url), 200));
    expect(all).toEqual(expect.arrayContaining(['admin', 'auditor', 'writer.one']));
    expect(all.length).toBeLessThanOrEqual(COMMENT_LIMITS.mentionableMax);
    expectStatus(await api(outsider.token).get(url), 404);
  });
});

describe('who may do what', () => {
  it('hides the threads of a project one cannot see (404) and needs `comment` to write (403)', async () => {
    expectStatus(await api(outsider.token).get(caseThread()), 404);
    expectStatus(await api(outsider.token).get(itemThread()), 404);
    expectStatus(await api(outsider.token).post(caseThread(), { body: 'x' }), 404);
    const refused = expectStatus(await api(reader.token).post(caseThread(), { body: 'x' }), 403);
    expect(refused).toMatchObject({ code: 'permission_missing' });
    expect(refused.message).toContain('"comment"');
    expectStatus(await api(reader.token).post(itemThread(), { body: 'x' }), 403);
    expectStatus(await api().get('/api/test-cases/99999999/comments'), 404);
    expectStatus(await api().get('/api/cycle-items/99999999/comments'), 404);
  });

  it('lets only the author edit, and the author or an administrator delete', async () => {
    const created = await comment(itemThread(), 'Mine');
    const notYours = expectStatus(
      await api(reviewer.token).put(`/api/comments/${created.id}`, { body: 'Yours' }),
      403,
    );
    expect(notYours.code).toBe('not_your_comment');
    expectStatus(await api().put(`/api/comments/${created.id}`, { body: 'Admin edit' }), 403);
    expectStatus(await api(reviewer.token).del(`/api/comments/${created.id}`), 403);
    expectStatus(await api(reader.token).del(`/api/comments/${created.id}`), 403);
    expectStatus(await api(outsider.token).del(`/api/comments/${created.id}`), 404);
    expectStatus(await api(outsider.token).put(`/api/comments/${created.id}`, { body: 'x' }), 404);
    expectStatus(await api(writer.token).del(`/api/comments/${created.id}`), 200);
    expectStatus(await api(writer.token).del(`/api/comments/${created.id}`), 404);

    const other = await comment(itemThread(), 'Moderate me');
    expectStatus(await api().del(`/api/comments/${other.id}`), 200);
    const left = expectStatus(await api().get(itemThread()), 200).comments;
    expect(left.map((c: { id: number }) => c.id)).not.toContain(other.id);
  });

  it('keeps the comment of a deleted author, without an author', async () => {
    const leaving = await createUser(t, { name: 'leaving' });
    await addMember(t, project, leaving.id, await createRole(t, [...READ, 'comment']));
    const created = await comment(caseThread(), 'Bye', leaving.token);
    await t.db.execute(sql`delete from project_members where user_id = ${leaving.id}`);
    await t.db.execute(sql`delete from user_roles where user_id = ${leaving.id}`);
    await t.db.execute(sql`delete from users where id = ${leaving.id}`);
    const list = expectStatus(await api().get(caseThread()), 200).comments;
    expect(list.find((c: { id: number }) => c.id === created.id)).toMatchObject({
      author: null,
      body: 'Bye',
    });
  });
});

describe('limits', () => {
  it('refuses an empty body and one over 10,000 characters, naming the body', async () => {
    for (const body of ['', '   \n ', 'x'.repeat(COMMENT_LIMITS.bodyMax + 1)]) {
      const res = expectStatus(await api(writer.token).post(caseThread(), { body }), 400);
      expect(JSON.stringify(res.details)).toContain('body');
    }
    expectStatus(
      await api(writer.token).post(caseThread(), { body: 'x'.repeat(COMMENT_LIMITS.bodyMax) }),
      201,
    );
    expectStatus(await api(writer.token).post(caseThread(), {}), 400);
    expectStatus(await api(writer.token).post(caseThread(), { body: 'x', extra: 1 }), 400);
  });
});

describe('the audit log', () => {
  it('records adding, editing and deleting a comment on the case or the cycle', async () => {
    const created = await comment(caseThread(), 'Audited');
    expectStatus(await api(writer.token).put(`/api/comments/${created.id}`, { body: 'Audited twice' }), 200);
    expectStatus(await api(writer.token).del(`/api/comments/${created.id}`), 200);
    const onItem = await comment(itemThread(), 'On the item');
    const rows = await queryRows<{
      action: string;
      entity_type: string;
      entity_id: number;
      project_id: number;
      summary: string;
      changes: { comment: { before: string | null; after: string | null } };
    }>(
      t.db,
      sql`select action, entity_type, entity_id, project_id, summary, changes from audit_log
        where summary like ${`% comment #${created.id} %`} or summary like ${`% comment #${onItem.id} %`}
        order by id`,
    );
    expect(rows).toEqual([
      {
        action: 'update',
        entity_type: 'case',
        entity_id: caseId,
        project_id: project,
        summary: `Added comment #${created.id} to case "Pay by card"`,
        changes: { comment: { before: null, after: 'Audited' } },
      },
      {
        action: 'update',
        entity_type: 'case',
        entity_id: caseId,
        project_id: project,
        summary: `Edited comment #${created.id} on case "Pay by card"`,
        changes: { comment: { before: 'Audited', after: 'Audited twice' } },
      },
      {
        action: 'update',
        entity_type: 'case',
        entity_id: caseId,
        project_id: project,
        summary: `Deleted comment #${created.id} from case "Pay by card"`,
        changes: { comment: { before: 'Audited twice', after: null } },
      },
      {
        action: 'update',
        entity_type: 'cycle',
        entity_id: cycleId,
        project_id: project,
        summary: `Added comment #${onItem.id} to item #${itemId} of cycle "Release 3"`,
        changes: { comment: { before: null, after: 'On the item' } },
      },
    ]);
  });
});
