import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { projects } from '../projects/projects-schema.ts';

/** The tables the case-fields module owns (decision 176; docs/database.md lists every table's owner). */

/** A project's custom case field (docs/product/rich-cases.md, "Custom fields"). */
export const caseFields = pgTable(
  'case_fields',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    required: boolean('required').notNull().default(false),
    options: text('options').array().notNull().default(sql`'{}'::text[]`),
    defaultValue: jsonb('default_value'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('case_fields_project_idx').on(t.projectId, t.position, t.id),
    uniqueIndex('case_fields_project_name_idx').on(t.projectId, sql`lower(${t.name})`),
    check(
      'case_fields_type_check',
      sql`${t.type} in ('text', 'textarea', 'number', 'select', 'multiselect', 'checkbox', 'date', 'url')`,
    ),
  ],
);
