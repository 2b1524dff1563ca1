import type { ProjectMember } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { LOCK, type RowLock } from '../../db/row-locks.ts';

async function selectMembers(db: Tx, where: SQL, lock: RowLock = LOCK.none): Promise<ProjectMember[]> {
  // `for ... of pm` locks only the membership row, not the user or the role.
  const lockOf = lock === LOCK.none ? sql`` : sql`${lock} of pm`;
  return queryRows<ProjectMember>(
    db,
    sql`
    select u.id, u.username, u.email, json_build_object('id', r.id, 'name', r.name) as role
    from project_members pm
    join users u on u.id = pm.user_id
    join roles r on r.id = pm.role_id
    where ${where}
    order by u.id${lockOf}`,
  );
}

export function listMembers(db: Tx, projectId: number): Promise<ProjectMember[]> {
  return selectMembers(db, sql`pm.project_id = ${projectId}`);
}

export async function findMember(
  db: Tx,
  projectId: number,
  userId: number,
  lock: RowLock = LOCK.none,
): Promise<ProjectMember | null> {
  const [row] = await selectMembers(db, sql`pm.project_id = ${projectId} and pm.user_id = ${userId}`, lock);
  return row ?? null;
}

/** False when the user is already a member (the primary key decides, so races cannot double-add). */
export async function insertMember(
  tx: Tx,
  projectId: number,
  userId: number,
  roleId: number,
): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`
    insert into project_members (project_id, user_id, role_id) values (${projectId}, ${userId}, ${roleId})
    on conflict (project_id, user_id) do nothing
    returning user_id`,
  );
  return rows.length > 0;
}

export async function updateMemberRole(
  tx: Tx,
  projectId: number,
  userId: number,
  roleId: number,
): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`
    update project_members set role_id = ${roleId}
    where project_id = ${projectId} and user_id = ${userId}
    returning user_id`,
  );
  return rows.length > 0;
}

export async function deleteMember(tx: Tx, projectId: number, userId: number): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`
    delete from project_members where project_id = ${projectId} and user_id = ${userId} returning user_id`,
  );
  return rows.length > 0;
}
