import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/modules/users/users-schema.ts';
import { createRoleThroughApi, startCatalogueWorld, type TestApp } from './helpers/world.ts';

const PASSWORD = 'user-password-1';
const MANAGER = [
  'manage_sub_users_home',
  'manage_sub_users_add',
  'manage_sub_users_edit',
  'manage_sub_users_delete',
  'home_project',
];
let t: TestApp;
let admin: string;
let managerRole: number;
let permissionId: Map<string, number>;

let seq = 0;
const makeRole = (permissions: string[]) =>
  createRoleThroughApi(t, admin, {
    name: `role-${++seq}`,
    description: '',
    permissionIds: permissions.map((p) => permissionId.get(p)),
  });

interface Account {
  id: number;
  username: string;
  email: string;
  token: string;
}

/** A top-level user (an account root) created by the administrator. */
async function makeRoot(maxUserLimit: number | null, roleIds = [managerRole]): Promise<Account> {
  const n = ++seq;
  const body = {
    username: `root${n}`,
    email: `root${n}@example.com`,
    password: PASSWORD,
    max_user_limit: maxUserLimit,
    roleIds,
  };
  const res = await t.request({ method: 'POST', url: '/api/users/create', token: admin, payload: body });
  expect(res.statusCode).toBe(201);
  return {
    id: res.json().user.id,
    username: body.username,
    email: body.email,
    token: await t.login(body.email, PASSWORD),
  };
}

function createSub(token: string, extra: Record<string, unknown> = {}) {
  const n = ++seq;
  return t.request({
    method: 'POST',
    url: '/api/users/create-subuser',
    token,
    payload: { username: `sub${n}`, email: `sub${n}@example.com`, password: PASSWORD, roleIds: [], ...extra },
  });
}

/** A sub-user created by `creator`, signed in. */
async function makeSub(creator: Account, roleIds: number[] = [managerRole]): Promise<Account> {
  const res = await createSub(creator.token, { roleIds });
  expect(res.statusCode).toBe(201);
  const { id, username, email } = res.json().user;
  return { id, username, email, token: await t.login(email, PASSWORD) };
}

const get = (url: string, token?: string) => t.request({ method: 'GET', url, ...(token ? { token } : {}) });
const update = (id: number, payload: object, token: string) =>
  t.request({ method: 'PUT', url: `/api/users/update-subuser/${id}`, token, payload });
const subIds = async (token: string, query = '') =>
  (await get(`/api/users/list-subusers${query}`, token)).json().subUsers.map((u: { id: number }) => u.id);

beforeAll(async () => {
  ({ t, admin, permissionId } = await startCatalogueWorld());
  managerRole = await makeRole(MANAGER);
});
afterAll(() => t.close());

