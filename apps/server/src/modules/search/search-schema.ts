import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { projects } from '../projects/projects-schema.ts';
import { users } from '../users/users-schema.ts';

/** The tables the search module owns (decision 176; docs/database.md lists every table's owner). */

/** A query a person saved for a project (docs/product/search.md, "Saved searches"); only theirs. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    q: text('q').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_searches_user_project_name_idx').on(t.userId, t.projectId, sql`lower(${t.name})`),
  ],
);
