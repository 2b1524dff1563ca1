import type { PermissionName } from '@verdict/contract';
import type { Tx } from '../../db/client.ts';
import { ADVISORY_LOCK, takeAdvisoryLock } from '../../db/row-locks.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { batchPerHandle, NaturalBatch } from '../../lib/natural-batch.ts';
import { authCacheOf } from './auth-cache.ts';
import {
  anActiveAdministratorExists,
  holdsInAnyProject,
  includesBuiltInRole,
  isTokenRevoked,
  type PrincipalRow,
  type ProjectRoleRow,
  selectPermissionNamesOfRoles,
  selectPrincipalRow,
  selectProjectRole,
} from './authz-repository.ts';

/**
 * The one place that answers "what may this user do here" (docs/product/roles-and-permissions.md).
 * Routes declare the
 * permission they need; services call these functions; nothing else decides access.
 */

export interface Principal {
  id: number;
  username: string;
  email: string;
  status: 'active' | 'inactive';
  tokenVersion: number;
  parentId: number | null;
  accountId: number | null;
  roleIds: number[];
  /** Union of the permission names of the user's global roles. */
  permissions: Set<string>;
}

/** Loads a user with their global roles and permissions in one query; null when missing. */
export async function loadPrincipal(db: Tx, userId: number): Promise<Principal | null> {
  const row = await selectPrincipalRow(db, userId);
  return row && toPrincipal(row);
}

/**
 * The caller of a session token in one query: the user (null when missing) and whether the
 * token was signed out. Cached per token (see auth-cache.ts).
 */
export async function loadSession(
  db: Tx,
  userId: number,
  jti: string,
): Promise<{ principal: Principal | null; revoked: boolean }> {
  const load = async () => {
    const row = await selectPrincipalRow(db, userId, jti);
    if (row) return { principal: toPrincipal(row), revoked: row.revoked };
    return { principal: null, revoked: await isTokenRevoked(db, jti) };
  };
  const cache = authCacheOf(db);
  return cache ? cache.get('session', `${userId}:${jti}`, load) : load();
}

function toPrincipal(row: PrincipalRow): Principal {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    status: row.status,
    tokenVersion: row.token_version,
    parentId: row.parent_id,
    accountId: row.account_id,
    roleIds: row.role_ids.map(Number).sort((a, b) => a - b),
    permissions: new Set(row.permission_names),
  };
}

export function missingPermission(permission: string): ForbiddenError {
  return new ForbiddenError(`You do not have the permission "${permission}"`, 'permission_missing');
}

/** Throws 403 naming the permission unless the user holds it globally. */
export function requireGlobal(principal: Principal, permission: PermissionName): void {
  if (!principal.permissions.has(permission)) throw missingPermission(permission);
}

/** Throws 403 naming the first permission when the user holds none of them globally. */
export function requireAnyGlobal(principal: Principal, options: PermissionName[]): void {
  if (!options.some((p) => principal.permissions.has(p))) throw missingPermission(options[0] ?? '');
}

export interface ProjectAccess {
  projectId: number;
  /**
   * Global permissions plus those of the user's role in this project (`projectPermissions`):
   * the set requireProject checks and the project detail answers as `my_permissions`.
   */
  permissions: Set<string>;
  memberRoleId: number | null;
}

/**
 * Inside a project a user holds their global permissions plus those of the role they hold as a
 * member there. The one rule for it: the guards check this set and the project detail shows it.
 */
export function projectPermissions(principal: Principal, projectRoleNames: Iterable<string>): Set<string> {
  return new Set([...principal.permissions, ...projectRoleNames]);
}

/** The permission names of a project access, sorted: what the project detail answers. */
export function permissionNamesOf(access: ProjectAccess): string[] {
  return [...access.permissions].sort();
}

/**
 * What the user may do inside a project, or null when they cannot see it. A project is
 * visible to its members, its creator, and holders of view_all_projects.
 */
export async function projectAccess(
  db: Tx,
  principal: Principal,
  projectId: number,
): Promise<ProjectAccess | null> {
  const load = async () =>
    accessFrom(principal, projectId, await selectProjectRole(db, principal.id, projectId));
  const cache = authCacheOf(db);
  // The whole answer is kept: it depends only on rows whose changes empty the cache.
  return cache ? cache.get('project', `${principal.id}:${projectId}`, load) : load();
}

function accessFrom(
  principal: Principal,
  projectId: number,
  row: ProjectRoleRow | null,
): ProjectAccess | null {
  if (!row) return null;
  const visible =
    row.role_id !== null || row.created_by === principal.id || principal.permissions.has('view_all_projects');
  if (!visible) return null;
  return {
    projectId,
    permissions: projectPermissions(principal, row.names),
    memberRoleId: row.role_id,
  };
}

