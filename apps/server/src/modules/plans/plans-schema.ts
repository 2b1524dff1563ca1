import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { milestones } from '../milestones/milestones-schema.ts';
import { projects } from '../projects/projects-schema.ts';
import { users } from '../users/users-schema.ts';

/** The tables the plans module owns (decision 176; docs/database.md lists every table's owner). */

/**
 * A test plan (docs/product/plans.md): the cycles of a release made together, one per entry and
 * configuration combination. Its cycles point at it (`test_cycles.plan_id`, owned by cycles).
 */
export const testPlans = pgTable(
  'test_plans',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    milestoneId: integer('milestone_id').references(() => milestones.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    // No foreign key: the id stays when the user is deleted, as a cycle's created_by does.
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('test_plans_project_idx').on(t.projectId, t.id),
    index('test_plans_milestone_idx').on(t.milestoneId).where(sql`${t.milestoneId} is not null`),
  ],
);

/** One entry of a plan as it was asked for: its selection, configurations and assignee. */
export const testPlanEntries = pgTable(
  'test_plan_entries',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => testPlans.id, { onDelete: 'cascade' }),
    /** Null: the cycles take the plan's name. */
    name: text('name'),
    suiteIds: integer('suite_ids').array().notNull(),
    caseIds: integer('case_ids').array().notNull(),
    allCases: boolean('all_cases').notNull().default(false),
    configurationIds: integer('configuration_ids').array().notNull(),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('test_plan_entries_plan_idx').on(t.planId, t.id),
    index('test_plan_entries_assignee_idx').on(t.assigneeId).where(sql`${t.assigneeId} is not null`),
  ],
);
