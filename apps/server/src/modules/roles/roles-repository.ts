import type { ListQuery, Role } from '@verdict/contract';
import { and, eq, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { ADVISORY_LOCK, takeAdvisoryLock } from '../../db/row-locks.ts';
import { pageClause, textMatches } from '../../lib/list-paging.ts';
import { rolePermissions, roles } from './roles-schema.ts';

interface RoleRow {
  id: number;
  name: string;
  description: string;
  permissions: { id: number; name: string }[] | null;
}

/**
 * Roles in the `Role` shape (docs/product/roles-and-permissions.md, "The calls") with their
 * permissions, filtered by `where` on alias `r`.
 */
export async function selectRoles(db: Tx, where: SQL = sql`true`, tail: SQL = sql``): Promise<Role[]> {
  const rows = await queryRows<RoleRow>(
    db,
    sql`
    select r.id, r.name, r.description,
      (select json_agg(json_build_object('id', p.id, 'name', p.name) order by p.id)
         from role_permissions rp join permissions p on p.id = rp.permission_id
         where rp.role_id = r.id) as permissions
    from roles r
    where ${where}
    order by r.id
    ${tail}`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    Permissions: row.permissions ?? [],
  }));
}

/** Roles whose name matches `query.q`, a page when asked. */
export function listRolesPage(db: Tx, query: ListQuery): Promise<Role[]> {
  return selectRoles(db, textMatches(query.q, sql`r.name`), pageClause(query));
}

export async function findRoleById(db: Tx, id: number): Promise<Role | null> {
  const [role] = await selectRoles(db, sql`r.id = ${id}`);
  return role ?? null;
}

/** A role's own columns and permission ids, row-locked so concurrent edits of it queue up. */
export async function lockRole(
  tx: Tx,
  id: number,
): Promise<{ id: number; name: string; builtIn: boolean; permissionIds: number[] } | null> {
  const [role] = await tx
    .select({ id: roles.id, name: roles.name, builtIn: roles.builtIn })
    .from(roles)
    .where(eq(roles.id, id))
    .for('update');
  if (!role) return null;
  const grants = await tx
    .select({ id: rolePermissions.permissionId })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, id));
  return { ...role, permissionIds: grants.map((g) => g.id) };
}

/**
 * Role names are unique ignoring case, which the plain unique constraint cannot see; this lock,
 * held to the end of the transaction, keeps two writers from both finding no clash and
 * inserting "QA" and "qa".
 */
export function lockRoleNames(tx: Tx): Promise<void> {
  return takeAdvisoryLock(tx, ADVISORY_LOCK.roleNames);
}

/** A key-share lock: the role cannot be deleted until the transaction ends. False when missing. */
export async function lockRoleAgainstDelete(tx: Tx, id: number): Promise<boolean> {
  const rows = await queryRows(tx, sql`select id from roles where id = ${id} for key share`);
  return rows.length > 0;
}

/** Another role whose name equals `name` ignoring case. */
export async function findRoleNameClash(tx: Tx, name: string, exceptId = 0): Promise<boolean> {
  const rows = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(sql`lower(${roles.name})`, name.toLowerCase()), ne(roles.id, exceptId)));
  return rows.length > 0;
}

export async function insertRole(tx: Tx, values: { name: string; description: string }): Promise<number> {
  const [row] = await tx.insert(roles).values(values).returning({ id: roles.id });
  if (!row) throw new Error('Role insert returned no row');
  return row.id;
}

export async function updateRoleRow(
  tx: Tx,
  id: number,
  values: { name: string; description: string },
): Promise<void> {
  await tx.update(roles).set(values).where(eq(roles.id, id));
}

/** Makes the role grant exactly `permissionIds`. */
export async function replaceRolePermissions(tx: Tx, roleId: number, permissionIds: number[]): Promise<void> {
  await tx
    .delete(rolePermissions)
    .where(
      permissionIds.length > 0
        ? and(eq(rolePermissions.roleId, roleId), notInArray(rolePermissions.permissionId, permissionIds))
        : eq(rolePermissions.roleId, roleId),
    );
  if (permissionIds.length === 0) return;
  await tx
    .insert(rolePermissions)
    .values(permissionIds.map((permissionId) => ({ roleId, permissionId })))
    .onConflictDoNothing();
}

/** How many users hold the role globally and how many project memberships use it. */
export async function countRoleHolders(tx: Tx, id: number): Promise<{ users: number; members: number }> {
  const [row] = await queryRows<{ users: number; members: number }>(
    tx,
    sql`
    select (select count(*)::int from user_roles where role_id = ${id}) as users,
           (select count(*)::int from project_members where role_id = ${id}) as members`,
  );
  return { users: Number(row?.users ?? 0), members: Number(row?.members ?? 0) };
}

export async function deleteRoleRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(roles).where(eq(roles.id, id));
}

/** The ids among `ids` that name an existing role. */
export async function findExistingRoleIds(db: Tx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, ids));
  return rows.map((r) => r.id);
}
