import type { ListQuery, User } from '@verdict/contract';
import { count, eq, or, type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { pageClause, textMatches } from '../../lib/list-paging.ts';
import { userRoles, users } from './users-schema.ts';

interface UserRow {
  id: number;
  username: string;
  email: string;
  max_user_limit: number | null;
  status: 'active' | 'inactive';
  parent_id: number | null;
  roles: { id: number; name: string }[] | null;
}

function toUser(row: UserRow): User {
  const roles = (row.roles ?? []).sort((a, b) => a.id - b.id);
  return {
    id: row.id,
    name: row.username,
    username: row.username,
    email: row.email,
    max_user_limit: row.max_user_limit,
    status: row.status,
    roleIds: roles.map((r) => r.id),
    Roles: roles,
    parent_id: row.parent_id,
  };
}

/**
 * Users in the `User` shape (docs/product/users-and-sub-users.md), with their global roles,
 * filtered by `where` on alias `u`.
 */
export async function selectUsers(db: Tx, where: SQL = sql`true`, tail: SQL = sql``): Promise<User[]> {
  const rows = await queryRows<UserRow>(
    db,
    sql`
    select u.id, u.username, u.email, u.max_user_limit, u.status, u.parent_id,
      (select json_agg(json_build_object('id', r.id, 'name', r.name))
         from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id) as roles
    from users u
    where ${where}
    order by u.id
    ${tail}`,
  );
  return rows.map(toUser);
}

/**
 * Users whose username or email matches `query.q`, a page when asked; only the sub-users of
 * the account `accountId` when given.
 */
export function listUsersPage(db: Tx, query: ListQuery, accountId?: number): Promise<User[]> {
  const matches = textMatches(query.q, sql`u.username`, sql`u.email`);
  const where = accountId === undefined ? matches : sql`u.account_id = ${accountId} and ${matches}`;
  return selectUsers(db, where, pageClause(query));
}

export async function findUserById(db: Tx, id: number): Promise<User | null> {
  const [user] = await selectUsers(db, sql`u.id = ${id}`);
  return user ?? null;
}

/** A user's own columns with global role ids: what the rules about that user look at. */
export interface UserRecord {
  id: number;
  username: string;
  email: string;
  status: 'active' | 'inactive';
  parentId: number | null;
  accountId: number | null;
  maxUserLimit: number | null;
  roleIds: number[];
}

/** `lock` takes the row for the rest of the transaction, so concurrent edits of it queue up. */
export async function findUserRecord(db: Tx, id: number, lock = false): Promise<UserRecord | null> {
  const query = db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      status: users.status,
      parentId: users.parentId,
      accountId: users.accountId,
      maxUserLimit: users.maxUserLimit,
    })
    .from(users)
    .where(eq(users.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return null;
  const roles = await db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, id));
  return {
    ...row,
    status: row.status as UserRecord['status'],
    roleIds: roles.map((r) => r.id).sort((a, b) => a - b),
  };
}

export async function countUsersByStatus(db: Tx): Promise<{ active: number; inactive: number }> {
  const [row] = await queryRows<{ active: number; inactive: number }>(
    db,
    sql`
    select count(*) filter (where status = 'active')::int as active,
           count(*) filter (where status = 'inactive')::int as inactive
    from users`,
  );
  return { active: Number(row?.active ?? 0), inactive: Number(row?.inactive ?? 0) };
}

/** Which identity field (email first) another user already uses, ignoring case. */
export async function findIdentityClash(
  db: Tx,
  identity: { username: string; email: string },
  exceptId = 0,
): Promise<'email' | 'username' | null> {
  const rows = await queryRows<{ email_taken: boolean; username_taken: boolean }>(
    db,
    sql`
    select
      exists (select 1 from users where lower(email) = lower(${identity.email}) and id <> ${exceptId}) as email_taken,
      exists (select 1 from users where lower(username) = lower(${identity.username}) and id <> ${exceptId}) as username_taken`,
  );
  if (rows[0]?.email_taken) return 'email';
  if (rows[0]?.username_taken) return 'username';
  return null;
}

export type NewUserRow = typeof users.$inferInsert;

export async function insertUser(tx: Tx, values: NewUserRow): Promise<number> {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('User insert returned no row');
  return row.id;
}

/** `revokeTokens` bumps token_version, so every token issued before stops working at once. */
export async function updateUserRow(
  tx: Tx,
  id: number,
  values: Partial<Pick<NewUserRow, 'username' | 'email' | 'passwordHash' | 'maxUserLimit' | 'status'>>,
  revokeTokens: boolean,
): Promise<void> {
  await tx
    .update(users)
    .set({ ...values, ...(revokeTokens ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}) })
    .where(eq(users.id, id));
}

/** Makes the user hold exactly `roleIds` globally. */
export async function replaceUserRoles(tx: Tx, userId: number, roleIds: number[]): Promise<void> {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length > 0) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

/**
 * Locks the account root row: sub-user creations in one account then run one at a time, so
 * two of them cannot both see room under max_user_limit.
 */
export async function lockAccountRoot(
  tx: Tx,
  rootId: number,
): Promise<{ maxUserLimit: number | null } | null> {
  const [row] = await tx
    .select({ maxUserLimit: users.maxUserLimit })
    .from(users)
    .where(eq(users.id, rootId))
    .for('update');
  return row ?? null;
}

export async function countAccountSubUsers(tx: Tx, rootId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(users).where(eq(users.accountId, rootId));
  return Number(row?.n ?? 0);
}

export async function hasSubUsers(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.parentId, id), eq(users.accountId, id)))
    .limit(1);
  return rows.length > 0;
}

/** A key-share lock: the user cannot be deleted until the transaction ends. False when missing. */
export async function lockUserAgainstDelete(tx: Tx, id: number): Promise<boolean> {
  const rows = await queryRows(tx, sql`select id from users where id = ${id} for key share`);
  return rows.length > 0;
}

/** Memberships and roles cascade; projects keep existing with created_by null; runs keep executed_by. */
export async function deleteUserRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(users).where(eq(users.id, id));
}
