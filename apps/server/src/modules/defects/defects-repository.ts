import type { CaseStep, CycleDefect, DefectLink, Tracker, TrackerSettings } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { isoText } from '../../db/iso-time.ts';

/** SQL of issue trackers and defect links (docs/product/defects.md). */

const TRACKER_COLUMNS = sql`project_id, kind, base_url, project, issue_type, link_template, new_issue_template,
  ${isoText(sql`updated_at`)} as updated_at`;

export async function findTracker(db: Tx, projectId: number): Promise<Tracker | null> {
  const [row] = await queryRows<Tracker>(
    db,
    sql`select ${TRACKER_COLUMNS} from project_trackers where project_id = ${projectId}`,
  );
  return row ?? null;
}

export async function saveTracker(db: Tx, projectId: number, t: TrackerSettings): Promise<Tracker> {
  const [row] = await queryRows<Tracker>(
    db,
    sql`insert into project_trackers
      (project_id, kind, base_url, project, issue_type, link_template, new_issue_template)
    values (${projectId}, ${t.kind}, ${t.base_url}, ${t.project}, ${t.issue_type}, ${t.link_template},
      ${t.new_issue_template})
    on conflict (project_id) do update set kind = excluded.kind, base_url = excluded.base_url,
      project = excluded.project, issue_type = excluded.issue_type, link_template = excluded.link_template,
      new_issue_template = excluded.new_issue_template, updated_at = now()
    returning ${TRACKER_COLUMNS}`,
  );
  return row!;
}

export async function deleteTracker(db: Tx, projectId: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`delete from project_trackers where project_id = ${projectId} returning project_id`,
  );
  return rows.length > 0;
}

/** Where a link goes: a case, or an item (and maybe one of its results) of a cycle. */
export interface LinkTarget {
  projectId: number;
  caseId: number;
  cycleId: number | null;
  itemId: number | null;
  resultId: number | null;
  /** The case's name, or the cycle's below a case: what the audit entry names. */
  name: string;
}

export async function findCaseTarget(db: Tx, caseId: number): Promise<LinkTarget | null> {
  const [row] = await queryRows<{ project_id: number; name: string }>(
    db,
    sql`select project_id, name from test_cases where id = ${caseId}`,
  );
  return row
    ? { projectId: row.project_id, caseId, cycleId: null, itemId: null, resultId: null, name: row.name }
    : null;
}

export async function findItemTarget(db: Tx, itemId: number): Promise<LinkTarget | null> {
  const [row] = await queryRows<{ project_id: number; case_id: number; cycle_id: number; name: string }>(
    db,
    sql`select y.project_id, i.case_id, i.cycle_id, y.name
    from cycle_items i join test_cycles y on y.id = i.cycle_id where i.id = ${itemId}`,
  );
  return row
    ? {
        projectId: row.project_id,
        caseId: row.case_id,
        cycleId: row.cycle_id,
        itemId,
        resultId: null,
        name: row.name,
      }
    : null;
}

export async function resultBelongsTo(db: Tx, resultId: number, itemId: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from cycle_results where id = ${resultId} and item_id = ${itemId}`,
  );
  return rows.length > 0;
}

const LINK_COLUMNS = sql`d.id, d.defect, d.url, d.case_id, d.item_id, d.result_id,
    case when y.id is null then null else json_build_object('id', y.id, 'name', y.name) end as cycle,
    case when u.id is null then null else json_build_object('id', u.id, 'username', u.username) end as creator,
    ${isoText(sql`d.created_at`)} as created_at`;
const LINK_FROM = sql`from defect_links d
  left join test_cycles y on y.id = d.cycle_id
  left join users u on u.id = d.created_by`;

function listLinks(db: Tx, where: SQL, limit: number): Promise<DefectLink[]> {
  return queryRows<DefectLink>(
    db,
    sql`select ${LINK_COLUMNS} ${LINK_FROM} where ${where} order by d.id desc limit ${limit}`,
  );
}

/** A link with its project, for the access check before it is answered or removed. */
export async function findLink(db: Tx, id: number): Promise<(DefectLink & { project_id: number }) | null> {
  const [row] = await queryRows<DefectLink & { project_id: number }>(
    db,
    sql`select d.project_id, ${LINK_COLUMNS} ${LINK_FROM} where d.id = ${id}`,
  );
  return row ?? null;
}

/** Inserts a link; null when the same defect is already linked to the same target. */
export async function insertLink(
  db: Tx,
  target: LinkTarget,
  defect: { defect: string; url: string },
  createdBy: number,
): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into defect_links (project_id, case_id, cycle_id, item_id, result_id, defect, url, created_by)
    values (${target.projectId}, ${target.caseId}, ${target.cycleId}, ${target.itemId}, ${target.resultId},
      ${defect.defect}, ${defect.url}, ${createdBy})
    on conflict on constraint defect_links_target_key do nothing
    returning id`,
  );
  return row?.id ?? null;
}

