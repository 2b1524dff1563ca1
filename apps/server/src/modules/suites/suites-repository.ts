import type { ListQuery, Suite } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { visibleProjectCondition } from '../../db/project-visibility.ts';
import { LOCK, type RowLock } from '../../db/row-locks.ts';
import { pageClause, textMatches } from '../../lib/list-paging.ts';
import type { Principal } from '../authz/authorization.ts';

const COLUMNS = sql`s.id, s.name, s.description, s.project_id`;

export async function listSuitesOfProject(db: Tx, projectId: number, query: ListQuery): Promise<Suite[]> {
  return queryRows<Suite>(
    db,
    sql`
    select ${COLUMNS} from suites s
    where s.project_id = ${projectId} and ${textMatches(query.q, sql`s.name`)}
    order by s.id${pageClause(query)}`,
  );
}

/** Read from the trigger-kept counters, never by counting suites (docs/product/dashboard.md, "The calls"). */
export async function countVisibleSuites(db: Tx, principal: Principal): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`
    select coalesce(sum(ps.suites), 0)::int as n from project_stats ps
    where ${visibleProjectCondition(principal, sql`ps.project_id`)}`,
  );
  return row?.n ?? 0;
}

export async function findSuite(db: Tx, id: number, lock: RowLock = LOCK.none): Promise<Suite | null> {
  const [row] = await queryRows<Suite>(db, sql`select ${COLUMNS} from suites s where s.id = ${id}${lock}`);
  return row ?? null;
}

export async function insertSuite(
  tx: Tx,
  values: { projectId: number; name: string; description: string },
): Promise<Suite> {
  const [row] = await queryRows<Suite>(
    tx,
    sql`
    insert into suites as s (project_id, name, description)
    values (${values.projectId}, ${values.name}, ${values.description})
    returning ${COLUMNS}`,
  );
  if (!row) throw new Error('insert into suites returned no row');
  return row;
}

export async function updateSuite(
  tx: Tx,
  id: number,
  values: { name: string; description?: string | undefined },
): Promise<Suite | null> {
  const [row] = await queryRows<Suite>(
    tx,
    sql`
    update suites as s
    set name = ${values.name}, description = coalesce(${values.description ?? null}::text, s.description)
    where s.id = ${id}
    returning ${COLUMNS}`,
  );
  return row ?? null;
}

/** One statement: the suite's cases (children share its suite_id) and their runs cascade. */
/** How many cases (at any depth) a suite delete takes with it, for the audit log. */
export async function countSuiteCases(tx: Tx, id: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from test_cases where suite_id = ${id}`,
  );
  return row?.n ?? 0;
}

export async function deleteSuite(tx: Tx, id: number): Promise<boolean> {
  const rows = await queryRows(tx, sql`delete from suites where id = ${id} returning id`);
  return rows.length > 0;
}

/** The suites of the project with these names; the oldest wins when a name repeats. */
export async function findSuitesByName(
  tx: Tx,
  projectId: number,
  names: string[],
): Promise<Map<string, number>> {
  const rows = await queryRows<{ id: number; name: string }>(
    tx,
    sql`
    select distinct on (name) id, name from suites
    where project_id = ${projectId} and name = any(${sql.param(names)}::text[])
    order by name, id`,
  );
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** Makes a suite for each name in one statement (the imports); answers their ids by name. */
export async function insertSuites(tx: Tx, projectId: number, names: string[]): Promise<Map<string, number>> {
  const rows = await queryRows<{ id: number; name: string }>(
    tx,
    sql`
    insert into suites (project_id, name)
    select ${projectId}, n from unnest(${sql.param(names)}::text[]) as t(n)
    returning id, name`,
  );
  return new Map(rows.map((r) => [r.name, r.id]));
}
