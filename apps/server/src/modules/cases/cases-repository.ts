import type { ListQuery, TestCase } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { pageClause, textMatches } from '../../lib/list-paging.ts';
import { LOCK, type RowLock } from '../projects/row-locks.ts';

// has_children is one index probe on (parent_id, id) per row, inside the same query.
const COLUMNS = sql`c.id, c.name, c.description, c.project_id, c.suite_id, c.parent_id,
  exists (select 1 from test_cases k where k.parent_id = c.id) as has_children`;

/** Which cases a list shows; each matches one of the (…, parent_id, id) indexes. */
export const CASES_OF = {
  projectTopLevel: (projectId: number) => sql`c.project_id = ${projectId} and c.parent_id is null`,
  suiteTopLevel: (suiteId: number) => sql`c.suite_id = ${suiteId} and c.parent_id is null`,
  children: (caseId: number) => sql`c.parent_id = ${caseId}`,
};

export async function listCases(db: Tx, where: SQL, query: ListQuery): Promise<TestCase[]> {
  return queryRows<TestCase>(
    db,
    sql`
    select ${COLUMNS} from test_cases c
    where ${where} and ${textMatches(query.q, sql`c.name`)}
    order by c.id${pageClause(query)}`,
  );
}

export async function findCase(db: Tx, id: number, lock: RowLock = LOCK.none): Promise<TestCase | null> {
  const [row] = await queryRows<TestCase>(
    db,
    sql`select ${COLUMNS} from test_cases c where c.id = ${id}${lock}`,
  );
  return row ?? null;
}

export async function insertCase(
  tx: Tx,
  values: {
    projectId: number;
    suiteId: number | null;
    parentId: number | null;
    name: string;
    description: string;
  },
): Promise<TestCase> {
  const [row] = await queryRows<TestCase>(
    tx,
    sql`
    insert into test_cases as c (project_id, suite_id, parent_id, name, description)
    values (${values.projectId}, ${values.suiteId}, ${values.parentId}, ${values.name}, ${values.description})
    returning ${COLUMNS}`,
  );
  if (!row) throw new Error('insert into test_cases returned no row');
  return row;
}

export async function updateCase(
  tx: Tx,
  id: number,
  values: { name: string; description?: string | undefined },
): Promise<TestCase | null> {
  const [row] = await queryRows<TestCase>(
    tx,
    sql`
    update test_cases as c
    set name = ${values.name}, description = coalesce(${values.description ?? null}::text, c.description)
    where c.id = ${id}
    returning ${COLUMNS}`,
  );
  return row ?? null;
}

/**
 * One statement deletes the case and every descendant (their runs cascade). Naming the whole
 * subtree keeps a deep tree from nesting one cascade per level.
 */
export async function deleteCaseTree(tx: Tx, id: number): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`
    with recursive tree as (
      select id from test_cases where id = ${id}
      union all
      select k.id from test_cases k join tree on k.parent_id = tree.id
    )
    delete from test_cases where id in (select id from tree) returning id`,
  );
  return rows.length > 0;
}
