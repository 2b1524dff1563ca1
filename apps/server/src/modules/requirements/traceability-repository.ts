import type {
  RequirementCoverage,
  RequirementStatus,
  TraceabilityCase,
  TraceabilityPage,
} from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { isoText } from '../../db/iso-time.ts';
import { intArray } from './requirement-links-repository.ts';
import {
  type CoverageColumns,
  type CoverageScope,
  countsOfRow,
  latestOfCaseSql,
  withCoverage,
} from './requirements-coverage.ts';

/** SQL of the traceability matrix (docs/product/requirements.md, "The matrix"). */

/**
 * A key's place among its siblings as one text, computed once per requirement: the text before a
 * trailing number, the number zero-padded to the longest key, then the key, ignoring case (the
 * order of keyOrder in requirements-repository, compared byte by byte).
 */
const SORT_KEY = sql`regexp_replace(lower(r.key), '[0-9]+$', '') || chr(1)
  || lpad(coalesce(substring(r.key from '([0-9]+)$'), ''), 50, '0') || chr(1) || lower(r.key)`;

/** Each parent before its children, siblings by key: the path of sort keys from the top. */
const treeOrder = (alias: string): SQL =>
  sql.raw(
    `${alias}.k0 collate "C", ${alias}.k1 collate "C" nulls first, ${alias}.k2 collate "C" nulls first`,
  );

export interface MatrixFilters {
  status?: RequirementStatus | undefined;
  coverage?: RequirementCoverage | undefined;
}

interface MatrixRow extends CoverageColumns {
  id: number;
  key: string;
  title: string;
  status: RequirementStatus;
  parent_id: number | null;
  depth: number;
  case_count: number;
}

export type MatrixRowBase = Omit<TraceabilityPage['items'][number], 'cases'>;

const toRowBase = (row: MatrixRow): MatrixRowBase => ({
  requirement: {
    id: row.id,
    key: row.key,
    title: row.title,
    status: row.status,
    parent_id: row.parent_id,
    depth: row.depth,
  },
  coverage: row.coverage,
  counts: countsOfRow(row),
  case_count: row.case_count,
});

function matrixSql(projectId: number, scope: CoverageScope, filters: MatrixFilters): SQL {
  return sql`${withCoverage(projectId, scope)},
    keyed as (select r.id, r.parent_id, ${SORT_KEY} as sk from requirements r where r.project_id = ${projectId}),
    tree as (
      select r.id, r.key, r.title, r.status, r.parent_id,
        case when p.id is null then 0 when g.id is null then 1 else 2 end as depth,
        coalesce(g.sk, p.sk, k.sk) as k0,
        case when g.id is not null then p.sk when p.id is not null then k.sk end as k1,
        case when g.id is not null then k.sk end as k2
      from requirements r
      join keyed k on k.id = r.id
      left join keyed p on p.id = k.parent_id
      left join keyed g on g.id = p.parent_id
      where r.project_id = ${projectId}${filters.status ? sql` and r.status = ${filters.status}` : sql``}
    ),
    rows as (
      select t.*, c.coverage, c.cases, c.passed, c.failing, c.untested from tree t join cov c on c.id = t.id
    ),
    picked as (select * from rows${filters.coverage ? sql` where coverage = ${filters.coverage}` : sql``})`;
}

type Summary = TraceabilityPage['summary'];

function summaryOf(text: string | Record<string, number> | null): Summary {
  const counts = (typeof text === 'string' ? JSON.parse(text) : (text ?? {})) as Record<string, number>;
  return {
    not_covered: counts.not_covered ?? 0,
    untested: counts.untested ?? 0,
    failing: counts.failing ?? 0,
    passing: counts.passing ?? 0,
  };
}

/**
 * A page of matrix rows in tree order, how many rows match, and the summary of the whole matrix
 * under the filters but `coverage`: one statement, the coverage computed once.
 */
export async function selectMatrixPage(
  db: Tx,
  projectId: number,
  scope: CoverageScope,
  filters: MatrixFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: MatrixRowBase[]; total: number; summary: Summary }> {
  const rows = await queryRows<MatrixRow & { total: number; summary: string | null }>(
    db,
    sql`${matrixSql(projectId, scope, filters)},
    page as (select * from picked t order by ${treeOrder('t')} limit ${page.limit} offset ${page.offset}),
    totals as (
      select (select count(*)::int from picked) as total,
        (select json_object_agg(coverage, n) from (select coverage, count(*)::int as n from rows group by coverage) s)::text
          as summary
    )
    select p.id, p.key, p.title, p.status, p.parent_id, p.depth, p.coverage, p.cases, p.passed, p.failing,
      p.untested, (select count(*)::int from requirement_cases l where l.requirement_id = p.id) as case_count,
      totals.total, totals.summary
    from totals left join page p on true
    order by ${treeOrder('p')}`,
  );
  const first = rows[0];
  const found = rows.filter((row) => row.id !== null);
  return {
    rows: found.map(toRowBase),
    total: first?.total ?? 0,
    summary: summaryOf(first?.summary ?? null),
  };
}

/** The directly linked cases of these requirements, each with its latest result in scope, by case id. */
export async function casesOfRows(
  db: Tx,
  projectId: number,
  scope: CoverageScope,
  requirementIds: number[],
  perRow: number | null,
): Promise<Map<number, TraceabilityCase[]>> {
  const byRow = new Map<number, TraceabilityCase[]>();
  if (requirementIds.length === 0) return byRow;
  const rows = await queryRows<{
    requirement_id: number;
    id: number;
    name: string;
    latest_state: string | null;
    latest_at: string | null;
    latest_cycle_id: number | null;
  }>(
    db,
    sql`select q.requirement_id, c.id, c.name, lr.latest_state, ${isoText(sql`lr.latest_at`)} as latest_at,
      lr.latest_cycle_id
    from unnest(${intArray(requirementIds)}) as q(requirement_id)
    cross join lateral (
      select t.id, t.name from requirement_cases l join test_cases t on t.id = l.case_id
      where l.requirement_id = q.requirement_id order by l.case_id${perRow === null ? sql`` : sql` limit ${perRow}`}
    ) c
    ${latestOfCaseSql(projectId, scope)}
    order by q.requirement_id, c.id`,
  );
  for (const row of rows) {
    const list = byRow.get(row.requirement_id) ?? [];
    list.push({
      id: row.id,
      name: row.name,
      latest:
        row.latest_state === null
          ? null
          : { state: row.latest_state, at: row.latest_at ?? '', cycle_id: row.latest_cycle_id },
    });
    byRow.set(row.requirement_id, list);
  }
  return byRow;
}

/** Whether the milestone is one of the project's. */
export async function isProjectMilestone(db: Tx, projectId: number, milestoneId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from milestones where id = ${milestoneId} and project_id = ${projectId}`,
  );
  return rows.length > 0;
}

/** Whether the configuration is one of the project's. */
export async function isProjectConfiguration(
  db: Tx,
  projectId: number,
  configurationId: number,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select c.id from configurations c join configuration_groups g on g.id = c.group_id
    where c.id = ${configurationId} and g.project_id = ${projectId}`,
  );
  return rows.length > 0;
}
