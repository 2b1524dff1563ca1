import type { CaseStep, SharedSteps, SharedStepsUsage } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { isoText } from '../../db/iso-time.ts';
import { LOCK, type RowLock } from '../../db/row-locks.ts';
import { textMatches } from '../../lib/list-paging.ts';
import { updateCasesVersioned } from '../case-versions/version-record.ts';

/** SQL of shared step sets, their versions and their usage (docs/product/shared-steps.md). */

interface SetRow {
  id: number;
  project_id: number;
  name: string;
  description: string;
  steps: CaseStep[];
  version: number;
  case_count: number;
  creator_id: number | null;
  creator_username: string | null;
  created_at: string;
  updated_at: string;
}

const toSet = (row: SetRow): SharedSteps => ({
  id: row.id,
  project_id: row.project_id,
  name: row.name,
  description: row.description,
  steps: row.steps,
  version: row.version,
  case_count: row.case_count,
  creator: row.creator_id === null ? null : { id: row.creator_id, username: row.creator_username ?? '' },
  created_at: row.created_at,
  updated_at: row.updated_at,
});

const SET_COLUMNS = sql`s.id, s.project_id, s.name, s.description, s.steps, s.version,
  (select count(*)::int from case_shared_steps u where u.set_id = s.id) as case_count,
  u.id as creator_id, u.username as creator_username,
  ${isoText(sql`s.created_at`)} as created_at, ${isoText(sql`s.updated_at`)} as updated_at`;

/** A page of the project's sets by name (`q`: contained in the name, ignoring case) and how many match. */
export async function selectSetPage(
  db: Tx,
  projectId: number,
  q: string | undefined,
  page: { limit: number; offset: number },
): Promise<{ items: SharedSteps[]; total: number }> {
  const where = sql`s.project_id = ${projectId} and ${textMatches(q, sql`s.name`)}`;
  const rows = await queryRows<SetRow>(
    db,
    sql`select ${SET_COLUMNS} from shared_step_sets s left join users u on u.id = s.created_by
    where ${where} order by lower(s.name) collate "C", s.id limit ${page.limit} offset ${page.offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from shared_step_sets s where ${where}`,
  );
  return { items: rows.map(toSet), total: count?.n ?? 0 };
}

export async function findSet(db: Tx, id: number): Promise<SharedSteps | null> {
  const [row] = await queryRows<SetRow>(
    db,
    sql`select ${SET_COLUMNS} from shared_step_sets s left join users u on u.id = s.created_by where s.id = ${id}`,
  );
  return row ? toSet(row) : null;
}

/** What a version holds: the fields a person writes. */
export interface SetContent {
  name: string;
  description: string;
  steps: CaseStep[];
}

/** The set's project and content, locked as asked; null when there is none. */
export async function findSetContent(
  db: Tx,
  id: number,
  lock: RowLock = LOCK.none,
): Promise<(SetContent & { project_id: number; version: number }) | null> {
  const [row] = await queryRows<SetContent & { project_id: number; version: number }>(
    db,
    sql`select project_id, name, description, steps, version from shared_step_sets where id = ${id}${lock}`,
  );
  return row ?? null;
}

export async function findSetProjectId(db: Tx, id: number): Promise<number | undefined> {
  const [row] = await queryRows<{ project_id: number }>(
    db,
    sql`select project_id from shared_step_sets where id = ${id}`,
  );
  return row?.project_id;
}

/** The id of the project's set of this name (ignoring case), if any. */
export async function findSetIdByName(db: Tx, projectId: number, name: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from shared_step_sets where project_id = ${projectId} and lower(name) = lower(${name})`,
  );
  return row?.id ?? null;
}

export async function countSets(db: Tx, projectId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from shared_step_sets where project_id = ${projectId}`,
  );
  return row?.n ?? 0;
}

export async function insertSet(
  tx: Tx,
  projectId: number,
  content: SetContent,
  createdBy: number,
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into shared_step_sets (project_id, name, description, steps, created_by)
    values (${projectId}, ${content.name}, ${content.description}, ${JSON.stringify(content.steps)}::jsonb, ${createdBy})
    returning id`,
  );
  return row!.id;
}

/** Writes the content as the set's `version`. */
export async function updateSetRow(tx: Tx, id: number, content: SetContent, version: number): Promise<void> {
  await tx.execute(
    sql`update shared_step_sets set name = ${content.name}, description = ${content.description},
      steps = ${JSON.stringify(content.steps)}::jsonb, version = ${version}, updated_at = now()
    where id = ${id}`,
  );
}

export async function insertSetVersion(
  tx: Tx,
  setId: number,
  version: number,
  content: SetContent,
  authorId: number,
): Promise<void> {
  await tx.execute(
    sql`insert into shared_step_versions (set_id, version, author_id, content)
    values (${setId}, ${version}, ${authorId}, ${JSON.stringify(content)}::jsonb)`,
  );
}

export async function deleteSetRow(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`delete from shared_step_sets where id = ${id}`);
}

/** The cases that use the set, by id, and how many. */
export async function selectUsage(
  db: Tx,
  setId: number,
  page: { limit: number; offset: number },
): Promise<SharedStepsUsage> {
  const items = await queryRows<SharedStepsUsage['items'][number]>(
    db,
    sql`select c.id, c.name, c.suite_id, c.version from case_shared_steps u join test_cases c on c.id = u.case_id
    where u.set_id = ${setId} order by c.id limit ${page.limit} offset ${page.offset}`,
  );
  return { items, total: await countUsage(db, setId) };
}

export async function countUsage(db: Tx, setId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from case_shared_steps where set_id = ${setId}`,
  );
  return row?.n ?? 0;
}

/**
 * Gives every case that uses the set its next version (a crossing into the cases' and case
 * versions' tables by name, as bulk edits make, decision 217): one statement whatever the number of
 * cases. `steps` is the new step list of each case as an expression over its row `c` (the same
 * list when only the set changed); a case with no version rows yet first gets its content as it
 * was written as the version it is at. Answers how many cases.
 */
export function versionCasesUsing(
  tx: Tx,
  setId: number,
  steps: SQL,
  authorId: number,
  note: string,
): Promise<number> {
  return updateCasesVersioned(tx, {
    cases: sql`select u.case_id from case_shared_steps u where u.set_id = ${setId}`,
    set: sql`steps = (${steps})`,
    changed: ['steps'],
    authorId,
    note,
  });
}

/** A case's steps unchanged. */
export const SAME_STEPS = sql`c.steps`;

/** A case's steps with the set's references replaced by these steps, in place. */
export function stepsWithSetInlined(setId: number, steps: CaseStep[]): SQL {
  return sql`select coalesce(jsonb_agg(x.step order by x.ord, x.sub), '[]'::jsonb) from (
      select e.ord, 0::bigint as sub, e.step from jsonb_array_elements(c.steps) with ordinality as e(step, ord)
      where coalesce((e.step ->> 'shared_steps_id')::int, 0) <> ${setId}
      union all
      select e.ord, s.sub, s.step from jsonb_array_elements(c.steps) with ordinality as e(step, ord)
      cross join lateral jsonb_array_elements(${JSON.stringify(steps)}::jsonb) with ordinality as s(step, sub)
      where (e.step ->> 'shared_steps_id')::int = ${setId}
    ) x`;
}