export async function deleteLink(db: Tx, id: number): Promise<void> {
  await db.execute(sql`delete from defect_links where id = ${id}`);
}

/** A case's links at every level, newest first. */
export function caseLinks(db: Tx, caseId: number, limit: number): Promise<DefectLink[]> {
  return listLinks(db, sql`d.case_id = ${caseId}`, limit);
}

/** An item's links and its results' links, newest first. */
export function itemLinks(db: Tx, itemId: number, limit: number): Promise<DefectLink[]> {
  return listLinks(db, sql`d.item_id = ${itemId}`, limit);
}

/** A cycle's defects (from its items and results), each once, with the cases that link it. */
export function cycleDefects(db: Tx, cycleId: number, limit: number): Promise<CycleDefect[]> {
  return queryRows<CycleDefect>(
    db,
    sql`select d.defect, min(d.url) as url,
      json_agg(distinct jsonb_build_object('id', c.id, 'name', c.name)) as cases
    from defect_links d join test_cases c on c.id = d.case_id
    where d.cycle_id = ${cycleId}
    group by d.defect
    order by max(d.id) desc
    limit ${limit}`,
  );
}

/** The defects of these cycles (from their items and results), each once, with the cases that link it. */
export function defectsOfCycles(db: Tx, cycleIds: number[], limit: number): Promise<CycleDefect[]> {
  if (cycleIds.length === 0) return Promise.resolve([]);
  return queryRows<CycleDefect>(
    db,
    sql`select d.defect, min(d.url) as url,
      json_agg(distinct jsonb_build_object('id', c.id, 'name', c.name)) as cases
    from defect_links d join test_cases c on c.id = d.case_id
    where d.cycle_id = any(${sql.param(cycleIds)}::int[])
    group by d.defect
    order by max(d.id) desc
    limit ${limit}`,
  );
}

/** What "File a bug" writes about a result: its case, item, cycle and what was recorded. */
export interface ResultReport {
  project_id: number;
  result_id: number;
  item_id: number;
  state: string;
  comment: string | null;
  failure_message: string | null;
  failure_type: string | null;
  step_results: ({ state: string; comment?: string } | null)[] | null;
  case_name: string;
  description: string;
  preconditions: string;
  steps: CaseStep[];
  cycle_name: string;
  environment: string | null;
  milestone: string | null;
  branch: string | null;
  commit: string | null;
  build_number: string | null;
  build_url: string | null;
}

export async function findResultReport(db: Tx, resultId: number): Promise<ResultReport | null> {
  const [row] = await queryRows<ResultReport>(
    db,
    sql`select y.project_id, r.id as result_id, i.id as item_id, r.state, r.comment, r.failure_message,
      r.failure_type, r.step_results, c.name as case_name, c.description, c.preconditions, expanded_steps(c.steps) as steps,
      y.name as cycle_name, y.environment, y.milestone, y.branch, y.commit, y.build_number, y.build_url
    from cycle_results r
    join cycle_items i on i.id = r.item_id
    join test_cycles y on y.id = i.cycle_id
    join test_cases c on c.id = i.case_id
    where r.id = ${resultId}`,
  );
  return row ?? null;
}

export async function findCycleProject(db: Tx, cycleId: number): Promise<number | null> {
  const [row] = await queryRows<{ project_id: number }>(
    db,
    sql`select project_id from test_cycles where id = ${cycleId}`,
  );
  return row?.project_id ?? null;
}

/**
 * A merge of cases: `fromId`'s defect links become `toId`'s, a link on an item that merges into
 * another (`pairs`) following it there; a link `toId` already has stays once.
 */
export async function moveDefectLinks(
  tx: Tx,
  fromId: number,
  toId: number,
  pairs: { from_item: number; to_item: number }[],
): Promise<void> {
  await tx.execute(sql`update defect_links d set item_id = p.t
    from unnest(${sql.param(pairs.map((p) => p.from_item))}::int[], ${sql.param(pairs.map((p) => p.to_item))}::int[]) as p(f, t)
    where d.case_id = ${fromId} and d.item_id = p.f
      and not exists (select 1 from defect_links x where x.case_id = ${toId} and x.defect = d.defect
        and x.item_id = p.t and x.result_id is not distinct from d.result_id)`);
  await tx.execute(sql`delete from defect_links d where d.case_id = ${fromId} and exists (
    select 1 from defect_links t where t.case_id = ${toId} and t.defect = d.defect
      and t.item_id is not distinct from d.item_id and t.result_id is not distinct from d.result_id)`);
  await tx.execute(sql`update defect_links set case_id = ${toId} where case_id = ${fromId}`);
}
