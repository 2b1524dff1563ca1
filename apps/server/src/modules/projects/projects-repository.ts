import type { ListQuery, Project } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { visibleProjectCondition } from '../../db/project-visibility.ts';
import { pageClause, textMatches } from '../../lib/list-paging.ts';
import type { Principal } from '../authz/authorization.ts';

const COLUMNS = sql`p.id, p.name, p.description, p.created_by`;

export async function listVisibleProjects(
  db: Tx,
  principal: Principal,
  query: ListQuery,
): Promise<Project[]> {
  return queryRows<Project>(
    db,
    sql`
    select ${COLUMNS} from projects p
    where ${visibleProjectCondition(principal, sql`p.id`)} and ${textMatches(query.q, sql`p.name`)}
    order by p.id${pageClause(query)}`,
  );
}

export async function countVisibleProjects(db: Tx, principal: Principal): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`
    select count(*)::int as n from projects p where ${visibleProjectCondition(principal, sql`p.id`)}`,
  );
  return row?.n ?? 0;
}

export async function findProject(db: Tx, id: number): Promise<Project | null> {
  const [row] = await queryRows<Project>(db, sql`select ${COLUMNS} from projects p where p.id = ${id}`);
  return row ?? null;
}

export async function insertProject(
  tx: Tx,
  values: { name: string; description: string; createdBy: number },
): Promise<Project> {
  const [row] = await queryRows<Project>(
    tx,
    sql`
    insert into projects as p (name, description, created_by)
    values (${values.name}, ${values.description}, ${values.createdBy})
    returning ${COLUMNS}`,
  );
  if (!row) throw new Error('insert into projects returned no row');
  return row;
}

/** Updates name and, when given, description; null when the project is gone. */
export async function updateProject(
  tx: Tx,
  id: number,
  values: { name: string; description?: string | undefined },
): Promise<Project | null> {
  const [row] = await queryRows<Project>(
    tx,
    sql`
    update projects as p
    set name = ${values.name}, description = coalesce(${values.description ?? null}::text, p.description)
    where p.id = ${id}
    returning ${COLUMNS}`,
  );
  return row ?? null;
}

/** What a project delete takes with it, for the audit log: counters, plus one index-only count. */
export async function countProjectContents(
  tx: Tx,
  id: number,
): Promise<{ suites: number; cases: number; runs: number }> {
  const [row] = await queryRows<{ suites: number; cases: number; runs: number }>(
    tx,
    sql`
    select coalesce((select suites from project_stats where project_id = ${id}), 0)::int as suites,
      (select count(*) from test_cases where project_id = ${id})::int as cases,
      coalesce((select passed + failed from project_stats where project_id = ${id}), 0)::int as runs`,
  );
  return { suites: row?.suites ?? 0, cases: row?.cases ?? 0, runs: row?.runs ?? 0 };
}

/**
 * One statement: the foreign keys cascade to suites, cases, runs, memberships and the
 * counters row, so the whole tree goes or nothing does.
 */
export async function deleteProject(tx: Tx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(tx, sql`delete from projects where id = ${id} returning id`);
  return rows.length > 0;
}
