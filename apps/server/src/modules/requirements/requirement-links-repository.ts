import type { RequirementDetail, RequirementRef } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { isoText } from '../../db/iso-time.ts';
import { LOCK, type RowLock } from '../../db/row-locks.ts';
import { latestOfCaseSql } from './requirements-coverage.ts';
import { keyOrder } from './requirements-repository.ts';

/** SQL of the links between cases and requirements (docs/product/requirements.md, "Links"). */

export const intArray = (ids: readonly number[]): SQL => sql`${`{${ids.join(',')}}`}::int[]`;

/** The requirements a case is linked to, by key. */
export function caseRequirementRefs(db: Tx, caseId: number): Promise<RequirementRef[]> {
  return queryRows<RequirementRef>(
    db,
    sql`select r.id, r.key, r.title from requirement_cases l join requirements r on r.id = l.requirement_id
    where l.case_id = ${caseId} order by ${keyOrder('r')}`,
  );
}

export interface CaseRef {
  id: number;
  name: string;
}

/** The cases linked to a requirement, by id. */
export function requirementCaseRefs(db: Tx, requirementId: number): Promise<CaseRef[]> {
  return queryRows<CaseRef>(
    db,
    sql`select c.id, c.name from requirement_cases l join test_cases c on c.id = l.case_id
    where l.requirement_id = ${requirementId} order by c.id`,
  );
}

/** The project's cases of these ids, locked (key share) so none goes while it is linked; by id. */
export function lockProjectCases(db: Tx, projectId: number, ids: number[]): Promise<CaseRef[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<CaseRef>(
    db,
    sql`select id, name from test_cases where project_id = ${projectId} and id = any(${intArray(ids)})
    order by id for key share`,
  );
}

/** Links the requirements to the case, or the cases to the requirement, where not linked yet; answers how many it made. */
export async function insertLinks(
  tx: Tx,
  projectId: number,
  links: { requirementIds: number[]; caseId: number } | { requirementId: number; caseIds: number[] },
  createdBy: number,
): Promise<number> {
  const pairs =
    'caseId' in links
      ? sql`select unnest(${intArray(links.requirementIds)}) as requirement_id, ${links.caseId}::int as case_id`
      : sql`select ${links.requirementId}::int as requirement_id, unnest(${intArray(links.caseIds)}) as case_id`;
  const rows = await queryRows<{ case_id: number }>(
    tx,
    sql`insert into requirement_cases (requirement_id, case_id, project_id, created_by)
    select v.requirement_id, v.case_id, ${projectId}, ${createdBy} from (${pairs}) as v
    order by v.requirement_id, v.case_id
    on conflict do nothing
    returning case_id`,
  );
  return rows.length;
}

export interface CaseTarget {
  id: number;
  name: string;
  project_id: number;
}

export async function findCaseTarget(
  db: Tx,
  caseId: number,
  lock: RowLock = LOCK.none,
): Promise<CaseTarget | null> {
  const [row] = await queryRows<CaseTarget>(
    db,
    sql`select id, name, project_id from test_cases where id = ${caseId}${lock}`,
  );
  return row ?? null;
}

/** Removes the case's links to requirements not in `keep`; answers the removed requirement ids. */
export async function unlinkCaseExcept(tx: Tx, caseId: number, keep: number[]): Promise<number[]> {
  const rows = await queryRows<{ requirement_id: number }>(
    tx,
    sql`delete from requirement_cases where case_id = ${caseId}
      ${keep.length > 0 ? sql`and requirement_id <> all(${intArray(keep)})` : sql``}
    returning requirement_id`,
  );
  return rows.map((r) => r.requirement_id);
}

/** Removes the requirement's links to cases not in `keep`; answers the removed case ids. */
export async function unlinkRequirementExcept(
  tx: Tx,
  requirementId: number,
  keep: number[],
): Promise<number[]> {
  const rows = await queryRows<{ case_id: number }>(
    tx,
    sql`delete from requirement_cases where requirement_id = ${requirementId}
      ${keep.length > 0 ? sql`and case_id <> all(${intArray(keep)})` : sql``}
    returning case_id`,
  );
  return rows.map((r) => r.case_id);
}

interface LatestRow {
  id: number;
  name: string;
  latest_state: string | null;
  latest_at: string | null;
  latest_cycle_id: number | null;
}

/** The requirement's directly linked cases with each one's latest result from any source. */
export async function casesWithLatest(
  db: Tx,
  projectId: number,
  requirementId: number,
): Promise<RequirementDetail['cases']> {
  const rows = await queryRows<LatestRow>(
    db,
    sql`select c.id, c.name, lr.latest_state, ${isoText(sql`lr.latest_at`)} as latest_at, lr.latest_cycle_id
    from requirement_cases l join test_cases c on c.id = l.case_id
    ${latestOfCaseSql(projectId, {})}
    where l.requirement_id = ${requirementId}
    order by c.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    latest:
      row.latest_state === null
        ? null
        : {
            state: row.latest_state,
            at: row.latest_at ?? '',
            source: row.latest_cycle_id === null ? 'run' : 'cycle',
            cycle_id: row.latest_cycle_id,
          },
  }));
}

/** A merge of cases: the requirements `fromId` is linked to are linked to `toId` too. */
export async function moveRequirementLinks(tx: Tx, fromId: number, toId: number): Promise<void> {
  await tx.execute(sql`insert into requirement_cases (requirement_id, case_id, project_id, created_by, created_at)
    select requirement_id, ${toId}, project_id, created_by, created_at from requirement_cases where case_id = ${fromId}
    order by requirement_id on conflict do nothing`);
  await tx.execute(sql`delete from requirement_cases where case_id = ${fromId}`);
}
