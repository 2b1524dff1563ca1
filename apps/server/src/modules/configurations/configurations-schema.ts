import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { projects } from '../projects/projects-schema.ts';

/** The tables the configurations module owns (decision 176; docs/database.md lists every table's owner). */

/**
 * A project's configuration group (docs/product/milestones.md, "Configurations"), such as
 * `Browser`; names are unique in a project whatever their case.
 */
export const configurationGroups = pgTable(
  'configuration_groups',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('configuration_groups_project_name_idx').on(t.projectId, sql`lower(${t.name})`),
    index('configuration_groups_project_idx').on(t.projectId, t.id),
  ],
);

/** One value of a group (`Chrome` in `Browser`); names are unique in their group whatever their case. */
export const configurations = pgTable(
  'configurations',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => configurationGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('configurations_group_name_idx').on(t.groupId, sql`lower(${t.name})`)],
);
