import { isDeepStrictEqual } from 'node:util';
import type { CaseBody, CaseContent, CasePriority, CaseStep } from '@verdict/contract';
import type { Tx } from '../../db/client.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { resolveCustomFields } from '../case-fields/case-field-values.ts';
import { listFields } from '../case-fields/case-fields-repository.ts';
import { CONTENT_FIELDS, hasVersions, insertVersion } from '../case-versions/case-versions-repository.ts';

/**
 * A case's content as the rules write it (docs/product/rich-cases.md): what a create or an update
 * asks for, over what the case holds. The seed's rule stays for `description` (left out, it
 * becomes empty); the rich fields left out keep their values.
 */

export const EMPTY_CONTENT: Omit<CaseContent, 'name'> = {
  description: '',
  preconditions: '',
  priority: 'medium',
  tags: [],
  steps: [],
  custom_fields: {},
};

/** Trimmed, lower-cased (tags are case-insensitive), each once, in the order given. */
export function normalizeTags(tags: string[]): string[] {
  const out: string[] = [];
  for (const tag of tags) {
    const clean = tag.trim().replace(/\s+/g, ' ').toLowerCase();
    if (clean === '') {
      throw new BadRequestError('A tag cannot be blank', [
        { field: 'tags', message: 'A tag cannot be blank' },
      ]);
    }
    if (!out.includes(clean)) out.push(clean);
  }
  return out;
}

/** The content a case holds after `body` is applied to `current` (EMPTY_CONTENT for a create). */
export async function contentAfter(
  tx: Tx,
  projectId: number,
  body: CaseBody,
  current: CaseContent | null,
): Promise<CaseContent> {
  const base = current ?? { name: body.name, ...EMPTY_CONTENT };
  const fields = await listFields(tx, projectId);
  return {
    name: body.name,
    description: body.description ?? '',
    preconditions: body.preconditions ?? base.preconditions,
    priority: (body.priority ?? base.priority) as CasePriority,
    tags: body.tags ? normalizeTags(body.tags) : base.tags,
    steps: body.steps
      ? body.steps.map((s: CaseStep) => ({ action: s.action, expected: s.expected }))
      : base.steps,
    custom_fields: resolveCustomFields(fields, base.custom_fields, body.custom_fields, current === null),
  };
}

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
