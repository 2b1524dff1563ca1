import { AUDIT_REDACTED, type AuditChanges, type User } from '@verdict/contract';
import type { Tx } from '../../db/client.ts';
import { dbViolationOf } from '../../lib/db-violation.ts';
import { ConflictError } from '../../lib/errors.ts';
import { type Audited, auditCreated, auditUpdated } from '../audit-log/audit-entries.ts';
import {
  assertAnAdministratorRemains,
  assertCanActOnUser,
  assertCanGrantRoles,
  type Principal,
} from '../authz/authorization.ts';
import { assertRolesExist } from '../roles/roles-service.ts';
import {
  findIdentityClash,
  findUserById,
  insertUser,
  type NewUserRow,
  replaceUserRoles,
  type UserRecord,
  updateUserRow,
} from './users-repository.ts';

/**
 * The rules that creating and editing share between users (/api/users/create, /edit) and
 * sub-users (/create-subuser, /update-subuser). Who may reach which target stays in the services.
 */

function identityConflict(field: 'email' | 'username'): ConflictError {
  return new ConflictError(`A user with this ${field} already exists`, 'name_taken');
}

/** A unique violation that slipped past the check (two requests racing) answers the same 409. */
export function asIdentityConflict(error: unknown): unknown {
  const violation = dbViolationOf(error);
  if (violation?.kind !== 'unique') return error;
  return identityConflict(violation.constraint.includes('username') ? 'username' : 'email');
}

async function assertIdentityFree(tx: Tx, identity: { username: string; email: string }, exceptId?: number) {
  const clash = await findIdentityClash(tx, identity, exceptId);
  if (clash) throw identityConflict(clash);
}

/** The fields of a user the audit log shows; roles by name, in id order. */
export function auditedUserFields(user: User) {
  return {
    username: user.username,
    email: user.email,
    status: user.status,
    max_user_limit: user.max_user_limit,
    roles: user.Roles.map((role) => role.name),
  };
}

/**
 * A user in an account is a sub-user (docs/product/users-and-sub-users.md); the audit log names
 * the two apart. `name` is the username summaries quote.
 */
export const auditedUser = (target: { accountId?: number | null | undefined }, user: User): Audited => ({
  entity: target.accountId == null ? 'user' : 'sub_user',
  id: user.id,
  name: user.username,
});

export interface NewUser extends Omit<NewUserRow, 'id' | 'status' | 'tokenVersion' | 'createdAt'> {
  roleIds: number[];
}

/** Inserts a user holding `roleIds`, each of whose permissions the creator must hold. */
export async function insertUserWithRoles(tx: Tx, principal: Principal, input: NewUser): Promise<User> {
  const { roleIds, ...row } = input;
  await assertRolesExist(tx, roleIds);
  await assertCanGrantRoles(tx, principal.permissions, roleIds);
  await assertIdentityFree(tx, row);
  const id = await insertUser(tx, { ...row, status: 'active' });
  await replaceUserRoles(tx, id, roleIds);
  const user = (await findUserById(tx, id)) as User;
  await auditCreated(tx, principal, auditedUser(row, user), auditedUserFields(user), ` (${user.email})`);
  return user;
}

/** An edit; an omitted optional field keeps its value. */
export interface UserEdit {
  username: string;
  email: string;
  passwordHash?: string | undefined;
  roleIds?: number[] | undefined;
  status?: 'active' | 'inactive' | undefined;
  maxUserLimit?: number | null | undefined;
}

/** Applies an edit to a target the caller may edit (already found and row-locked). */
export async function applyUserEdit(
  tx: Tx,
  principal: Principal,
  target: UserRecord,
  edit: UserEdit,
): Promise<User> {
  const deactivating = edit.status === 'inactive' && target.status === 'active';
  if (edit.status === 'inactive' && target.id === principal.id) {
    throw new ConflictError('You cannot deactivate yourself', 'self_action');
  }
  // Any change to another user, a new password included, needs every permission they hold.
  await assertCanActOnUser(tx, principal, target, 'change');
  const before = (await findUserById(tx, target.id)) as User;

  let rolesChanged = false;
  let rolesRemoved = false;
  if (edit.roleIds) {
    const next = new Set(edit.roleIds);
    const before = new Set(target.roleIds);
    await assertRolesExist(tx, edit.roleIds);
    // Only roles being ADDED must be within the editor's reach; roles already held may stay.
    await assertCanGrantRoles(
      tx,
      principal.permissions,
      edit.roleIds.filter((id) => !before.has(id)),
    );
    rolesRemoved = target.roleIds.some((id) => !next.has(id));
    rolesChanged = rolesRemoved || edit.roleIds.some((id) => !before.has(id));
  }
  await assertIdentityFree(tx, edit, target.id);

  // A new password or email ends every session and API token of the user (the token version
  // moves on), so whoever held one of them keeps nothing; so does deactivation.
  const emailChanged = edit.email.toLowerCase() !== target.email.toLowerCase();
  await updateUserRow(
    tx,
    target.id,
    {
      username: edit.username,
      email: edit.email,
      ...(edit.passwordHash ? { passwordHash: edit.passwordHash } : {}),
      ...(edit.maxUserLimit !== undefined ? { maxUserLimit: edit.maxUserLimit } : {}),
      ...(edit.status ? { status: edit.status } : {}),
    },
    Boolean(edit.passwordHash) || emailChanged || deactivating,
  );
  if (rolesChanged && edit.roleIds) await replaceUserRoles(tx, target.id, edit.roleIds);
  const after = (await findUserById(tx, target.id)) as User;
  // The password's value (and hash) is never recorded, only that it changed.
  const password: AuditChanges = edit.passwordHash
    ? { password: { before: AUDIT_REDACTED, after: AUDIT_REDACTED } }
    : {};
  await auditUpdated(
    tx,
    principal,
    auditedUser(target, after),
    auditedUserFields(before),
    auditedUserFields(after),
    password,
  );
  // Deactivation or a lost role may take away the last active holder of the Administrator role.
  if (deactivating || rolesRemoved) await assertAnAdministratorRemains(tx);
  return after;
}
