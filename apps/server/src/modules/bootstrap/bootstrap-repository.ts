import { and, count, eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { permissions } from '../permissions/permissions-schema.ts';
import { rolePermissions, roles } from '../roles/roles-schema.ts';
import { userRoles, users } from '../users/users-schema.ts';

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

/** The active holder of the Administrator role with this email (lower-cased) and password hash. */
export async function findAdministratorWithHash(
  db: Tx,
  email: string,
  passwordHash: string,
): Promise<{ id: number; username: string; email: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(sql`lower(${users.email})`, email),
        eq(users.passwordHash, passwordHash),
        eq(users.status, 'active'),
        eq(roles.builtIn, true),
      ),
    )
    .limit(1);
  return row;
}

/** Replaces the password hash when it is still `from`; false when another start got there first. */
export async function replacePasswordHash(
  tx: Tx,
  userId: number,
  from: string,
  to: string,
): Promise<boolean> {
  const changed = await tx
    .update(users)
    .set({ passwordHash: to, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(and(eq(users.id, userId), eq(users.passwordHash, from)))
    .returning({ id: users.id });
  return changed.length > 0;
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

export interface RoleGrant {
  roleId: number;
  roleName: string;
  /** The role's permission names before and after, in catalogue order (by id). */
  before: string[];
  after: string[];
}

/**
 * Gives each new permission to every role (the built-in one aside, which gets everything anyway)
 * holding any of the older permissions its rule names; answers the roles that changed.
 */
export async function grantByRules(
  tx: Tx,
  rules: { permission: string; olderPermissions: readonly string[] }[],
): Promise<RoleGrant[]> {
  if (rules.length === 0) return [];
  const pairs = rules.flatMap((rule) => rule.olderPermissions.map((older) => [rule.permission, older]));
  return queryRows<RoleGrant>(
    tx,
    sql`
    with rules(new_name, old_name) as (
      select * from unnest(${sql.param(pairs.map((p) => p[0]))}::text[], ${sql.param(pairs.map((p) => p[1]))}::text[])
    ),
    held as (
      select r.id as role_id, r.name,
        coalesce(array_agg(rp.permission_id) filter (where rp.permission_id is not null), '{}') as ids
      from roles r left join role_permissions rp on rp.role_id = r.id
      where not r.built_in
      group by r.id, r.name
    ),
    granted as (
      insert into role_permissions (role_id, permission_id)
      select distinct h.role_id, newer.id
      from rules
      join permissions older on older.name = rules.old_name
      join permissions newer on newer.name = rules.new_name
      join held h on older.id = any (h.ids)
      on conflict do nothing
      returning role_id, permission_id
    ),
    gained as (select role_id, array_agg(permission_id) as ids from granted group by role_id)
    select h.role_id as "roleId", h.name as "roleName",
      (select coalesce(array_agg(p.name order by p.id), '{}') from permissions p where p.id = any (h.ids)) as before,
      (select coalesce(array_agg(p.name order by p.id), '{}') from permissions p
        where p.id = any (h.ids) or p.id = any (g.ids)) as after
    from held h join gained g on g.role_id = h.role_id
    order by h.role_id`,
  );
}
