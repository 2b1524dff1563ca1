import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { projects } from '../projects/projects-schema.ts';

/** The tables the milestones module owns (decision 176; docs/database.md lists every table's owner). */

/**
 * A project's release or sprint (docs/product/milestones.md). `parent_id` makes it a
 * sub-milestone, one level deep (the service refuses deeper); deleting the parent leaves its
 * sub-milestones as top-level ones. Names are unique in a project as typed, so a cycle's free-text
 * milestone names exactly one (decision 192).
 */
export const milestones = pgTable(
  'milestones',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => milestones.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    startDate: date('start_date'),
    dueDate: date('due_date'),
    state: text('state').notNull().default('open'),
    branch: text('branch'),
    // No foreign key: the id stays when the user is deleted, as a cycle's created_by does.
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    // The readiness rules set for it (docs/product/milestones.md, "Readiness"); null: the defaults.
    readinessRules: jsonb('readiness_rules'),
  },
  (t) => [
    uniqueIndex('milestones_project_name_idx').on(t.projectId, t.name),
    index('milestones_project_idx').on(t.projectId, t.id),
    index('milestones_parent_idx').on(t.parentId).where(sql`${t.parentId} is not null`),
    check('milestones_state_check', sql`${t.state} in ('open', 'completed')`),
  ],
);
