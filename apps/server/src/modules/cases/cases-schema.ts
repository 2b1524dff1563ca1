import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { projects } from '../projects/projects-schema.ts';
import { suites } from '../suites/suites-schema.ts';

/** The tables the cases module owns (decision 176; docs/database.md lists every table's owner). */

export const testCases = pgTable(
  'test_cases',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    suiteId: integer('suite_id').references(() => suites.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): any => testCases.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    // Status of the case's latest run (highest id), null when it never ran. Kept by triggers on
    // test_runs (db/triggers/case-latest-run.sql), so lists and the roll-up read it without a
    // probe per case.
    latestRunStatus: text('latest_run_status'),
    // Rich content (docs/product/rich-cases.md): Markdown preconditions, a priority, lower-case
    // tags, ordered steps [{action, expected}], custom field values by field id, and the number
    // of the case's current version (case_versions).
    preconditions: text('preconditions').notNull().default(''),
    priority: text('priority').notNull().default('medium'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    steps: jsonb('steps').notNull().default(sql`'[]'::jsonb`),
    customFields: jsonb('custom_fields').notNull().default(sql`'{}'::jsonb`),
    version: integer('version').notNull().default(1),
    // Parameters (docs/product/parameters.md): {columns: [...], rows: [[...]]}, null for none. A
    // cycle made from the case gets one item per row.
    parameters: jsonb('parameters'),
    // What words and phrases of a search match (docs/product/search.md): name, description,
    // preconditions and steps, lower-cased; written by a trigger (db/triggers/case-search.sql).
    searchText: text('search_text').notNull().default(''),
    // The case's id in the tool it was imported from (TestRail's "C123"), kept by the case import
    // (docs/product/case-import.md); null for a case made here.
    sourceId: text('source_id'),
  },
  (t) => [
    // The tree asks for "top-level cases of a project / suite" and "children of a case".
    index('test_cases_project_parent_idx').on(t.projectId, t.parentId, t.id),
    index('test_cases_suite_parent_idx').on(t.suiteId, t.parentId, t.id),
    index('test_cases_parent_idx').on(t.parentId, t.id),
    // The CSV export walks a project's cases in id order, a batch at a time (keyset paging).
    index('test_cases_project_id_idx').on(t.projectId, t.id),
    check('test_cases_latest_run_status_check', sql`${t.latestRunStatus} in ('passed', 'failed')`),
    check('test_cases_priority_check', sql`${t.priority} in ('critical', 'high', 'medium', 'low')`),
    // Search: words by trigram (created only where pg_trgm is available), tags by containment.
    index('test_cases_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('test_cases_tags_idx').using('gin', t.tags),
  ],
);

/** The tags of a project's cases with how many cases carry each, kept by db/triggers/project-tags.sql. */
export const projectTags = pgTable(
  'project_tags',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    cases: integer('cases').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.tag] })],
);

/**
 * A list version per suite, bumped by triggers with every write that changes what the suite's
 * case lists show (db/triggers/list-versions.sql); no foreign key, so a suite's delete never
 * waits on it.
 */
export const suiteListVersions = pgTable('suite_list_versions', {
  suiteId: integer('suite_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * What each list version changed (db/triggers/list-versions.sql): one row per case a write
 * touched, with the versions the write gave its project and suite, so a kept case list can apply
 * the few rows a write changed instead of reading 10,000 again (cases/case-list-cache.ts). A row
 * without a case stands for a write too large to list: kept lists of that scope are read again.
 * Old rows are pruned; a list whose versions are no longer all here is read again too.
 */
export const caseListChanges = pgTable(
  'case_list_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: integer('project_id').notNull(),
    projectVersion: bigint('project_version', { mode: 'number' }).notNull(),
    suiteId: integer('suite_id'),
    suiteVersion: bigint('suite_version', { mode: 'number' }),
    caseId: integer('case_id'),
    parentId: integer('parent_id'),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    index('case_list_changes_project_idx').on(t.projectId, t.projectVersion),
    index('case_list_changes_suite_idx').on(t.suiteId, t.suiteVersion),
    index('case_list_changes_at_idx').on(t.at),
  ],
);

/**
 * The cases that ran, with their latest run's status (test_cases.latest_run_status), kept by the
 * same trigger (db/triggers/case-latest-run.sql). Search reads it for `status:` terms and the
 * roll-up walks (docs/product/search.md). A table of its own because an index on
 * test_cases.latest_run_status would make every recorded run rewrite all of that table's indexes
 * (no HOT update), the trigram one included.
 */
export const caseRunStates = pgTable(
  'case_run_states',
  {
    caseId: integer('case_id')
      .primaryKey()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    status: text('status').notNull(),
  },
  (t) => [index('case_run_states_project_idx').on(t.projectId, t.status, t.caseId)],
);

/**
 * The cases whose latest result records no run (blocked, skipped or to retest, from a cycle or an
 * import) because it came after their latest run, with that result; kept by
 * db/triggers/case-unrun-results.sql. With case_run_states it answers each case's latest result
 * from any source, which requirement coverage reads (docs/product/requirements.md, "Coverage").
 */
export const caseUnrunResults = pgTable(
  'case_unrun_results',
  {
    caseId: integer('case_id')
      .primaryKey()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    state: text('state').notNull(),
    // No foreign key: the trigger that deletes a result takes its row out itself.
    resultId: integer('result_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('case_unrun_results_project_idx').on(t.projectId, t.caseId)],
);
