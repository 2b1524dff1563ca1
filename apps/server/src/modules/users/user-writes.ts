import type { User } from '@verdict/contract';
import type { Tx } from '../../db/client.ts';
import { dbViolationOf } from '../../lib/db-violation.ts';
import { BadRequestError, ConflictError } from '../../lib/errors.ts';
import {
  assertAnAdministratorRemains,
  assertCanGrantRoles,
  assertCanSetPasswordOf,
  type Principal,
} from '../authz/authorization.ts';
import { findExistingRoleIds } from '../roles/roles-repository.ts';
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
  return new ConflictError(`A user with this ${field} already exists`);
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

/** Unknown role ids are a fault in the body, so they answer 400 naming the field. */
async function assertRolesExist(tx: Tx, roleIds: number[]): Promise<void> {
  const known = new Set(await findExistingRoleIds(tx, roleIds));
  const missing = roleIds.filter((id) => !known.has(id));
  if (missing.length === 0) return;
  const message = `Unknown role id${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`;
  throw new BadRequestError(message, [{ field: 'roleIds', message }]);
}

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
  return (await findUserById(tx, id)) as User;
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
    throw new ConflictError('You cannot deactivate yourself');
  }
  if (edit.passwordHash && target.id !== principal.id)
    await assertCanSetPasswordOf(tx, principal, target.roleIds);

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
    Boolean(edit.passwordHash) || deactivating,
  );
  if (rolesChanged && edit.roleIds) await replaceUserRoles(tx, target.id, edit.roleIds);
  // Deactivation or a lost role may take away the last active manage_admin_panel holder.
  if (deactivating || rolesRemoved) await assertAnAdministratorRemains(tx);
  return (await findUserById(tx, target.id)) as User;
}
