import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { testCases } from '../cases/cases-schema.ts';
import { configurations } from '../configurations/configurations-schema.ts';
import { milestones } from '../milestones/milestones-schema.ts';
import { testPlanEntries, testPlans } from '../plans/plans-schema.ts';
import { projects } from '../projects/projects-schema.ts';
import { testRuns } from '../runs/runs-schema.ts';
import { users } from '../users/users-schema.ts';

/** The tables the cycles module owns (decision 176; docs/database.md lists every table's owner). */

/**
 * Test cycles (docs/product/cycles.md): a named execution of a chosen set of a project's cases.
 * `source` is 'import' for a cycle a JUnit import created, which then carries its CI facts.
 */
export const testCycles = pgTable(
  'test_cycles',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Kept equal to the name of the milestone of `milestone_id` (null for none), for readers of the text. */
    milestone: text('milestone'),
    milestoneId: integer('milestone_id').references(() => milestones.id, { onDelete: 'set null' }),
    environment: text('environment'),
    /** The test plan that made it, and the plan's entry (docs/product/plans.md); null once detached. */
    planId: integer('plan_id').references(() => testPlans.id, { onDelete: 'set null' }),
    planEntryId: integer('plan_entry_id').references(() => testPlanEntries.id, { onDelete: 'set null' }),
    state: text('state').notNull().default('open'),
    source: text('source').notNull().default('manual'),
    branch: text('branch'),
    commit: text('commit'),
    buildUrl: text('build_url'),
    buildNumber: text('build_number'),
    // No foreign key: the id stays when the user is deleted, as a run's executed_by does.
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('test_cycles_project_idx').on(t.projectId, t.id),
    index('test_cycles_branch_idx').on(t.projectId, sql`coalesce(${t.branch}, '')`, t.id),
    index('test_cycles_milestone_idx').on(t.milestoneId).where(sql`${t.milestoneId} is not null`),
    index('test_cycles_plan_idx').on(t.planId, t.id).where(sql`${t.planId} is not null`),
    index('test_cycles_plan_entry_idx').on(t.planEntryId).where(sql`${t.planEntryId} is not null`),
    check('test_cycles_state_check', sql`${t.state} in ('open', 'closed')`),
    check('test_cycles_source_check', sql`${t.source} in ('manual', 'import')`),
  ],
);

/**
 * How many items of a cycle are in each state, kept by triggers on cycle_items
 * (db/triggers/cycle-counts.sql), so lists and progress bars never count items per request. A
 * table of its own, written last in every transaction (after the case rows and project_stats), so
 * one lock order holds.
 */
export const cycleCounts = pgTable('cycle_counts', {
  cycleId: integer('cycle_id')
    .primaryKey()
    .references(() => testCycles.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
  untested: integer('untested').notNull().default(0),
  passed: integer('passed').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  blocked: integer('blocked').notNull().default(0),
  skipped: integer('skipped').notNull().default(0),
  retest: integer('retest').notNull().default(0),
  /** The sum of its items' elapsed_ms (each item's latest result's duration), kept the same way. */
  durationMs: bigint('duration_ms', { mode: 'number' }).notNull().default(0),
  /** For an import's cycle: the flaky tests on its branch right after it (docs/product/reports.md). */
  flakyCount: integer('flaky_count'),
});

/**
 * The configurations a cycle is run on (`Chrome`, `Linux`), one of each group at most; a plan
 * writes them when it makes the cycle. A removed configuration leaves its cycles.
 */
export const cycleConfigurations = pgTable(
  'cycle_configurations',
  {
    cycleId: integer('cycle_id')
      .notNull()
      .references(() => testCycles.id, { onDelete: 'cascade' }),
    configurationId: integer('configuration_id')
      .notNull()
      .references(() => configurations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.cycleId, t.configurationId] }),
    index('cycle_configurations_configuration_idx').on(t.configurationId),
  ],
);

/**
 * One case in one cycle, or one data row of a parameterized case (docs/product/parameters.md); the
 * item goes when its case or cycle does.
 */
export const cycleItems = pgTable(
  'cycle_items',
  {
    id: serial('id').primaryKey(),
    cycleId: integer('cycle_id')
      .notNull()
      .references(() => testCycles.id, { onDelete: 'cascade' }),
    caseId: integer('case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    /** The case's data row it runs, from 1; 0 for a case without parameters. */
    parameterRow: integer('parameter_row').notNull().default(0),
    /** The row as the cycle took it, {columns, values}: later edits of the case's rows leave it. */
    parameterValues: jsonb('parameter_values'),
    state: text('state').notNull().default('untested'),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    results: integer('results').notNull().default(0),
    /** Its latest result's duration (null: none, or the result carried none). */
    elapsedMs: integer('elapsed_ms'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cycle_items_cycle_case_row_idx').on(t.cycleId, t.caseId, t.parameterRow),
    index('cycle_items_cycle_idx').on(t.cycleId, t.id),
    index('cycle_items_case_idx').on(t.caseId),
    // Partial: only assigned items are looked up by assignee.
    index('cycle_items_assignee_idx').on(t.assigneeId, t.id).where(sql`${t.assigneeId} is not null`),
    check(
      'cycle_items_state_check',
      sql`${t.state} in ('untested', 'passed', 'failed', 'blocked', 'skipped', 'retest')`,
    ),
  ],
);

/**
 * A result recorded on an item, oldest first. A passed or failed result also recorded the case's
 * test run (`run_id`); deleting the cycle deletes those runs too.
 */
export const cycleResults = pgTable(
  'cycle_results',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => cycleItems.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    comment: text('comment'),
    elapsedMs: integer('elapsed_ms'),
    runId: integer('run_id').references(() => testRuns.id, { onDelete: 'set null' }),
    executedBy: integer('executed_by'),
    // What a JUnit report said of a failure or error: its message, type and text (each cut to
    // IMPORT_LIMITS.failureTextMax characters).
    failureMessage: text('failure_message'),
    failureType: text('failure_type'),
    failureText: text('failure_text'),
    /** Per step of the case, in step order: [{state, comment}] or null entries (rich-cases.md). */
    stepResults: jsonb('step_results'),
    /** The case's version when the result was recorded. */
    caseVersion: integer('case_version'),
    /** A JUnit testcase's system-out and system-err, cut to IMPORT_LIMITS.logMax characters. */
    log: text('log'),
    createdAt: createdAt(),
  },
  (t) => [
    index('cycle_results_item_idx').on(t.itemId, t.id),
    index('cycle_results_run_idx').on(t.runId),
    check(
      'cycle_results_state_check',
      sql`${t.state} in ('passed', 'failed', 'blocked', 'skipped', 'retest')`,
    ),
  ],
);
