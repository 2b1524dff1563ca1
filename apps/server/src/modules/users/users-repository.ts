import type { User } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

interface UserRow {
  id: number;
  username: string;
  email: string;
  max_user_limit: number | null;
  status: 'active' | 'inactive';
  parent_id: number | null;
  roles: { id: number; name: string }[] | null;
}

function toUser(row: UserRow): User {
  const roles = (row.roles ?? []).sort((a, b) => a.id - b.id);
  return {
    id: row.id,
    name: row.username,
    username: row.username,
    email: row.email,
    max_user_limit: row.max_user_limit,
    status: row.status,
    roleIds: roles.map((r) => r.id),
    Roles: roles,
    parent_id: row.parent_id,
  };
}

/** Users in the DESIGN §6 shape, with their global roles, filtered by `where` on alias `u`. */
export async function selectUsers(db: Tx, where: SQL = sql`true`, tail: SQL = sql``): Promise<User[]> {
  const rows = await queryRows<UserRow>(db, sql`
    select u.id, u.username, u.email, u.max_user_limit, u.status, u.parent_id,
      (select json_agg(json_build_object('id', r.id, 'name', r.name))
         from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id) as roles
    from users u
    where ${where}
    order by u.id
    ${tail}`);
  return rows.map(toUser);
}

export async function findUserById(db: Tx, id: number): Promise<User | null> {
  const [user] = await selectUsers(db, sql`u.id = ${id}`);
  return user ?? null;
}
