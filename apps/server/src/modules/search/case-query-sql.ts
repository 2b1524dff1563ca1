import { CASE_PRIORITIES, type CaseField, FLAKY_DEFAULTS } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FieldTerm, QueryNode, QueryProblem, Term } from './case-query.ts';

/**
 * Turns parsed search terms into one SQL condition on `test_cases c` of one project
 * (docs/product/search.md, "The language"). Every term is checked here; a term that cannot be
 * understood is reported at its place and the query is not run.
 */

export interface QueryContext {
  projectId: number;
  /** The caller, for `assignee:me`. */
  userId: number;
  /** The project's custom fields, matched by name ignoring case. */
  fields: readonly CaseField[];
}

export interface BuiltQuery {
  where: SQL;
  /** Common table expressions the condition refers to (the roll-up sets), if any. */
  with: SQL | null;
  problems: QueryProblem[];
}

const BUILT_IN = [
  'tag',
  'priority',
  'status',
  'rollup',
  'suite',
  'assignee',
  'is',
  'defect',
  'milestone',
  'req',
  'has',
] as const;

/** `%` and `_` taken literally in LIKE (with backslash, the default escape). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const RUN_STATES: Record<string, 'passed' | 'failed' | 'none'> = {
  passed: 'passed',
  failed: 'failed',
  none: 'none',
  untested: 'none',
  'not-run': 'none',
};

/**
 * The query's tree as one condition: AND and OR in parentheses as grouped, a negated term or
 * group as `not coalesce(…, false)` so that a NULL (a custom field a case lacks) counts as no
 * match on both sides. Every value is a bound parameter.
 */
export function buildCaseQuery(tree: QueryNode | null, context: QueryContext): BuiltQuery {
  const problems: QueryProblem[] = [];
  const rollups = new Set<RollupSet>();
  const fail = (term: Term, message: string) =>
    problems.push({ index: term.index, source: term.source, message });
  const termCondition = (term: Term): SQL | null => {
    if (term.kind === 'text') return sql`c.search_text like ${`%${likeLiteral(term.text.toLowerCase())}%`}`;
    const built = fieldCondition(term, context, fail);
    return built === null ? null : built === 'rollup' ? rollupCondition(term, fail, rollups) : built;
  };
  // As deep as the parser lets groups nest (QUERY_DEPTH_MAX).
  const build = (node: QueryNode): SQL | null => {
    if (node.kind === 'term') {
      const condition = termCondition(node.term);
      if (!condition) return null;
      return node.term.negated ? sql`not coalesce(${condition}, false)` : condition;
    }
    if (node.kind === 'not') {
      const condition = build(node.child);
      return condition ? sql`not coalesce(${condition}, false)` : null;
    }
    const parts = node.children.map(build).filter((part): part is SQL => part !== null);
    if (parts.length === 0) return null;
    return sql`(${sql.join(parts, node.kind === 'and' ? sql` and ` : sql` or `)})`;
  };
  const where = (tree && build(tree)) ?? sql`true`;
  return { where, with: rollups.size > 0 ? rollupSets(context.projectId, rollups) : null, problems };
}

function fieldCondition(
  term: FieldTerm,
  context: QueryContext,
  fail: (term: Term, message: string) => void,
): SQL | 'rollup' | null {
  const value = term.value;
  const lower = value.toLowerCase();
  switch (term.field) {
    case 'tag':
      return sql`c.tags @> array[${lower.replace(/\s+/g, ' ')}]::text[]`;
    case 'priority':
      if (!(CASE_PRIORITIES as readonly string[]).includes(lower)) {
        fail(term, `Unknown priority "${value}": use critical, high, medium or low`);
        return null;
      }
      return sql`c.priority = ${lower}`;
    case 'status': {
      const state = RUN_STATES[lower];
      if (!state) {
        fail(term, `Unknown status "${value}": use passed, failed or none`);
        return null;
      }
      // The cases that ran come from case_run_states (db/triggers/case-latest-run.sql), by its index.
      return state === 'none'
        ? sql`c.latest_run_status is null`
        : sql`c.id = any(array(select s.case_id from case_run_states s
            where s.project_id = ${context.projectId} and s.status = ${state}))`;
    }
    case 'rollup':
      return 'rollup';
    case 'suite':
      if (lower === 'none') return sql`c.suite_id is null`;
      return sql`c.suite_id in (select s.id from suites s where s.project_id = ${context.projectId} and lower(s.name) = ${lower})`;
    case 'assignee': {
      const who =
        lower === 'me'
          ? sql`${context.userId}`
          : sql`(select u.id from users u where lower(u.username) = ${lower})`;
      return sql`exists (select 1 from cycle_items i join test_cycles y on y.id = i.cycle_id
        where i.case_id = c.id and y.state = 'open' and i.assignee_id = ${who})`;
    }
    case 'is':
      // docs/product/flaky-tests.md: flaky on some branch under the project's threshold K, or
      // under a quarantine whose end date has not come.
      if (lower === 'flaky') {
        return sql`exists (select 1 from case_flakiness f where f.case_id = c.id and f.flips >= 2
          and f.flips >= coalesce((select p.flip_threshold from project_flaky_settings p
            where p.project_id = ${context.projectId}), ${FLAKY_DEFAULTS.flips}))`;
      }
      if (lower === 'quarantined') {
        return sql`exists (select 1 from case_quarantines q where q.case_id = c.id
          and (q.until is null or q.until > (now() at time zone 'UTC')::date))`;
      }
      fail(term, `Unknown "is:${value}": use is:flaky or is:quarantined`);
      return null;
    case 'defect': {
      // docs/product/defects.md: a defect linked to the case, its items or results, any case;
      // `defect:12` also finds GitHub and GitLab's `#12`. Read by (project_id, lower(defect)).
      const forms = /^\d+$/.test(lower) ? [lower, `#${lower}`] : [lower];
      return sql`c.id in (select d.case_id from defect_links d where d.project_id = ${context.projectId}
        and lower(d.defect) in (${sql.join(
          forms.map((form) => sql`${form}`),
          sql`, `,
        )}))`;
    }
    case 'milestone': {
      // docs/product/milestones.md: an item in a cycle of the milestone of that name (ignoring
      // case) or of one of its sub-milestones; `milestone:none` for cases in no milestone's cycle.
      const inMilestone = (milestones: SQL) => sql`exists (select 1 from cycle_items i
        join test_cycles y on y.id = i.cycle_id
        where i.case_id = c.id and y.milestone_id in (${milestones}))`;
      if (lower === 'none') {
        return sql`not ${inMilestone(sql`select m.id from milestones m where m.project_id = ${context.projectId}`)}`;
      }
      return inMilestone(sql`select m.id from milestones m where m.project_id = ${context.projectId}
        and (lower(m.name) = ${lower} or m.parent_id in (select p.id from milestones p
          where p.project_id = ${context.projectId} and lower(p.name) = ${lower}))`);
    }
    case 'req':
      // docs/product/requirements.md: linked to the project's requirement of that key (ignoring
      // case), read by requirements_project_key_idx.
      return sql`c.id in (select l.case_id from requirement_cases l join requirements r on r.id = l.requirement_id
        where r.project_id = ${context.projectId} and lower(r.key) = ${lower})`;
    case 'has':
      if (lower === 'requirement') {
        return sql`exists (select 1 from requirement_cases l where l.case_id = c.id)`;
      }
      fail(term, `Unknown "has:${value}": use has:requirement`);
      return null;
    default:
      return customFieldCondition(term, context, fail);
  }
}

