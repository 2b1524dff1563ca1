import { count, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { permissions, rolePermissions, roles, userRoles, users } from '../../db/schema.ts';

/**
 * The first start's writes. They seed the tables of the users, roles and permissions modules
 * before any request can reach those modules' services, so this is the one repository that
 * writes tables of other modules (docs/decisions/112-modules-own-their-tables.md).
 */

/** Adds the catalogue permissions that are missing; answers those it added. */
export function insertCataloguePermissions(
  tx: Tx,
  catalogue: Record<string, string>,
): Promise<{ id: number; name: string }[]> {
  return tx
    .insert(permissions)
    .values(Object.entries(catalogue).map(([name, description]) => ({ name, description, builtIn: true })))
    .onConflictDoNothing({ target: permissions.name })
    .returning({ id: permissions.id, name: permissions.name });
}

export type RoleRow = typeof roles.$inferSelect;

/** The Administrator role, found by its flag (never by its name); undefined before the first start. */
export async function findBuiltInRole(tx: Tx): Promise<RoleRow | undefined> {
  const [role] = await tx.select().from(roles).where(eq(roles.builtIn, true));
  return role;
}

/** Creates the built-in role holding every permission there is; answers it and their names. */
export async function insertBuiltInRole(
  tx: Tx,
  values: { name: string; description: string },
): Promise<{ role: RoleRow; permissionNames: string[] }> {
  const [role] = await tx
    .insert(roles)
    .values({ ...values, builtIn: true })
    .returning();
  if (!role) throw new Error('Administrator role could not be created');
  const all = await tx
    .select({ id: permissions.id, name: permissions.name })
    .from(permissions)
    .orderBy(permissions.id);
  await tx.insert(rolePermissions).values(all.map((p) => ({ roleId: role.id, permissionId: p.id })));
  return { role, permissionNames: all.map((p) => p.name) };
}

/** Grants the role every permission it lacks. */
export async function grantEveryPermission(tx: Tx, roleId: number): Promise<void> {
  await tx.execute(sql`
    insert into role_permissions (role_id, permission_id)
    select ${roleId}, p.id from permissions p
    where not exists (select 1 from role_permissions rp where rp.role_id = ${roleId} and rp.permission_id = p.id)
    on conflict do nothing`);
}

export async function countUsers(db: Tx): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(users);
  return n;
}

/** The first administrator: an active top-level user holding the role. */
export async function insertAdministrator(
  tx: Tx,
  values: { username: string; email: string; passwordHash: string; roleId: number },
): Promise<number> {
  const [admin] = await tx
    .insert(users)
    .values({
      username: values.username,
      email: values.email,
      passwordHash: values.passwordHash,
      status: 'active',
    })
    .returning({ id: users.id });
  if (!admin) throw new Error('Admin user could not be created');
  await tx.insert(userRoles).values({ userId: admin.id, roleId: values.roleId });
  return admin.id;
}
