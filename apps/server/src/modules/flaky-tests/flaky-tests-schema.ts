import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { testCases } from '../cases/cases-schema.ts';
import { projects } from '../projects/projects-schema.ts';

/** The tables the flaky-tests module owns (decision 176; docs/database.md lists every table's owner). */

/**
 * Flakiness per case and branch (docs/product/flaky-tests.md), kept by a statement trigger on
 * cycle_results in the same transaction as the results of import cycles: the outcomes (passed or
 * failed, a letter each) of the last 100 automated results, oldest first, with each one's case
 * version and time, and what they say under the project's window. `branch` is '' for imports
 * that named none.
 */
export const caseFlakiness = pgTable(
  'case_flakiness',
  {
    caseId: integer('case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    branch: text('branch').notNull(),
    // One letter per outcome, oldest first: p (passed) or f (failed); only the outcomes of the
    // case's newest version, all of `version` (db/triggers/flakiness.sql).
    states: text('states').notNull(),
    version: integer('version'),
    // The time of each flip within `states`, in order: one per pair of neighbours that differ.
    flipAts: timestamp('flip_ats', { withTimezone: true }).array().notNull().default(sql`'{}'`),
    results: integer('results').notNull().default(0),
    flips: integer('flips').notNull().default(0),
    firstFlipAt: timestamp('first_flip_at', { withTimezone: true }),
    lastFlipAt: timestamp('last_flip_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.caseId, t.branch] }),
    // The Flaky Tests page and `is:flaky` read only rows that can be flaky (K is at least 2).
    index('case_flakiness_flips_idx').on(t.caseId).where(sql`${t.flips} >= 2`),
  ],
);

/** A project's flakiness window N and flip threshold K; no row means 20 and 3. */
export const projectFlakySettings = pgTable('project_flaky_settings', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  windowSize: integer('window_size').notNull(),
  flipThreshold: integer('flip_threshold').notNull(),
});

/** A quarantined case; `until` (a date, UTC) ends it by itself when that day begins. */
export const caseQuarantines = pgTable('case_quarantines', {
  caseId: integer('case_id')
    .primaryKey()
    .references(() => testCases.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  until: date('until', { mode: 'string' }),
  // No foreign key: the id stays when the user is deleted, as a cycle's created_by does.
  createdBy: integer('created_by'),
  createdAt: createdAt(),
});
