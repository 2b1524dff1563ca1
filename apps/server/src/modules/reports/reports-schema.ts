import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { testCases } from '../cases/cases-schema.ts';

/** The tables the reports module owns (decision 176; docs/database.md lists every table's owner). */

/**
 * Each case's results per branch (docs/product/reports.md), kept by a statement trigger on
 * cycle_results (db/triggers/case-result-stats.sql): how many, how many failed, and the sum of the
 * durations of those that carried one. `branch` is '' for cycles that name none (manual cycles
 * too). Deleting a cycle takes its results out again. The Reports page's slowest and most often
 * failing tests read it.
 */
export const caseResultStats = pgTable(
  'case_result_stats',
  {
    caseId: integer('case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    branch: text('branch').notNull(),
    projectId: integer('project_id').notNull(),
    results: integer('results').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    timed: integer('timed').notNull().default(0),
    durationSum: bigint('duration_sum', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.caseId, t.branch] }),
    index('case_result_stats_project_idx').on(t.projectId, t.branch),
  ],
);

/**
 * The same figures as case_result_stats, over every branch: one row per case, so "all branches"
 * ranks one row per case whatever the number of branches. Kept by the same trigger.
 */
export const caseResultTotals = pgTable(
  'case_result_totals',
  {
    caseId: integer('case_id')
      .primaryKey()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    results: integer('results').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    timed: integer('timed').notNull().default(0),
    durationSum: bigint('duration_sum', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('case_result_totals_project_idx').on(t.projectId)],
);
