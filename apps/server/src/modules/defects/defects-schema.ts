import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { testCases } from '../cases/cases-schema.ts';
import { cycleItems, cycleResults, testCycles } from '../cycles/cycles-schema.ts';
import { projects } from '../projects/projects-schema.ts';

/** The tables the defects module owns (decision 176; docs/database.md lists every table's owner). */

/**
 * A project's issue tracker (docs/product/defects.md): how a defect id becomes a link, and where
 * "File a bug" opens a new issue. `project` is Jira's numeric project id, GitHub's `owner/repo` or
 * GitLab's project path; `issue_type` is Jira's issue type id; the templates are the `url` kind's
 * (`{id}` in the link, `{title}` and `{body}` in the new-issue address).
 */
export const projectTrackers = pgTable(
  'project_trackers',
  {
    projectId: integer('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    baseUrl: text('base_url').notNull().default(''),
    project: text('project').notNull().default(''),
    issueType: text('issue_type').notNull().default(''),
    linkTemplate: text('link_template').notNull().default(''),
    newIssueTemplate: text('new_issue_template').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('project_trackers_kind_check', sql`${t.kind} in ('jira', 'github', 'gitlab', 'url')`)],
);

/**
 * A defect linked to a case, a cycle item or one result of it (docs/product/defects.md). Every
 * link names its case (for `defect:` in search) and, below a case, its item and cycle (for the
 * cycle's defect list). `defect` is the tracker's id as shown (PROJ-12, #12); `url` the link.
 */
export const defectLinks = pgTable(
  'defect_links',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    caseId: integer('case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    cycleId: integer('cycle_id').references(() => testCycles.id, { onDelete: 'cascade' }),
    itemId: integer('item_id').references(() => cycleItems.id, { onDelete: 'cascade' }),
    resultId: integer('result_id').references(() => cycleResults.id, { onDelete: 'cascade' }),
    defect: text('defect').notNull(),
    url: text('url').notNull(),
    // No foreign key: the id stays when the user is deleted, as a cycle's created_by does.
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('defect_links_target_key').on(t.caseId, t.itemId, t.resultId, t.defect).nullsNotDistinct(),
    index('defect_links_project_defect_idx').on(t.projectId, sql`lower(${t.defect})`),
    index('defect_links_cycle_idx').on(t.cycleId),
    index('defect_links_item_idx').on(t.itemId),
    index('defect_links_result_idx').on(t.resultId),
  ],
);
