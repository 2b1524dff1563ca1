import type { CreateUserBody, EditUserBody, ListQuery, StatusCount, User } from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { dbViolationOf } from '../../lib/db-violation.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { auditDeleted, recordAudit } from '../audit-log/audit-entries.ts';
import { clearSecondFactorOf, disableTotp, verifyCurrentPassword } from '../auth/auth-service.ts';
import { hashChosenPassword } from '../auth/password.ts';
import type { SignInSettings } from '../auth/sign-in-settings.ts';
import {
  assertAnAdministratorRemains,
  assertCanActOnUser,
  assertCanDeleteUser,
  assertCanSeeUser,
  type Principal,
  requireUserDirectoryAccess,
} from '../authz/authorization.ts';
import {
  applyUserEdit,
  asIdentityConflict,
  auditedUser,
  auditedUserFields,
  insertUserWithRoles,
} from './user-writes.ts';
import {
  countUsersByStatus,
  deleteUserRow,
  findUserById,
  findUserRecord,
  hasSubUsers,
  listUsersPage,
  lockUserAgainstDelete,
} from './users-repository.ts';

const SUB_USERS_FIRST = "Delete or reassign this user's sub-users first";

export async function getUser(db: Db, principal: Principal, id: number): Promise<User> {
  const target = await findUserRecord(db, id);
  assertCanSeeUser(principal, target);
  const user = target && (await findUserById(db, id));
  if (!user) throw new NotFoundError('User not found');
  return user;
}

/** Keeps a user from being deleted until the transaction ends (a grant names them); 404 when missing. */
export async function lockExistingUser(tx: Tx, id: number): Promise<void> {
  if (!(await lockUserAgainstDelete(tx, id))) throw new NotFoundError('User not found');
}

export function getStatusCount(db: Db): Promise<StatusCount> {
  return countUsersByStatus(db);
}

export async function listUsers(db: Db, principal: Principal, query: ListQuery): Promise<User[]> {
  await requireUserDirectoryAccess(db, principal);
  return listUsersPage(db, query);
}

/** A top-level user: the root of a new account, whose max_user_limit caps its sub-users. */
export async function createUser(db: Db, principal: Principal, body: CreateUserBody): Promise<User> {
  const passwordHash = await hashChosenPassword(body.password);
  return db
    .transaction((tx) =>
      insertUserWithRoles(tx, principal, {
        username: body.username,
        email: body.email,
        passwordHash,
        maxUserLimit: body.max_user_limit ?? null,
        parentId: null,
        accountId: null,
        roleIds: body.roleIds ?? [],
      }),
    )
    .catch((error: unknown) => {
      throw asIdentityConflict(error);
    });
}

export async function editUser(
  db: Db,
  principal: Principal,
  id: number,
  body: EditUserBody,
  ip: string,
): Promise<User> {
  if (body.password && id === principal.id)
    await verifyCurrentPassword(db, principal, body.currentPassword, ip);
  const passwordHash = body.password ? await hashChosenPassword(body.password) : undefined;
  return db
    .transaction(async (tx) => {
      const target = await findUserRecord(tx, id, true);
      if (!target) throw new NotFoundError('User not found');
      return applyUserEdit(tx, principal, target, {
        username: body.username,
        email: body.email,
        passwordHash,
        roleIds: body.roleIds,
        status: body.status,
        maxUserLimit: body.max_user_limit,
      });
    })
    .catch((error: unknown) => {
      throw asIdentityConflict(error);
    });
}

/**
 * Serves users and sub-users alike (docs/product/users-and-sub-users.md, "The calls"); the
 * authorization module tells which caller may.
 */
export async function deleteUser(db: Db, principal: Principal, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const target = await findUserRecord(tx, id, true);
      assertCanDeleteUser(principal, target);
      if (!target) throw new NotFoundError('User not found');
      if (target.id === principal.id) throw new ConflictError('You cannot delete yourself', 'self_action');
      await assertCanActOnUser(tx, principal, target, 'delete');
      // Sub-users hang off their creator and account root; deleting those would orphan them.
      if (await hasSubUsers(tx, id)) throw new ConflictError(SUB_USERS_FIRST, 'in_use');
      const before = (await findUserById(tx, id)) as User;
      await deleteUserRow(tx, id);
      await auditDeleted(
        tx,
        principal,
        auditedUser(target, before),
        auditedUserFields(before),
        ` (${before.email})`,
      );
      await assertAnAdministratorRemains(tx);
    });
  } catch (error) {
    // A sub-user created under this user after the check is refused by the foreign key.
    if (dbViolationOf(error)?.kind === 'foreign-key') throw new ConflictError(SUB_USERS_FIRST, 'in_use');
    throw error;
  }
}

// What POST /api/auth/totp/disable answers without a password (its body's schema).
const PASSWORD_NEEDED = () =>
  new BadRequestError('Invalid password: password is required', [
    { field: 'password', message: 'is required' },
  ]);

/**
 * Turns off another user's second factor, for someone who lost their authenticator app
 * (docs/product/two-factor.md, "A lost phone"): whoever may change that user may; they sign in with
 * the password alone next, and an administrator who must use one sets it up again then. One's own
 * goes the way of POST /api/auth/totp/disable, current password and all, with its answers: a
 * session someone else got hold of must not take the second factor off the account.
 */
export async function resetTwoFactor(
  db: Db,
  settings: SignInSettings,
  principal: Principal,
  id: number,
  own: { password: string | undefined; ip: string },
): Promise<void> {
  if (id === principal.id) {
    if (own.password === undefined) throw PASSWORD_NEEDED();
    await disableTotp(db, settings, principal, own.password, own.ip);
    return;
  }
  await db.transaction(async (tx) => {
    const target = await findUserRecord(tx, id, true);
    if (!target) throw new NotFoundError('User not found');
    await assertCanActOnUser(tx, principal, target, 'change');
    const cleared = await clearSecondFactorOf(tx, id);
    if (!cleared) throw new ConflictError('Two-factor authentication is not on for this user', 'totp_not_on');
    await recordAudit(tx, principal, {
      action: 'update',
      entity: 'user',
      entityId: id,
      summary: `Turned off two-factor authentication for ${target.email}`,
      changes: { twoFactor: { before: cleared.wasOn, after: false } },
    });
  });
}
