import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt } from '../../db/columns.ts';
import { testCases } from '../cases/cases-schema.ts';
import { cycleResults } from '../cycles/cycles-schema.ts';
import { projects } from '../projects/projects-schema.ts';

/** The tables the attachments module owns (decision 176; docs/database.md lists every table's owner). */

/**
 * A file on a case or on a cycle result (docs/product/attachments.md). `store` says where its
 * bytes are: 'database' in attachment_chunks, 's3' in the object store's bucket under
 * `attachments/<id>` (FILE_STORE, decision 251). `sha256` is the hex SHA-256 of the bytes (null
 * for files stored before it was kept). `complete` is set once the last byte is written: an
 * upload cut short never shows.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    caseId: integer('case_id').references(() => testCases.id, { onDelete: 'cascade' }),
    resultId: integer('result_id').references(() => cycleResults.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    // No foreign key: the id stays when the user is deleted, as a run's executed_by does.
    createdBy: integer('created_by'),
    complete: boolean('complete').notNull().default(false),
    createdAt: createdAt(),
    store: text('store').notNull().default('database'),
    sha256: text('sha256'),
  },
  (t) => [
    index('attachments_case_idx').on(t.caseId, t.id),
    index('attachments_result_idx').on(t.resultId, t.id),
    check('attachments_owner_check', sql`num_nonnulls(${t.caseId}, ${t.resultId}) = 1`),
    check('attachments_store_check', sql`${t.store} in ('database', 's3')`),
  ],
);

/** The bytes of an attachment kept in the database, in order, at most 256 KB each. */
export const attachmentChunks = pgTable(
  'attachment_chunks',
  {
    attachmentId: integer('attachment_id')
      .notNull()
      .references(() => attachments.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.attachmentId, t.seq] })],
);

/**
 * A project's retention of CI evidence (decision 252): the files on the results of import cycles
 * are kept for the last `keep_cycles` import cycles of each branch and for `keep_days` days; a
 * rule left null keeps everything. No row keeps everything.
 */
export const projectEvidenceRetention = pgTable(
  'project_evidence_retention',
  {
    projectId: integer('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    keepCycles: integer('keep_cycles'),
    keepDays: integer('keep_days'),
  },
  (t) => [
    check('project_evidence_retention_rule_check', sql`num_nonnulls(${t.keepCycles}, ${t.keepDays}) >= 1`),
  ],
);