describe('POST /api/users/create-subuser', () => {
  it("creates a sub-user in the caller's account; sub-users of sub-users join the same account", async () => {
    const root = await makeRoot(null);
    const res = await createSub(root.token, { roleIds: [managerRole] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Sub-user created successfully',
      user: expect.objectContaining({
        parent_id: root.id,
        max_user_limit: null,
        status: 'active',
        roleIds: [managerRole],
      }),
    });
    expect(res.body).not.toMatch(/argon2|password/i);
    const child = { ...res.json().user, token: await t.login(res.json().user.email, PASSWORD) };
    const grandchild = await makeSub(child);
    const [row] = await t.db.select().from(users).where(eq(users.id, grandchild.id));
    expect(row).toMatchObject({ parentId: child.id, accountId: root.id });
  });

  it('max_user_limit of the root caps the whole account, sub-users of sub-users included', async () => {
    const root = await makeRoot(3);
    const a = await makeSub(root);
    await makeSub(a);
    await makeSub(root);
    for (const token of [a.token, root.token]) {
      const res = await createSub(token);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This account has reached its limit of 3 sub-users');
    }
    expect(await subIds(root.token)).toHaveLength(3);
    const raise = await t.request({
      method: 'PUT',
      url: `/api/users/edit/${root.id}`,
      token: admin,
      payload: { username: root.username, email: root.email, max_user_limit: 4 },
    });
    expect(raise.statusCode).toBe(200);
    expect((await createSub(a.token)).statusCode).toBe(201);
  });

  it('an empty limit means no cap, and a limit of 0 allows none', async () => {
    const open = await makeRoot(null);
    for (let i = 0; i < 4; i++) expect((await createSub(open.token)).statusCode).toBe(201);
    const closed = await makeRoot(0);
    const res = await createSub(closed.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This account has reached its limit of 0 sub-users');
  });

  it('concurrent creations cannot overshoot the limit', async () => {
    const root = await makeRoot(2);
    await makeSub(root);
    const results = await Promise.all(Array.from({ length: 8 }, () => createSub(root.token)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await subIds(root.token)).toHaveLength(2);
  });

  it('answers 400 for invalid bodies and unknown roles', async () => {
    const root = await makeRoot(null);
    for (const extra of [
      { email: 'nope' },
      { password: 'short' },
      { max_user_limit: 3 },
      { roleIds: [987654] },
      { username: '' },
    ]) {
      const res = await createSub(root.token, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().details).toBeDefined();
    }
  });

  it('answers 401 without a token and 403 without manage_sub_users_add', async () => {
    expect(
      (await t.request({ method: 'POST', url: '/api/users/create-subuser', payload: {} })).statusCode,
    ).toBe(401);
    const viewer = await makeRoot(null, [await makeRole(['manage_sub_users_home'])]);
    const res = await createSub(viewer.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('manage_sub_users_add');
  });

  it('refuses a sub-user with more permissions than the creator (403, nothing created)', async () => {
    const root = await makeRoot(null);
    const stronger = await makeRole([...MANAGER, 'manage_roles_add']);
    const res = await createSub(root.token, { roleIds: [stronger] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('manage_roles_add');
    expect(await subIds(root.token)).toEqual([]);
  });

  it('answers 409 for an email or username already used', async () => {
    const root = await makeRoot(null);
    const sub = await makeSub(root);
    const email = await createSub(root.token, { email: sub.email.toUpperCase() });
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe('A user with this email already exists');
    expect((await createSub(root.token, { username: 'ADMIN' })).statusCode).toBe(409);
  });
});

describe('GET /api/users/list-subusers', () => {
  it("lists the sub-users of the caller's account, for the root and its sub-users alike", async () => {
    const root = await makeRoot(null);
    const a = await makeSub(root);
    const b = await makeSub(a);
    const other = await makeRoot(null);
    await makeSub(other);
    const res = await get('/api/users/list-subusers', root.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().subUsers.map((u: { id: number }) => u.id)).toEqual([a.id, b.id]);
    expect(res.json().subUsers[1]).toMatchObject({
      username: b.username,
      email: b.email,
      status: 'active',
      parent_id: a.id,
    });
    expect(await subIds(a.token)).toEqual([a.id, b.id]);
    expect(await subIds(root.token, `?q=${b.username.toUpperCase()}`)).toEqual([b.id]);
    expect(await subIds(root.token, '?limit=1&offset=1')).toEqual([b.id]);
  });

  it('answers 400 for bad paging, 401 without a token, 403 without manage_sub_users_home', async () => {
    const root = await makeRoot(null);
    expect((await get('/api/users/list-subusers?offset=-1', root.token)).statusCode).toBe(400);
    expect((await get('/api/users/list-subusers')).statusCode).toBe(401);
    const other = await makeRoot(null, [await makeRole(['manage_sub_users_add'])]);
    const res = await get('/api/users/list-subusers', other.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('manage_sub_users_home');
  });
});

describe('PUT /api/users/update-subuser/{id}', () => {
  it('updates a sub-user of the account and keeps the password when none is given', async () => {
    const root = await makeRoot(null);
    const sub = await makeSub(root);
    const weaker = await makeRole(['home_project']);
    const res = await update(
      sub.id,
      { username: `${sub.username}-x`, email: sub.email, roleIds: [weaker] },
      root.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Sub-user updated successfully',
      user: expect.objectContaining({ username: `${sub.username}-x`, roleIds: [weaker], parent_id: root.id }),
    });
    // The role change applies to the sub-user's very next request.
    expect((await get('/api/users/list-subusers', sub.token)).statusCode).toBe(403);
    await expect(t.login(sub.email, PASSWORD)).resolves.toBeTypeOf('string');
  });

  it("a new password or deactivation ends the sub-user's sessions", async () => {
    const root = await makeRoot(null);
    const sub = await makeSub(root);
    expect(
      (
        await update(
          sub.id,
          { username: sub.username, email: sub.email, password: 'another-pass-1' },
          root.token,
        )
      ).statusCode,
    ).toBe(200);
    expect((await get(`/api/users/${sub.id}`, sub.token)).statusCode).toBe(401);
    const fresh = await t.login(sub.email, 'another-pass-1');
    expect(
      (await update(sub.id, { username: sub.username, email: sub.email, status: 'inactive' }, root.token))
        .statusCode,
    ).toBe(200);
    expect((await get(`/api/users/${sub.id}`, fresh)).statusCode).toBe(401);
  });

  it('answers 404 for anyone who is not a sub-user of the account', async () => {
    const root = await makeRoot(null);
    const other = await makeRoot(null);
    const foreign = await makeSub(other);
    for (const id of [1, root.id, foreign.id, 999999]) {
      const res = await update(id, { username: 'x-name', email: 'x@example.com' }, root.token);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json().message).toBe('Sub-user not found');
    }
    expect((await get(`/api/users/${foreign.id}`, foreign.token)).json().username).toBe(foreign.username);
  });

  it('answers 400, 401 and 403', async () => {
    const root = await makeRoot(null);
    const sub = await makeSub(root);
    expect((await update(sub.id, { username: sub.username, email: 'bad' }, root.token)).statusCode).toBe(400);
    expect(
      (await update(sub.id, { username: sub.username, email: sub.email, max_user_limit: 2 }, root.token))
        .statusCode,
    ).toBe(400);
    expect(
      (await update(sub.id, { username: sub.username, email: sub.email, roleIds: [777777] }, root.token))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.request({ method: 'PUT', url: `/api/users/update-subuser/${sub.id}`, payload: {} }))
        .statusCode,
    ).toBe(401);
    const viewer = await makeRoot(null, [await makeRole(['manage_sub_users_home'])]);
    const res = await update(sub.id, { username: sub.username, email: sub.email }, viewer.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('manage_sub_users_edit');
  });

  it('refuses to add a role beyond the editor (403, unchanged) and answers 409 for a used email', async () => {
    const root = await makeRoot(null);
    const sub = await makeSub(root);
    const stronger = await makeRole(['manage_permissions_add']);
    const res = await update(
      sub.id,
      { username: sub.username, email: sub.email, roleIds: [managerRole, stronger] },
      root.token,
    );
    expect(res.statusCode).toBe(403);
    expect((await get(`/api/users/${sub.id}`, root.token)).json().roleIds).toEqual([managerRole]);
    const dup = await update(sub.id, { username: sub.username, email: root.email }, root.token);
    expect(dup.statusCode).toBe(409);
  });

  it('nobody deactivates themselves, sub-users included', async () => {
    const root = await makeRoot(null);
    const sub = await makeSub(root);
    const res = await update(
      sub.id,
      { username: sub.username, email: sub.email, status: 'inactive' },
      sub.token,
    );
    expect(res.statusCode).toBe(409);
    expect((await get(`/api/users/${sub.id}`, sub.token)).statusCode).toBe(200);
  });
});

describe('deleting and reading sub-users', () => {
  it('manage_sub_users_delete deletes a sub-user of the account, whose token then stops', async () => {
    const root = await makeRoot(null);
    const sub = await makeSub(root);
    const res = await t.request({ method: 'DELETE', url: `/api/users/delete/${sub.id}`, token: root.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User deleted successfully' });
    expect((await get(`/api/users/${sub.id}`, sub.token)).statusCode).toBe(401);
    expect(await subIds(root.token)).toEqual([]);
  });

  it('cannot delete outside the account (403), nor a sub-user who has sub-users (409)', async () => {
    const root = await makeRoot(null);
    const a = await makeSub(root);
    const b = await makeSub(a);
    const other = await makeRoot(null);
    const foreign = await makeSub(other);
    for (const id of [1, other.id, foreign.id]) {
      const res = await t.request({ method: 'DELETE', url: `/api/users/delete/${id}`, token: root.token });
      expect(res.statusCode, String(id)).toBe(403);
    }
    const parent = await t.request({ method: 'DELETE', url: `/api/users/delete/${a.id}`, token: root.token });
    expect(parent.statusCode).toBe(409);
    expect(parent.json().message).toBe("Delete or reassign this user's sub-users first");
    expect(await subIds(root.token)).toEqual([a.id, b.id]);
    const self = await t.request({ method: 'DELETE', url: `/api/users/delete/${b.id}`, token: b.token });
    expect(self.statusCode).toBe(409);
  });

  it('sub-user managers read the sub-users of their account only', async () => {
    const root = await makeRoot(null);
    const sub = await makeSub(root);
    const foreign = await makeSub(await makeRoot(null));
    expect((await get(`/api/users/${sub.id}`, root.token)).json()).toMatchObject({
      id: sub.id,
      parent_id: root.id,
    });
    expect((await get(`/api/users/${foreign.id}`, root.token)).statusCode).toBe(403);
    expect((await get('/api/users/1', root.token)).statusCode).toBe(403);
    // The account root is not a sub-user: its sub-users see it only with view_admin_home.
    expect((await get(`/api/users/${root.id}`, sub.token)).statusCode).toBe(403);
  });
});
