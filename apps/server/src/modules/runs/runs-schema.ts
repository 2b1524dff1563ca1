import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { testCases } from '../cases/cases-schema.ts';
import { projects } from '../projects/projects-schema.ts';

/** The tables the runs module owns (decision 176; docs/database.md lists every table's owner). */

export const testRuns = pgTable(
  'test_runs',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    // Copied from the case so the dashboard counters know the project without a join.
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('passed'),
    // No foreign key: the id stays when the user is deleted, so the app shows "ID: {id}".
    executedBy: integer('executed_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('test_runs_case_idx').on(t.caseId, t.id),
    index('test_runs_project_idx').on(t.projectId),
    check('test_runs_status_check', sql`${t.status} in ('passed', 'failed')`),
  ],
);
