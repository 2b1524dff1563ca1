import type { Requirement, RequirementStatus, RequirementVersion } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { isoText } from '../../db/iso-time.ts';
import { LOCK, type RowLock } from '../../db/row-locks.ts';
import { type CoverageColumns, countsOfRow, withCoverage } from './requirements-coverage.ts';

/** SQL of requirements, their versions and their links to cases (docs/product/requirements.md). */

interface RequirementRow extends CoverageColumns {
  id: number;
  project_id: number;
  key: string;
  title: string;
  description: string;
  status: RequirementStatus;
  parent_id: number | null;
  external_url: string | null;
  version: number;
  has_children: boolean;
  case_count: number;
  creator_id: number | null;
  creator_username: string | null;
  created_at: string;
  updated_at: string;
}

const toRequirement = (row: RequirementRow): Requirement => ({
  id: row.id,
  project_id: row.project_id,
  key: row.key,
  title: row.title,
  description: row.description,
  status: row.status,
  parent_id: row.parent_id,
  external_url: row.external_url,
  version: row.version,
  has_children: row.has_children,
  case_count: row.case_count,
  coverage: row.coverage,
  counts: countsOfRow(row),
  creator: row.creator_id === null ? null : { id: row.creator_id, username: row.creator_username ?? '' },
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/**
 * Keys in a natural order (REQ-2 before REQ-10): the text before a trailing number, the number,
 * then the whole key, ignoring case and byte by byte, so both databases sort alike.
 */
export function keyOrder(alias: string): SQL {
  const key = sql.raw(`${alias}.key`);
  return sql`regexp_replace(lower(${key}), '[0-9]+$', '') collate "C",
    (substring(${key} from '([0-9]+)$'))::numeric nulls first, lower(${key}) collate "C"`;
}

/** The columns of a Requirement from `r` (requirements) and `c` (cov). */
const REQUIREMENT_COLUMNS = sql`r.id, r.project_id, r.key, r.title, r.description, r.status, r.parent_id,
  r.external_url, r.version,
  exists (select 1 from requirements ch where ch.parent_id = r.id) as has_children,
  (select count(*)::int from requirement_cases rc where rc.requirement_id = r.id) as case_count,
  c.coverage, c.cases, c.passed, c.failing, c.untested, u.id as creator_id, u.username as creator_username,
  ${isoText(sql`r.created_at`)} as created_at, ${isoText(sql`r.updated_at`)} as updated_at`;

export interface RequirementFilters {
  q?: string | undefined;
  status?: RequirementStatus | undefined;
  coverage?: string | undefined;
  /** 0: the top level. */
  parentId?: number | undefined;
}

function filterSql(filters: RequirementFilters): SQL {
  const parts: SQL[] = [sql`true`];
  if (filters.q) {
    parts.push(sql`(r.key ilike ${filters.q} or r.title ilike ${filters.q})`);
  }
  if (filters.status) parts.push(sql`r.status = ${filters.status}`);
  if (filters.coverage) parts.push(sql`c.coverage = ${filters.coverage}`);
  if (filters.parentId === 0) parts.push(sql`r.parent_id is null`);
  else if (filters.parentId !== undefined) parts.push(sql`r.parent_id = ${filters.parentId}`);
  return sql.join(parts, sql` and `);
}

/**
 * A page of the project's requirements by key, each with its coverage, and how many match. Without
 * a coverage filter the page is chosen first and only its requirements' coverage computed; with
 * one, every requirement's, in one statement (a page past the end still answers the total).
 */
export async function selectRequirementPage(
  db: Tx,
  projectId: number,
  filters: RequirementFilters,
  page: { limit: number; offset: number },
): Promise<{ items: Requirement[]; total: number }> {
  const within = filters.coverage
    ? undefined
    : {
        name: 'page_ids',
        query: sql`select r.id from requirements r where r.project_id = ${projectId} and ${filterSql(filters)}
          order by ${keyOrder('r')} limit ${page.limit} offset ${page.offset}`,
      };
  const total = filters.coverage
    ? sql`select count(*)::int from picked`
    : sql`select count(*)::int from requirements r where r.project_id = ${projectId} and ${filterSql(filters)}`;
  const rows = await queryRows<RequirementRow & { total: number }>(
    db,
    sql`${withCoverage(projectId, {}, within)},
    picked as (select r.id, r.key, c.coverage, c.cases, c.passed, c.failing, c.untested
      from requirements r join cov c on c.id = r.id
      where r.project_id = ${projectId} and ${filterSql(filters)}${within ? sql` and r.id in (select id from page_ids)` : sql``}),
    page as (select * from picked r${
      within ? sql`` : sql` order by ${keyOrder('r')} limit ${page.limit} offset ${page.offset}`
    })
    select ${REQUIREMENT_COLUMNS}, totals.total
    from (${total}) as totals(total)
    left join page c on true
    left join requirements r on r.id = c.id
    left join users u on u.id = r.created_by
    order by ${keyOrder('r')}`,
  );
  const items = rows.filter((row) => row.id !== null).map(toRequirement);
  return { items, total: rows[0]?.total ?? 0 };
}

/** One requirement with its coverage (no scope). */
export async function findRequirement(db: Tx, id: number): Promise<Requirement | null> {
  const ref = await findRequirementRef(db, id);
  if (!ref) return null;
  const [row] = await queryRows<RequirementRow>(
    db,
    sql`${withCoverage(ref.project_id, {})}
    select ${REQUIREMENT_COLUMNS} from requirements r join cov c on c.id = r.id
    left join users u on u.id = r.created_by
    where r.id = ${id}`,
  );
  return row ? toRequirement(row) : null;
}

export interface RequirementRef {
  id: number;
  project_id: number;
  parent_id: number | null;
  key: string;
  title: string;
}

const REF_COLUMNS = sql`id, project_id, parent_id, key, title`;

export async function findRequirementRef(
  db: Tx,
  id: number,
  lock: RowLock = LOCK.none,
): Promise<RequirementRef | null> {
  const [row] = await queryRows<RequirementRef>(
    db,
    sql`select ${REF_COLUMNS} from requirements where id = ${id}${lock}`,
  );
  return row ?? null;
}

/** The project's requirements of these ids, by key, locked so none goes while linked (others are left out). */
export function findProjectRequirements(db: Tx, projectId: number, ids: number[]): Promise<RequirementRef[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<RequirementRef>(
    db,
    sql`select ${REF_COLUMNS} from requirements r
    where r.project_id = ${projectId} and r.id = any(${`{${ids.join(',')}}`}::int[])
    order by ${keyOrder('r')} for key share`,
  );
}

export async function findRequirementByKey(
  db: Tx,
  projectId: number,
  key: string,
): Promise<RequirementRef | null> {
  const [row] = await queryRows<RequirementRef>(
    db,
    sql`select ${REF_COLUMNS} from requirements where project_id = ${projectId} and lower(key) = lower(${key})`,
  );
  return row ?? null;
}

export async function countRequirements(db: Tx, projectId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from requirements where project_id = ${projectId}`,
  );
  return row?.n ?? 0;
}

/** 0 for a top-level requirement, 1 for its child, 2 for a grandchild. */
export async function depthOf(db: Tx, id: number): Promise<number> {
  const [row] = await queryRows<{ depth: number }>(
    db,
    sql`select case when p.id is null then 0 when p.parent_id is null then 1 else 2 end as depth
    from requirements r left join requirements p on p.id = r.parent_id where r.id = ${id}`,
  );
  return row?.depth ?? 0;
}

/** How many levels hang below it: 0 (none), 1 (children) or 2 (grandchildren). */
export async function heightOf(db: Tx, id: number): Promise<number> {
  const [row] = await queryRows<{ height: number }>(
    db,
    sql`select case
      when exists (select 1 from requirements c join requirements g on g.parent_id = c.id where c.parent_id = ${id}) then 2
      when exists (select 1 from requirements c where c.parent_id = ${id}) then 1 else 0 end as height`,
  );
  return row?.height ?? 0;
}

/** Whether `id` is `ancestorId` or below it. */
export async function isWithin(db: Tx, id: number, ancestorId: number): Promise<boolean> {
  const [row] = await queryRows<{ inside: boolean }>(
    db,
    sql`select exists (select 1 from requirements r left join requirements p on p.id = r.parent_id
      where r.id = ${id} and (r.id = ${ancestorId} or r.parent_id = ${ancestorId} or p.parent_id = ${ancestorId})) as inside`,
  );
  return row?.inside ?? false;
}

/**
 * The first `REQ-<n>` from the project's counter on that no key of the project takes (ignoring
 * case), and the counter moved past it. One statement, however many keys were typed by hand.
 */
export async function nextFreeKey(tx: Tx, projectId: number): Promise<string> {
  await tx.execute(
    sql`insert into requirement_counters (project_id) values (${projectId}) on conflict (project_id) do nothing`,
  );
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select n from requirement_counters k
    cross join lateral generate_series(k.next_number, k.next_number + 60000) as n
    where k.project_id = ${projectId}
      and not exists (select 1 from requirements r where r.project_id = ${projectId} and lower(r.key) = 'req-' || n)
    order by n limit 1`,
  );
  const n = row!.n;
  await tx.execute(
    sql`update requirement_counters set next_number = ${n + 1} where project_id = ${projectId}`,
  );
  return `REQ-${n}`;
}

/** What a version holds: the fields a person writes. */
export interface RequirementContent {
  key: string;
  title: string;
  description: string;
  status: RequirementStatus;
  parent_id: number | null;
  external_url: string | null;
}

export async function insertRequirement(
  tx: Tx,
  projectId: number,
  content: RequirementContent,
  createdBy: number,
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into requirements (project_id, parent_id, key, title, description, status, external_url, created_by)
    values (${projectId}, ${content.parent_id}, ${content.key}, ${content.title}, ${content.description},
      ${content.status}, ${content.external_url}, ${createdBy})
    returning id`,
  );
  return row!.id;
}

/** Writes the content as the next version (the requirement's `version` becomes it). */
export async function updateRequirementRow(
  tx: Tx,
  id: number,
  content: RequirementContent,
  version: number,
): Promise<void> {
  await tx.execute(
    sql`update requirements set key = ${content.key}, title = ${content.title}, description = ${content.description},
      status = ${content.status}, parent_id = ${content.parent_id}, external_url = ${content.external_url},
      version = ${version}, updated_at = now()
    where id = ${id}`,
  );
}

export async function insertVersion(
  tx: Tx,
  requirementId: number,
  version: number,
  content: RequirementContent,
  authorId: number,
): Promise<void> {
  await tx.execute(
    sql`insert into requirement_versions (requirement_id, version, author_id, content)
    values (${requirementId}, ${version}, ${authorId}, ${JSON.stringify(content)}::jsonb)`,
  );
}

/** The stored content of a requirement (for versions and audit), locked as asked. */
export async function findContent(db: Tx, id: number, lock: RowLock = LOCK.none) {
  const [row] = await queryRows<RequirementContent & { version: number; project_id: number }>(
    db,
    sql`select project_id, key, title, description, status, parent_id, external_url, version
    from requirements where id = ${id}${lock}`,
  );
  return row ?? null;
}

export async function selectVersions(
  db: Tx,
  requirementId: number,
  page: { limit: number; offset: number },
): Promise<{ items: RequirementVersion[]; total: number }> {
  const rows = await queryRows<{
    version: number;
    content: RequirementContent | string;
    author_id: number | null;
    author_username: string | null;
    created_at: string;
  }>(
    db,
    sql`select v.version, v.content, u.id as author_id, u.username as author_username,
      ${isoText(sql`v.created_at`)} as created_at
    from requirement_versions v left join users u on u.id = v.author_id
    where v.requirement_id = ${requirementId}
    order by v.version desc limit ${page.limit} offset ${page.offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from requirement_versions where requirement_id = ${requirementId}`,
  );
  const items = rows.map((row) => {
    const content = (
      typeof row.content === 'string' ? JSON.parse(row.content) : row.content
    ) as RequirementContent;
    return {
      version: row.version,
      key: content.key,
      title: content.title,
      description: content.description,
      status: content.status,
      parent_id: content.parent_id,
      external_url: content.external_url,
      author: row.author_id === null ? null : { id: row.author_id, username: row.author_username ?? '' },
      created_at: row.created_at,
    };
  });
  return { items, total: count?.n ?? 0 };
}

/** Deletes the requirement and everything below it; answers how many went. */
export async function deleteRequirementRow(tx: Tx, id: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`with gone as (delete from requirements where id = ${id} returning id) select count(*)::int as n from gone`,
  );
  return row?.n ?? 0;
}

/** How many requirements hang below it (children and grandchildren). */
export async function countBelow(db: Tx, id: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select (select count(*) from requirements where parent_id = ${id})::int
      + (select count(*) from requirements c join requirements g on g.parent_id = c.id where c.parent_id = ${id})::int as n`,
  );
  return row?.n ?? 0;
}

export interface UnmetRequirement {
  id: number;
  key: string;
  title: string;
  coverage: string;
}

/** The project's approved requirements whose coverage within the milestone is not passing, by key. */
export async function selectUnmetRequirements(
  db: Tx,
  projectId: number,
  milestoneId: number,
  limit: number,
): Promise<{ whole: number; list: UnmetRequirement[] }> {
  const rows = await queryRows<UnmetRequirement & { whole: number }>(
    db,
    sql`${withCoverage(projectId, { milestoneId })}
    select r.id, r.key, r.title, c.coverage, (count(*) over ())::int as whole
    from requirements r join cov c on c.id = r.id
    where r.project_id = ${projectId} and r.status = 'approved' and c.coverage <> 'passing'
    order by ${keyOrder('r')}
    limit ${limit}`,
  );
  return { whole: rows[0]?.whole ?? 0, list: rows.map(({ whole: _, ...row }) => row) };
}