function customFieldCondition(
  term: FieldTerm,
  context: QueryContext,
  fail: (term: Term, message: string) => void,
): SQL | null {
  const field = context.fields.find((f) => f.name.toLowerCase() === term.field);
  if (!field) {
    const names = [...BUILT_IN, ...context.fields.map((f) => f.name)].join(', ');
    fail(term, `Unknown field "${term.field}": use one of ${names}`);
    return null;
  }
  const id = String(field.id);
  const text = sql`(c.custom_fields ->> ${id})`;
  const lower = term.value.toLowerCase();
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'url':
      return sql`lower(${text}) like ${`%${likeLiteral(lower)}%`}`;
    case 'select':
      return sql`lower(${text}) = ${lower}`;
    case 'multiselect':
      return sql`exists (select 1 from jsonb_array_elements_text(c.custom_fields -> ${id}) x where lower(x) = ${lower})`;
    case 'number': {
      const number = Number(term.value);
      if (!Number.isFinite(number)) {
        fail(term, `${field.name} is a number: "${term.value}" is not one`);
        return null;
      }
      return sql`(c.custom_fields -> ${id}) = to_jsonb(${number}::numeric)`;
    }
    case 'checkbox': {
      if (['yes', 'true', 'checked'].includes(lower)) return sql`(c.custom_fields -> ${id}) = 'true'::jsonb`;
      if (['no', 'false', 'unchecked'].includes(lower))
        return sql`coalesce(c.custom_fields -> ${id}, 'false'::jsonb) = 'false'::jsonb`;
      fail(term, `${field.name} is a checkbox: use yes or no`);
      return null;
    }
    case 'date':
      if (!/^\d{4}-\d{2}-\d{2}$/.test(term.value)) {
        fail(term, `${field.name} is a date: write it YYYY-MM-DD`);
        return null;
      }
      return sql`${text} = ${term.value}`;
    default:
      return null;
  }
}

type RollupSet = 'rollup_failed' | 'rollup_ran';

function rollupCondition(
  term: FieldTerm,
  fail: (term: Term, message: string) => void,
  needed: Set<RollupSet>,
): SQL | null {
  const state = RUN_STATES[term.value.toLowerCase()];
  if (!state) {
    fail(term, `Unknown roll-up "${term.value}": use passed, failed or none`);
    return null;
  }
  if (state === 'failed') {
    needed.add('rollup_failed');
    // As an array, so the cases are read by primary key rather than every case tested.
    return sql`c.id = any(array(select id from rollup_failed))`;
  }
  needed.add('rollup_ran');
  if (state === 'none') return sql`c.id not in (select id from rollup_ran)`;
  needed.add('rollup_failed');
  return sql`(c.id in (select id from rollup_ran) and c.id not in (select id from rollup_failed))`;
}

/**
 * The project's cases whose subtree holds a failed latest run (`rollup_failed`), and those whose
 * subtree holds any run (`rollup_ran`), only those the query needs: walked up from the cases that
 * ran, one primary-key probe a level (a case's roll-up is failed when any latest run below it,
 * itself included, failed; docs/product/cases.md).
 */
function rollupSets(projectId: number, needed: Set<RollupSet>): SQL {
  const status: Record<RollupSet, SQL> = {
    rollup_failed: sql` and s.status = 'failed'`,
    rollup_ran: sql``,
  };
  const up = (name: RollupSet) => sql`${sql.raw(name)}(id) as (
      select s.case_id from case_run_states s where s.project_id = ${projectId}${status[name]}
      union
      select a.parent_id from ${sql.raw(name)} u
        cross join lateral (select a.parent_id from test_cases a where a.id = u.id offset 0) a
        where a.parent_id is not null
    )`;
  return sql.join(
    [...needed].sort().map((name) => up(name)),
    sql`, `,
  );
}
