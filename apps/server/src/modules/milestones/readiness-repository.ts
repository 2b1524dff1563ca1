import type { ReadinessRules } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import type { CycleCountColumns } from '../cycles/cycle-count-columns.ts';

/**
 * SQL of a milestone's readiness (docs/product/milestones.md, "Readiness"). Every figure is a sum
 * of the cycle_counts rows the database keeps per cycle, or a read of failed items and their defect
 * links by their indexes: never a count of a milestone's items.
 */

/** The cycles of the milestone and of its sub-milestones, through test_cycles_milestone_idx. */
const scope = (milestoneId: number): SQL => sql`
  select y.id, y.name from test_cycles y
  where y.milestone_id in (select ${milestoneId}::int union all select s.id from milestones s where s.parent_id = ${milestoneId})`;

/** The rules set for the milestone; null when it never set any. Read as text: both drivers agree. */
export async function findReadinessRules(db: Tx, milestoneId: number): Promise<ReadinessRules | null> {
  const [row] = await queryRows<{ rules: string | null }>(
    db,
    sql`select readiness_rules::text as rules from milestones where id = ${milestoneId}`,
  );
  return row?.rules ? (JSON.parse(row.rules) as ReadinessRules) : null;
}

export async function saveReadinessRules(tx: Tx, milestoneId: number, rules: ReadinessRules): Promise<void> {
  await tx.execute(
    sql`update milestones set readiness_rules = ${JSON.stringify(rules)}::jsonb, updated_at = now()
    where id = ${milestoneId}`,
  );
}

export interface ConfigurationSums extends CycleCountColumns {
  /** The configurations' names in their groups' order; null for the cycles without any. */
  name: string | null;
  cycles: number;
}

/**
 * The counts of the milestone's cycles by configuration combination (the same configurations,
 * whatever their cycles' names), the cycles without configurations as one group, that group
 * first and then by name.
 */
export function countsByConfiguration(db: Tx, milestoneId: number): Promise<ConfigurationSums[]> {
  return queryRows<ConfigurationSums>(
    db,
    sql`
    with scope as (${scope(milestoneId)}),
    keyed as (
      select scope.id, k.key, k.name from scope
      left join lateral (
        select string_agg(c.id::text, ',' order by g.id, c.id) as key,
          string_agg(c.name, ', ' order by g.id, c.id) as name
        from cycle_configurations cc
        join configurations c on c.id = cc.configuration_id
        join configuration_groups g on g.id = c.group_id
        where cc.cycle_id = scope.id
      ) k on true
    )
    select min(keyed.name) as name, count(*)::int as cycles, sum(n.total)::int as total,
      sum(n.untested)::int as untested, sum(n.passed)::int as passed, sum(n.failed)::int as failed,
      sum(n.blocked)::int as blocked, sum(n.skipped)::int as skipped, sum(n.retest)::int as retest
    from keyed join cycle_counts n on n.cycle_id = keyed.id
    group by keyed.key
    order by keyed.key is not null, min(keyed.name)`,
  );
}

/** The milestone's cycles holding items not yet tested (untested or to retest), most first. */
export function cyclesWithUntested(
  db: Tx,
  milestoneId: number,
  limit: number,
): Promise<{ id: number; name: string; untested: number; whole: number }[]> {
  return queryRows(
    db,
    sql`
    with scope as (${scope(milestoneId)})
    select scope.id, scope.name, (n.untested + n.retest)::int as untested, (count(*) over ())::int as whole
    from scope join cycle_counts n on n.cycle_id = scope.id
    where n.untested + n.retest > 0
    order by n.untested + n.retest desc, scope.id
    limit ${limit}`,
  );
}

export interface OpenDefect {
  defect: string;
  url: string;
  case_id: number;
  case_name: string;
  cycle_id: number;
}

/**
 * Defects linked to an item of the milestone's cycles, or to one of its results, while the item
 * is failed: each defect once per case, by defect and then case name; how many defects, and how
 * many defect and case pairs.
 */
export async function openDefects(
  db: Tx,
  milestoneId: number,
  limit: number,
): Promise<{ defects: number; pairs: number; list: OpenDefect[] }> {
  const linked = sql`
    with scope as (${scope(milestoneId)})
    select d.defect, d.url, d.case_id, c.name as case_name, d.cycle_id
    from scope
    join defect_links d on d.cycle_id = scope.id
    join cycle_items i on i.id = d.item_id and i.state = 'failed'
    join test_cases c on c.id = d.case_id`;
  const [counted] = await queryRows<{ defects: number; pairs: number }>(
    db,
    sql`select count(distinct lower(l.defect))::int as defects,
      count(distinct (lower(l.defect), l.case_id))::int as pairs
    from (${linked}) l`,
  );
  const list = await queryRows<OpenDefect>(
    db,
    sql`
    select distinct on (lower(l.defect), l.case_name, l.case_id) l.defect, l.url, l.case_id, l.case_name, l.cycle_id
    from (${linked}) l
    order by lower(l.defect), l.case_name, l.case_id, l.cycle_id
    limit ${limit}`,
  );
  return { defects: counted?.defects ?? 0, pairs: counted?.pairs ?? 0, list };
}
