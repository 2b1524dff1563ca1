import type { ConfigurationGroup } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { LOCK, type RowLock } from '../../db/row-locks.ts';

/** SQL of configuration groups and their configurations (docs/product/milestones.md, "Configurations"). */

async function selectGroups(db: Tx, where: SQL): Promise<ConfigurationGroup[]> {
  return queryRows<ConfigurationGroup>(
    db,
    sql`
    select g.id, g.project_id, g.name,
      coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.id)
        from configurations c where c.group_id = g.id), '[]'::json) as configurations
    from configuration_groups g
    where ${where}
    order by g.id`,
  ).then((rows) =>
    rows.map((row) => ({
      ...row,
      configurations:
        typeof row.configurations === 'string' ? JSON.parse(row.configurations) : row.configurations,
    })),
  );
}

export function listGroupsOfProject(db: Tx, projectId: number): Promise<ConfigurationGroup[]> {
  return selectGroups(db, sql`g.project_id = ${projectId}`);
}

export async function findGroup(db: Tx, id: number): Promise<ConfigurationGroup | null> {
  const [group] = await selectGroups(db, sql`g.id = ${id}`);
  return group ?? null;
}

export async function findGroupProjectId(
  db: Tx,
  id: number,
  lock: RowLock = LOCK.none,
): Promise<number | null> {
  const [row] = await queryRows<{ project_id: number }>(
    db,
    sql`select project_id from configuration_groups where id = ${id}${lock}`,
  );
  return row?.project_id ?? null;
}

export async function countGroups(db: Tx, projectId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from configuration_groups where project_id = ${projectId}`,
  );
  return row?.n ?? 0;
}

/** Whether another group of the project has this name, whatever its case. */
export async function groupNameTaken(
  db: Tx,
  projectId: number,
  name: string,
  exceptId = 0,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from configuration_groups
      where project_id = ${projectId} and lower(name) = lower(${name}) and id <> ${exceptId}`,
  );
  return rows.length > 0;
}

export async function insertGroup(tx: Tx, projectId: number, name: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into configuration_groups (project_id, name) values (${projectId}, ${name}) returning id`,
  );
  return row!.id;
}

export async function renameGroup(tx: Tx, id: number, name: string): Promise<void> {
  await tx.execute(sql`update configuration_groups set name = ${name} where id = ${id}`);
}

/**
 * Makes the group's configurations exactly `names`: a name already there (whatever its case) keeps
 * its row and id and takes the given spelling, the others are added in the given order, and
 * those not named go.
 */
export async function setConfigurations(tx: Tx, groupId: number, names: readonly string[]): Promise<void> {
  const lowered = names.map((n) => n.toLowerCase());
  await tx.execute(
    sql`delete from configurations where group_id = ${groupId} and lower(name) <> all(${sql.param(lowered)}::text[])`,
  );
  await tx.execute(sql`
    update configurations c set name = given.name
    from unnest(${sql.param([...names])}::text[]) as given(name)
    where c.group_id = ${groupId} and lower(c.name) = lower(given.name) and c.name <> given.name`);
  await tx.execute(sql`
    insert into configurations (group_id, name)
    select ${groupId}, given.name from unnest(${sql.param([...names])}::text[]) with ordinality as given(name, n)
    where not exists (select 1 from configurations c where c.group_id = ${groupId} and lower(c.name) = lower(given.name))
    order by given.n`);
}

export async function deleteGroupRow(tx: Tx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`delete from configuration_groups where id = ${id} returning id`,
  );
  return rows.length > 0;
}

export interface ConfigurationOfGroup {
  id: number;
  name: string;
  group_id: number;
  group_name: string;
}

/** Of these ids, the project's configurations with their groups, in group then configuration order. */
export function findProjectConfigurations(
  db: Tx,
  projectId: number,
  ids: readonly number[],
): Promise<ConfigurationOfGroup[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<ConfigurationOfGroup>(
    db,
    sql`
    select c.id, c.name, g.id as group_id, g.name as group_name
    from configurations c join configuration_groups g on g.id = c.group_id
    where c.id = any(${sql.param([...ids])}::int[]) and g.project_id = ${projectId}
    order by g.id, c.id`,
  );
}
