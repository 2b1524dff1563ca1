import type { CreateSubUserBody, ListQuery, SubUserList, UpdateSubUserBody, User } from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { ConflictError } from '../../lib/errors.ts';
import { verifyCurrentPassword } from '../auth/auth-service.ts';
import { hashChosenPassword } from '../auth/password.ts';
import { accountRootOf, type Principal, requireSubUserInAccount } from '../authz/authorization.ts';
import { applyUserEdit, asIdentityConflict, insertUserWithRoles } from './user-writes.ts';
import { countAccountSubUsers, findUserRecord, listUsersPage, lockAccountRoot } from './users-repository.ts';

/**
 * Sub-users belong to an account: the top-level user at the root of the creator chain
 * (docs/product/users-and-sub-users.md, "Users, sub-users and accounts"). Everything here is scoped
 * to the caller's account.
 */

export async function listSubUsers(db: Db, principal: Principal, query: ListQuery): Promise<SubUserList> {
  return { subUsers: await listUsersPage(db, query, accountRootOf(principal)) };
}

export async function createSubUser(db: Db, principal: Principal, body: CreateSubUserBody): Promise<User> {
  const passwordHash = await hashChosenPassword(body.password);
  const rootId = accountRootOf(principal);
  return db
    .transaction(async (tx) => {
      // The row lock makes concurrent creations in one account count one after another.
      const account = await lockAccountRoot(tx, rootId);
      if (!account) throw new Error(`Account root ${rootId} is missing`);
      const limit = account.maxUserLimit;
      if (limit !== null && (await countAccountSubUsers(tx, rootId)) >= limit) {
        throw new ConflictError(
          `This account has reached its limit of ${limit} sub-user${limit === 1 ? '' : 's'}`,
          'limit_reached',
        );
      }
      return insertUserWithRoles(tx, principal, {
        username: body.username,
        email: body.email,
        passwordHash,
        maxUserLimit: null,
        parentId: principal.id,
        accountId: rootId,
        roleIds: body.roleIds ?? [],
      });
    })
    .catch((error: unknown) => {
      throw asIdentityConflict(error);
    });
}

export async function updateSubUser(
  db: Db,
  principal: Principal,
  id: number,
  body: UpdateSubUserBody,
  ip: string,
): Promise<User> {
  if (body.password && id === principal.id)
    await verifyCurrentPassword(db, principal, body.currentPassword, ip);
  const passwordHash = body.password ? await hashChosenPassword(body.password) : undefined;
  return db
    .transaction(async (tx) => {
      const target = requireSubUserInAccount(principal, await findUserRecord(tx, id, true));
      return applyUserEdit(tx, principal, target, {
        username: body.username,
        email: body.email,
        passwordHash,
        roleIds: body.roleIds,
        status: body.status,
      });
    })
    .catch((error: unknown) => {
      throw asIdentityConflict(error);
    });
}