/**
 * Resolves access to a project and checks a permission there. A project the user cannot see
 * answers 404, the same as a missing one, so ids do not reveal what exists.
 */
export async function requireProject(
  db: Tx,
  principal: Principal,
  projectId: number,
  permission?: PermissionName,
  notFoundMessage = 'Project not found',
): Promise<ProjectAccess> {
  const access = await projectAccess(db, principal, projectId);
  if (!access) throw new NotFoundError(notFoundMessage);
  if (permission && !access.permissions.has(permission)) throw missingPermission(permission);
  return access;
}

/** Permission names granted by the given roles. */
export async function permissionsOfRoles(db: Tx, roleIds: number[]): Promise<Set<string>> {
  return new Set(await selectPermissionNamesOfRoles(db, roleIds));
}

/**
 * No escalation (docs/product/roles-and-permissions.md, "Rules for roles"): nobody grants a
 * permission they do not hold in that scope.
 * `held` is the granter's permission set in the scope (global, or inside a project).
 */
export function assertCanGrant(held: Set<string>, granted: Iterable<string>): void {
  for (const name of granted) {
    if (!held.has(name)) {
      throw new ForbiddenError(
        `You cannot grant the permission "${name}" because you do not hold it`,
        'grant_not_held',
      );
    }
  }
}

/** Checks that every permission carried by the roles is held by the granter. */
export async function assertCanGrantRoles(db: Tx, held: Set<string>, roleIds: number[]): Promise<void> {
  assertCanGrant(held, await permissionsOfRoles(db, roleIds));
}

/**
 * Access to the project of a row reached through its own id (suite, case, run). A missing row
 * and a row in a project the user cannot see answer the same 404 with the same message, so
 * nested ids reveal nothing about what exists in other projects.
 */
export async function requireProjectOf(
  db: Tx,
  principal: Principal,
  projectId: number | null | undefined,
  notFoundMessage: string,
  permission?: PermissionName,
): Promise<ProjectAccess> {
  if (projectId === null || projectId === undefined) throw new NotFoundError(notFoundMessage);
  return requireProject(db, principal, projectId, permission, notFoundMessage);
}

// ---- Users, sub-users and accounts (docs/product/users-and-sub-users.md) ----

/** The subset of a user that access to that user depends on. */
export interface UserScope {
  id: number;
  accountId: number | null;
}

/** The top-level user at the root of the principal's account. */
export function accountRootOf(principal: Principal): number {
  return principal.accountId ?? principal.id;
}

/** True for a sub-user of the principal's account; the account root itself is not a sub-user. */
export function isSubUserInAccountOf(principal: Principal, target: UserScope): boolean {
  return target.accountId !== null && target.accountId === accountRootOf(principal);
}

/**
 * GET /api/users/{id}: oneself always; user admins anyone; sub-user managers the sub-users of
 * their account. Everyone else gets the same 403 whether or not the id exists.
 */
export function assertCanSeeUser(principal: Principal, target: UserScope | null): void {
  if (target?.id === principal.id) return;
  if (principal.permissions.has('view_admin_home') || principal.permissions.has('edit_admin_home')) return;
  const managesSubUsers =
    principal.permissions.has('manage_sub_users_home') || principal.permissions.has('manage_sub_users_edit');
  if (managesSubUsers && target && isSubUserInAccountOf(principal, target)) return;
  throw missingPermission('view_admin_home');
}

/**
 * DELETE /api/users/delete/{id} serves users and sub-users (docs/product/users-and-sub-users.md,
 * "The calls"): delete_admin_home deletes
 * anyone, manage_sub_users_delete only a sub-user of the caller's account.
 */
export function assertCanDeleteUser(principal: Principal, target: UserScope | null): void {
  if (principal.permissions.has('delete_admin_home')) return;
  if (
    principal.permissions.has('manage_sub_users_delete') &&
    target &&
    isSubUserInAccountOf(principal, target)
  ) {
    return;
  }
  throw missingPermission('delete_admin_home');
}

/** Sub-user routes reach only the sub-users of the caller's account; others look missing. */
export function requireSubUserInAccount<T extends UserScope>(principal: Principal, target: T | null): T {
  if (!target || !isSubUserInAccountOf(principal, target)) throw new NotFoundError('Sub-user not found');
  return target;
}

/**
 * The user list feeds the admin screen and the project member picker, so it is open to
 * view_admin_home, and to add_user_in_project held globally or through any project role.
 */
