import { integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { testCases } from '../cases/cases-schema.ts';

/** The tables the case-versions module owns (decision 176; docs/database.md lists every table's owner). */

/**
 * Every version of a case's content, written when a change makes it (docs/product/rich-cases.md,
 * "Versions"). A case created before versions, or by an import, has no row for version 1 until
 * its first change writes the content it had.
 */
export const caseVersions = pgTable(
  'case_versions',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    // No foreign key: the id stays when the user is deleted, as a run's executed_by does.
    authorId: integer('author_id'),
    createdAt: createdAt(),
    /** The content fields this version changed from the one before (all of them for version 1). */
    changed: text('changed').array().notNull(),
    /** {name, description, preconditions, priority, tags, steps, custom_fields} */
    content: jsonb('content').notNull(),
    /** Why a version was made besides an edit of the case: "Shared steps 'Sign in' changed". */
    note: text('note'),
  },
  (t) => [uniqueIndex('case_versions_case_version_idx').on(t.caseId, t.version)],
);
