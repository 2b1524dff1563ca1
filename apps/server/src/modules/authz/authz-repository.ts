import type { IdName, PermissionSource } from '@verdict/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { permissions } from '../permissions/permissions-schema.ts';
import { rolePermissions, roles } from '../roles/roles-schema.ts';

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

/** Whether one of these roles is the built-in Administrator role (roles.built_in). */
export async function includesBuiltInRole(tx: Tx, roleIds: number[]): Promise<boolean> {
  if (roleIds.length === 0) return false;
  const [row] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.builtIn, true), inArray(roles.id, roleIds)));
  return row !== undefined;
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

// ---- Open live-update streams (stream-access.ts) ----

const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

export interface AudienceRow {
  user_id: number;
  project_id: number;
  /** Which of the asked permissions the user holds there, globally or through their project role. */
  permissions: string[];
}

/**
 * Each pair of an active user and a project they see (member, creator, or view_all_projects
 * held globally: the rule of projectAccess), for many users and projects in one query.
 */
export function selectProjectAudience(
  db: Tx,
  userIds: readonly number[],
  projectIds: readonly number[],
  permissionNames: readonly string[],
): Promise<AudienceRow[]> {
  return queryRows<AudienceRow>(
    db,
    sql`
    with held as (
      select ur.user_id, perm.name
      from user_roles ur
      join role_permissions rp on rp.role_id = ur.role_id
      join permissions perm on perm.id = rp.permission_id
      where ur.user_id = any(${intArray(userIds)})
    )
    select u.id as user_id, p.id as project_id,
      array(
        select perm.name from permissions perm
        where perm.name = any(${sql.param([...permissionNames])}::text[])
          and (exists (select 1 from held h where h.user_id = u.id and h.name = perm.name)
            or exists (select 1 from role_permissions rp
                       where rp.role_id = pm.role_id and rp.permission_id = perm.id))
      ) as permissions
    from users u
    join projects p on p.id = any(${intArray(projectIds)})
    left join project_members pm on pm.project_id = p.id and pm.user_id = u.id
    where u.id = any(${intArray(userIds)}) and u.status = 'active'
      and (pm.role_id is not null or p.created_by = u.id
        or exists (select 1 from held h where h.user_id = u.id and h.name = 'view_all_projects'))`,
  );
}

export interface SessionStateRow {
  kind: 'user' | 'revoked' | 'api-token';
  /** A user id or API token id (as text), or a revoked session's jti. */
  key: string;
  token_version: number | null;
}

/**
 * In one query: the active users among `userIds` with their token version, which of the session
 * ids `jtis` were signed out, and the unrevoked API tokens among `apiTokenIds` with the token
 * version they were made under.
 */
export function selectSessionStates(
  db: Tx,
  userIds: readonly number[],
  jtis: readonly string[],
  apiTokenIds: readonly number[],
): Promise<SessionStateRow[]> {
  return queryRows<SessionStateRow>(
    db,
    sql`
    select 'user' as kind, id::text as key, token_version from users
    where id = any(${intArray(userIds)}) and status = 'active'
    union all
    select 'revoked', jti, null from revoked_tokens where jti = any(${sql.param([...jtis])}::text[])
    union all
    select 'api-token', id::text, token_version from api_tokens
    where id = any(${intArray(apiTokenIds)}) and revoked_at is null`,
  );
}
