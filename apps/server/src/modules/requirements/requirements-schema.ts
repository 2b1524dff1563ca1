import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { testCases } from '../cases/cases-schema.ts';
import { projects } from '../projects/projects-schema.ts';

/** The tables the requirements module owns (decision 176; docs/database.md lists every table's owner). */

/**
 * A project's requirement (docs/product/requirements.md): a tree of at most three levels (the
 * service refuses deeper); deleting a parent deletes its children. Keys are unique in a project
 * whatever their case. `next_number` of the project's counter makes `REQ-<n>` keys.
 */
export const requirements = pgTable(
  'requirements',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => requirements.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('draft'),
    externalUrl: text('external_url'),
    version: integer('version').notNull().default(1),
    // No foreign key: the id stays when the user is deleted, as a cycle's created_by does.
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('requirements_project_key_idx').on(t.projectId, sql`lower(${t.key})`),
    index('requirements_parent_idx').on(t.parentId).where(sql`${t.parentId} is not null`),
    check('requirements_status_check', sql`${t.status} in ('draft', 'approved', 'implemented', 'obsolete')`),
  ],
);

/** Every saved version of a requirement's content, version 1 written when it is made. */
export const requirementVersions = pgTable(
  'requirement_versions',
  {
    id: serial('id').primaryKey(),
    requirementId: integer('requirement_id')
      .notNull()
      .references(() => requirements.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    authorId: integer('author_id'),
    createdAt: createdAt(),
    /** {key, title, description, status, parent_id, external_url} */
    content: jsonb('content').notNull(),
  },
  (t) => [uniqueIndex('requirement_versions_requirement_version_idx').on(t.requirementId, t.version)],
);

/** A case covering a requirement; many to many, read from both sides. */
export const requirementCases = pgTable(
  'requirement_cases',
  {
    requirementId: integer('requirement_id')
      .notNull()
      .references(() => requirements.id, { onDelete: 'cascade' }),
    caseId: integer('case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.requirementId, t.caseId] }),
    index('requirement_cases_case_idx').on(t.caseId),
  ],
);

/** The number the next `REQ-<n>` key of a project takes (a made key skips numbers already taken). */
export const requirementCounters = pgTable('requirement_counters', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  nextNumber: integer('next_number').notNull().default(1),
});
