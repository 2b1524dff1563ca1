import { sql } from 'drizzle-orm';
import {
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

/** The tables the shared-steps module owns (decision 176; docs/database.md lists every table's owner). */

/**
 * A project's shared step set (docs/product/shared-steps.md): ordered steps `[{action, expected}]`
 * that cases reference from their step lists (`{shared_steps_id}`). Names are unique in a project
 * whatever their case.
 */
export const sharedStepSets = pgTable(
  'shared_step_sets',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    steps: jsonb('steps').notNull().default(sql`'[]'::jsonb`),
    version: integer('version').notNull().default(1),
    // No foreign key: the id stays when the user is deleted, as a cycle's created_by does.
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shared_step_sets_project_name_idx').on(t.projectId, sql`lower(${t.name})`)],
);

/** Every saved version of a set, version 1 written when it is made: {name, description, steps}. */
export const sharedStepVersions = pgTable(
  'shared_step_versions',
  {
    id: serial('id').primaryKey(),
    setId: integer('set_id')
      .notNull()
      .references(() => sharedStepSets.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    authorId: integer('author_id'),
    createdAt: createdAt(),
    content: jsonb('content').notNull(),
  },
  (t) => [uniqueIndex('shared_step_versions_set_version_idx').on(t.setId, t.version)],
);

/**
 * Which cases reference which sets, kept from `test_cases.steps` by db/triggers/shared-steps.sql.
 * A set a case uses cannot be deleted (no cascade: the service copies its steps first when asked).
 */
export const caseSharedSteps = pgTable(
  'case_shared_steps',
  {
    caseId: integer('case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    setId: integer('set_id')
      .notNull()
      .references(() => sharedStepSets.id),
  },
  (t) => [
    primaryKey({ columns: [t.caseId, t.setId] }),
    index('case_shared_steps_set_idx').on(t.setId, t.caseId),
  ],
);
