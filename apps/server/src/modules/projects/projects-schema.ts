import { bigint, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { roles } from '../roles/roles-schema.ts';
import { users } from '../users/users-schema.ts';

/** The tables the projects module owns (decision 176; docs/database.md lists every table's owner). */

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('projects_created_by_idx').on(t.createdBy)],
);

export const projectMembers = pgTable(
  'project_members',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    index('project_members_user_idx').on(t.userId),
    index('project_members_role_idx').on(t.roleId),
  ],
);

/**
 * Dashboard counters per project, maintained by triggers (db/triggers/dashboard-counters.sql) so
 * the dashboard never scans suites or runs per request (docs/product/dashboard.md, "The calls").
 */
export const projectStats = pgTable('project_stats', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  suites: integer('suites').notNull().default(0),
  passed: integer('passed').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  /** Bumped by every write that changes a case list of the project (db/triggers/list-versions.sql). */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
