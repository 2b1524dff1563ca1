import { isDeepStrictEqual } from 'node:util';
import type { CaseContent } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { hasVersions, insertVersion } from './case-versions-repository.ts';

/**
 * How a case's versions are written (docs/product/rich-cases.md, "Versions"). The cases module
 * calls these in its own transaction; only this module writes `case_versions`.
 */

/** The fields a version holds, in the order the history names them. */
export const CONTENT_FIELDS = [
  'name',
  'description',
  'preconditions',
  'priority',
  'tags',
  'steps',
  'custom_fields',
] as const satisfies readonly (keyof CaseContent)[];

/** The content fields that differ between two versions. */
export function changedFields(before: CaseContent, after: CaseContent): string[] {
  return CONTENT_FIELDS.filter((field) => !isDeepStrictEqual(before[field], after[field]));
}

/** Only the content fields of a case row, in version order. */
export function contentOf(row: CaseContent): CaseContent {
  return Object.fromEntries(CONTENT_FIELDS.map((f) => [f, row[f]])) as CaseContent;
}

/**
 * Records a change as the case's next version and answers its number; the current number when
 * nothing changed. A case that has no version rows yet (created before versions, or by an
 * import) first gets version 1 written with the content it had, so every version can be shown
 * and compared.
 */
export async function recordVersion(
  tx: Tx,
  caseId: number,
  authorId: number,
  before: CaseContent & { version: number; created_at: string },
  after: CaseContent,
): Promise<number> {
  const changed = changedFields(before, after);
  if (changed.length === 0) return before.version;
  if (!(await hasVersions(tx, caseId))) {
    await insertVersion(tx, {
      caseId,
      version: before.version,
      authorId: null,
      changed: [...CONTENT_FIELDS],
      content: contentOf(before),
      createdAt: before.created_at,
    });
  }
  const version = before.version + 1;
  await insertVersion(tx, { caseId, version, authorId, changed, content: after });
  return version;
}

/** Writes version 1 of a case just created, with all its content. */
export async function recordFirstVersion(
  tx: Tx,
  caseId: number,
  authorId: number | null,
  content: CaseContent,
): Promise<void> {
  await insertVersion(tx, { caseId, version: 1, authorId, changed: [...CONTENT_FIELDS], content });
}

/**
 * A case's content as its versions hold it (case_versions.content), built in SQL from the case row
 * aliased `alias`: for the set-based writes that version many cases in one statement (bulk edits,
 * shared steps).
 */
export const versionContentJson = (alias: string): SQL =>
  sql.raw(`jsonb_build_object('name', ${alias}.name, 'description', ${alias}.description,
    'preconditions', ${alias}.preconditions, 'priority', ${alias}.priority, 'tags', to_jsonb(${alias}.tags),
    'steps', ${alias}.steps, 'custom_fields', ${alias}.custom_fields)`);
