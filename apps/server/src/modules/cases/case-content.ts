import type { CaseBody, CaseContent, CasePriority, CaseStep } from '@verdict/contract';
import type { Tx } from '../../db/client.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { resolveCustomFields } from '../case-fields/case-field-values.ts';
import { fieldsOfProject } from '../case-fields/case-fields-service.ts';

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
  const fields = await fieldsOfProject(tx, projectId);
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
