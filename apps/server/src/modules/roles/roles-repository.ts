import type { Role } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

interface RoleRow {
  id: number;
  name: string;
  description: string;
  permissions: { id: number; name: string }[] | null;
}

/** Roles in the DESIGN §6 shape with their permissions, filtered by `where` on alias `r`. */
export async function selectRoles(db: Tx, where: SQL = sql`true`, tail: SQL = sql``): Promise<Role[]> {
  const rows = await queryRows<RoleRow>(db, sql`
    select r.id, r.name, r.description,
      (select json_agg(json_build_object('id', p.id, 'name', p.name) order by p.id)
         from role_permissions rp join permissions p on p.id = rp.permission_id
         where rp.role_id = r.id) as permissions
    from roles r
    where ${where}
    order by r.id
    ${tail}`);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    Permissions: row.permissions ?? [],
  }));
}

export async function findRoleById(db: Tx, id: number): Promise<Role | null> {
  const [role] = await selectRoles(db, sql`r.id = ${id}`);
  return role ?? null;
}
