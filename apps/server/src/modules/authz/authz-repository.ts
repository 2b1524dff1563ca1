import type { IdName, PermissionSource } from '@verdict/contract';
import { inArray, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { permissions, rolePermissions } from '../../db/schema.ts';

/**
 * What authorization reads: a user with their global roles and permissions, their role in a
 * project, and the inspector's sources. Read-only joins over the account and project tables,
 * whose modules own the writes; the rules that use them live in authorization.ts.
 */

export interface PrincipalRow {
  id: number;
  username: string;
  email: string;
  status: 'active' | 'inactive';
  token_version: number;
  parent_id: number | null;
  account_id: number | null;
  role_ids: number[];
  permission_names: string[];
  /** Whether the session token `jti` was signed out; false when no jti was asked about. */
  revoked: boolean;
}

/** A user with their global roles and permissions, in one query; null when missing. */
export async function selectPrincipalRow(db: Tx, userId: number, jti?: string): Promise<PrincipalRow | null> {
  const revoked =
    jti === undefined ? sql`false` : sql`exists (select 1 from revoked_tokens where jti = ${jti})`;
  const [row] = await queryRows<PrincipalRow>(
    db,
    sql`
    select u.id, u.username, u.email, u.status, u.token_version, u.parent_id, u.account_id,
      coalesce(array_agg(distinct ur.role_id) filter (where ur.role_id is not null), '{}') as role_ids,
      coalesce(array_agg(distinct p.name) filter (where p.name is not null), '{}') as permission_names,
      ${revoked} as revoked
    from users u
    left join user_roles ur on ur.user_id = u.id
    left join role_permissions rp on rp.role_id = ur.role_id
    left join permissions p on p.id = rp.permission_id
    where u.id = ${userId}
    group by u.id`,
  );
  return row ?? null;
}

/** Whether the session token `jti` was signed out. */
export async function isTokenRevoked(db: Tx, jti: string): Promise<boolean> {
  const [row] = await queryRows<{ revoked: boolean }>(
    db,
    sql`select exists (select 1 from revoked_tokens where jti = ${jti}) as revoked`,
  );
  return row?.revoked ?? false;
}

export interface ProjectRoleRow {
  created_by: number | null;
  role_id: number | null;
  names: string[];
}

/** The project's creator and the user's project role with its permissions; null when missing. */
export async function selectProjectRole(
  db: Tx,
  userId: number,
  projectId: number,
): Promise<ProjectRoleRow | null> {
  const [row] = await queryRows<ProjectRoleRow>(
    db,
    sql`
    select p.created_by, pm.role_id,
      coalesce(array_agg(perm.name) filter (where perm.name is not null), '{}') as names
    from projects p
    left join project_members pm on pm.project_id = p.id and pm.user_id = ${userId}
    left join role_permissions rp on rp.role_id = pm.role_id
    left join permissions perm on perm.id = rp.permission_id
    where p.id = ${projectId}
    group by p.id, p.created_by, pm.role_id`,
  );
  return row ?? null;
}

/** Permission names granted by the given roles. */
export async function selectPermissionNamesOfRoles(db: Tx, roleIds: number[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, sql`${permissions.id} = ${rolePermissions.permissionId}`)
    .where(inArray(rolePermissions.roleId, roleIds));
  return rows.map((r) => r.name);
}

/** Whether the user holds `permission` through their role in any project. */
export async function holdsInAnyProject(db: Tx, userId: number, permission: string): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`
    select exists (
      select 1 from project_members pm
      join role_permissions rp on rp.role_id = pm.role_id
      join permissions p on p.id = rp.permission_id
      where pm.user_id = ${userId} and p.name = ${permission}
    ) as ok`,
  );
  return row?.ok ?? false;
}

/** Whether an active user holds the built-in Administrator role (roles.built_in). */
export async function anActiveAdministratorExists(tx: Tx): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(
    tx,
    sql`
    select exists (
      select 1 from users u
      join user_roles ur on ur.user_id = u.id
      join roles r on r.id = ur.role_id
      where u.status = 'active' and r.built_in
    ) as ok`,
  );
  return row?.ok ?? false;
}

// ---- The permission inspector (effective-permissions.ts) ----

export interface ProvenanceRow {
  name: string;
  description: string;
  sources: PermissionSource[];
}

/** Every permission of the table, by name, with the roles of the user that carry it. */
export function selectPermissionProvenance(
  db: Tx,
  userId: number,
  projectId: number | null,
): Promise<ProvenanceRow[]> {
  const projectRole =
    projectId === null
      ? sql``
      : sql`union all
        select 'project-role', r.id, r.name, rp.permission_id
        from project_members pm
        join roles r on r.id = pm.role_id
        join role_permissions rp on rp.role_id = r.id
        where pm.user_id = ${userId} and pm.project_id = ${projectId}`;
  return queryRows<ProvenanceRow>(
    db,
    sql`
    select p.name, p.description,
      coalesce(
        json_agg(json_build_object('kind', s.kind, 'role', json_build_object('id', s.role_id, 'name', s.role_name))
          order by s.kind, s.role_name, s.role_id) filter (where s.role_id is not null),
        '[]'::json) as sources
    from permissions p
    left join (
      select 'global-role' as kind, r.id as role_id, r.name as role_name, rp.permission_id
      from user_roles ur
      join roles r on r.id = ur.role_id
      join role_permissions rp on rp.role_id = r.id
      where ur.user_id = ${userId}
      ${projectRole}
    ) s on s.permission_id = p.id
    group by p.id
    order by p.name`,
  );
}

export function selectGlobalRoles(db: Tx, userId: number): Promise<IdName[]> {
  return queryRows<IdName>(
    db,
    sql`
    select r.id, r.name from user_roles ur join roles r on r.id = ur.role_id
    where ur.user_id = ${userId} order by r.name, r.id`,
  );
}

export interface ProjectFacts {
  id: number;
  name: string;
  created_by: number | null;
  member_role_id: number | null;
  member_role_name: string | null;
}

/** A project with the user's role in it (if any); null when missing. */
export async function selectProjectFacts(
  db: Tx,
  projectId: number,
  userId: number,
): Promise<ProjectFacts | null> {
  const [row] = await queryRows<ProjectFacts>(
    db,
    sql`
    select p.id, p.name, p.created_by, r.id as member_role_id, r.name as member_role_name
    from projects p
    left join project_members pm on pm.project_id = p.id and pm.user_id = ${userId}
    left join roles r on r.id = pm.role_id
    where p.id = ${projectId}`,
  );
  return row ?? null;
}