export async function requireUserDirectoryAccess(db: Tx, principal: Principal): Promise<void> {
  if (principal.permissions.has('view_admin_home') || principal.permissions.has('add_user_in_project'))
    return;
  if (!(await holdsInAnyProject(db, principal.id, 'add_user_in_project'))) {
    throw missingPermission('view_admin_home');
  }
}

/** The first of `needed` (in name order) that `held` lacks, or null. */
function firstMissing(held: Set<string>, needed: Iterable<string>): string | null {
  return [...needed].sort().find((name) => !held.has(name)) ?? null;
}

/**
 * Acting on another user (editing any field, deactivating, taking a role away, deleting, setting
 * their password) could lock them out or let the actor sign in as them, so it needs every
 * global permission that user holds. Anyone may act on themselves; the other rules (no
 * escalation, the last administrator) still apply.
 */
export async function assertCanActOnUser(
  db: Tx,
  principal: Principal,
  target: { id: number; roleIds: number[] },
  action: 'change' | 'delete',
): Promise<void> {
  if (target.id === principal.id) return;
  const missing = firstMissing(principal.permissions, await permissionsOfRoles(db, target.roleIds));
  if (missing !== null) {
    throw new ForbiddenError(
      `You cannot ${action} a user who holds the permission "${missing}", which you do not hold`,
      'grant_not_held',
    );
  }
}

/**
 * Changing or deleting a role changes what its holders may do, so it needs every permission the
 * role holds (and, through assertCanGrant, every permission it will hold).
 */
export function assertCanChangeRole(
  principal: Principal,
  roleName: string,
  rolePermissions: Iterable<string>,
  action: 'change' | 'delete',
): void {
  const missing = firstMissing(principal.permissions, rolePermissions);
  if (missing !== null) {
    throw new ForbiddenError(
      `You cannot ${action} the role "${roleName}": it holds the permission "${missing}", which you do not hold`,
      'grant_not_held',
    );
  }
}

/**
 * At least one active user must hold the built-in Administrator role (roles.built_in): holding
 * its permissions through another role does not count. Call inside the transaction AFTER the
 * change: the throw rolls it back. The advisory lock serialises these checks, so two concurrent
 * demotions cannot each see the other's administrator still in place (under READ COMMITTED the
 * check runs after the other transaction has committed).
 */
export async function assertAnAdministratorRemains(tx: Tx): Promise<void> {
  await takeAdvisoryLock(tx, ADVISORY_LOCK.administrators);
  if (!(await anActiveAdministratorExists(tx))) {
    throw new ConflictError(
      'This change would leave no active user with the Administrator role; keep at least one administrator',
    );
  }
}

/** Whether the user holds the built-in Administrator role (roles.built_in) among their global roles. */
export function isAdministrator(db: Tx, principal: Principal): Promise<boolean> {
  return includesBuiltInRole(db, principal.roleIds);
}

/**
 * Throws 403 unless the user holds the built-in Administrator role itself: what opens every
 * account (a backup holds the signing key and every password hash) is that role's alone, never
 * that of a role that only holds the same permissions.
 */
export async function requireAdministratorRole(db: Tx, principal: Principal, what: string): Promise<void> {
  if (!(await includesBuiltInRole(db, principal.roleIds))) {
    throw new ForbiddenError(
      `Only holders of the Administrator role may ${what}`,
      'administrator_role_required',
    );
  }
}

/**
 * A dashboard figure, read together with the same figure asked for at the same moment by
 * callers who see the same projects (lib/natural-batch.ts): everyone holding view_all_projects
 * shares one query, and so do one user's own concurrent requests. A request joins the next
 * query, never one already running, so it always sees the writes that came before it.
 */
export function visibleFigure<T>(
  db: Tx,
  figure: string,
  principal: Principal,
  load: () => Promise<T>,
): Promise<T> {
  return figureBatchOf(db).call({ key: `${figure}:${visibilityKey(principal)}`, load }) as Promise<T>;
}

function visibilityKey(principal: Principal): string {
  return principal.permissions.has('view_all_projects') ? 'all' : `user ${principal.id}`;
}

const figureBatchOf = batchPerHandle(
  (_db: Tx) =>
    new NaturalBatch<{ key: string; load: () => Promise<unknown> }, unknown>((asks) => {
      const reads = new Map<string, Promise<unknown>>();
      return Promise.all(
        asks.map(({ key, load }) => {
          let read = reads.get(key);
          if (!read) {
            read = load();
            reads.set(key, read);
          }
          return read;
        }),
      );
    }),
);
