import { boolean, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/** The tables the permissions module owns (decision 176; docs/database.md lists every table's owner). */

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique('permissions_name_key'),
  description: text('description').notNull().default(''),
  // Catalogue permissions are checked by name in code, so they cannot be renamed or deleted.
  builtIn: boolean('built_in').notNull().default(false),
  createdAt: createdAt(),
});
