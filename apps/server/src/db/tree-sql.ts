import { type SQL, sql } from 'drizzle-orm';

/**
 * Fragments of the case-tree walks that more than one module's statements are built from (the
 * case lists and deletes, the exports). Each is a piece of one statement, never a statement.
 */

/** The roll-up of a group of latest statuses: failed beats passed, nothing ran is null. */
export const ROLLUP_OF = (status: SQL): SQL =>
  sql`case when bool_or(${status} = 'failed') then 'failed' when bool_or(${status} = 'passed') then 'passed' end`;

/**
 * One step down a tree: the children of `parent`, each one index probe on (parent_id, id).
 * OFFSET 0 keeps the planner from turning the step into a hash join over the whole table, which
 * it prefers once its (pessimistic) estimate of a recursive walk grows: a seq scan of every case
 * per level, whatever the size of the subtree.
 */
export const CHILDREN_OF = (parent: SQL) =>
  sql`lateral (select k.id, k.latest_run_status from test_cases k where k.parent_id = ${parent} offset 0) k`;
