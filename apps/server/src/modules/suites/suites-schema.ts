import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { projects } from '../projects/projects-schema.ts';

/** The tables the suites module owns (decision 176; docs/database.md lists every table's owner). */

export const suites = pgTable(
  'suites',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('suites_project_idx').on(t.projectId, t.id)],
);
