import type { User } from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { type Principal, requireAnyGlobal } from '../authz/authorization.ts';
import { findUserById } from './users-repository.ts';

export async function getUser(db: Db, principal: Principal, id: number): Promise<User> {
  if (id !== principal.id) requireAnyGlobal(principal, ['view_admin_home', 'edit_admin_home']);
  const user = await findUserById(db, id);
  if (!user) throw new NotFoundError('User not found');
  return user;
}
