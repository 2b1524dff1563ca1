import type { IdName, ListQuery, Permission } from '@verdict/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { pageClause, textMatches } from '../../lib/list-paging.ts';
import { rolePermissions, roles } from '../roles/roles-schema.ts';
import { permissions } from './permissions-schema.ts';

export interface PermissionRecord extends Permission {
  builtIn: boolean;
}

/** Permissions whose name matches `query.q`, in id order, a page when asked. */
export function selectPermissions(db: Tx, query: ListQuery): Promise<Permission[]> {
  return queryRows<Permission>(
    db,
    sql`
    select p.id, p.name, p.description from permissions p
    where ${textMatches(query.q, sql`p.name`)}
    order by p.id
    ${pageClause(query)}`,
  );
}

export async function findPermissionRecord(
  db: Tx,
  id: number,
  lock = false,
): Promise<PermissionRecord | null> {
  const query = db
    .select({
      id: permissions.id,
      name: permissions.name,
      description: permissions.description,
      builtIn: permissions.builtIn,
    })
    .from(permissions)
    .where(eq(permissions.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findPermissionIdByName(db: Tx, name: string): Promise<number | null> {
  const [row] = await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, name));
  return row?.id ?? null;
}

/** The permissions among `ids` that exist; callers compare lengths to find unknown ids. */
export async function findPermissionsByIds(db: Tx, ids: number[]): Promise<IdName[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: permissions.id, name: permissions.name })
    .from(permissions)
    .where(inArray(permissions.id, ids));
}

export async function insertPermission(
  tx: Tx,
  values: { name: string; description: string },
): Promise<number> {
  const [row] = await tx.insert(permissions).values(values).returning({ id: permissions.id });
  if (!row) throw new Error('Permission insert returned no row');
  return row.id;
}

/** Adds the permission to the built-in Administrator role. */
export async function grantToBuiltInRole(tx: Tx, permissionId: number): Promise<void> {
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.builtIn, true));
  if (!role) return;
  await tx.insert(rolePermissions).values({ roleId: role.id, permissionId }).onConflictDoNothing();
}

export async function updatePermission(
  tx: Tx,
  id: number,
  values: { name: string; description: string },
): Promise<void> {
  await tx.update(permissions).set(values).where(eq(permissions.id, id));
}

/** Role grants of the permission go with it (role_permissions cascades). */
export async function deletePermission(tx: Tx, id: number): Promise<void> {
  await tx.delete(permissions).where(eq(permissions.id, id));
}
