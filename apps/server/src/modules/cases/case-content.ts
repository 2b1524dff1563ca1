import {
  type CaseBody,
  type CaseContent,
  type CaseParameters,
  type CasePriority,
  type CaseStepEntry,
  isSharedStepsRef,
  SHARED_STEPS_LIMITS,
} from '@verdict/contract';
import type { Tx } from '../../db/client.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { resolveCustomFields } from '../case-fields/case-field-values.ts';
import { fieldsOfProject } from '../case-fields/case-fields-service.ts';
import { sharedStepSetSizes } from './cases-repository.ts';

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
  parameters: null,
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
    steps: body.steps ? await checkedSteps(tx, projectId, body.steps) : base.steps,
    custom_fields: resolveCustomFields(fields, base.custom_fields, body.custom_fields, current === null),
    parameters: body.parameters === undefined ? base.parameters : checkedParameters(body.parameters),
  };
}

const parametersProblem = (message: string) =>
  new BadRequestError(message, [{ field: 'parameters', message }]);

/**
 * Parameters as a case holds them (docs/product/parameters.md): names trimmed and each once
 * (ignoring case), every row one value per column. The schema bounds the sizes.
 */
export function checkedParameters(parameters: CaseParameters | null): CaseParameters | null {
  if (parameters === null) return null;
  const columns = parameters.columns.map((c) => c.trim());
  const seen = new Set<string>();
  for (const column of columns) {
    const key = column.toLowerCase();
    if (seen.has(key)) throw parametersProblem(`The parameter "${column}" is named twice`);
    seen.add(key);
  }
  parameters.rows.forEach((row, i) => {
    if (row.length !== columns.length) {
      throw parametersProblem(
        `Row ${i + 1} has ${row.length} ${row.length === 1 ? 'value' : 'values'}; each row has one per parameter (${columns.length})`,
      );
    }
  });
  return { columns, rows: parameters.rows.map((row) => [...row]) };
}

const stepsProblem = (message: string) => new BadRequestError(message, [{ field: 'steps', message }]);

/**
 * The steps as a case holds them: written steps as `{action, expected}`, references as
 * `{shared_steps_id}` to sets of the project (locked, so none is deleted while the case is saved),
 * at most SHARED_STEPS_LIMITS.expandedMax steps with every set expanded (docs/product/shared-steps.md).
 */
async function checkedSteps(tx: Tx, projectId: number, steps: CaseStepEntry[]): Promise<CaseStepEntry[]> {
  const refs = [...new Set(steps.filter(isSharedStepsRef).map((s) => s.shared_steps_id))];
  const sizes = refs.length === 0 ? new Map<number, number>() : await sharedStepSetSizes(tx, projectId, refs);
  const missing = refs.filter((id) => !sizes.has(id));
  if (missing.length > 0) {
    throw stepsProblem(
      `Shared steps ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not in this project`,
    );
  }
  let expanded = 0;
  for (const step of steps) expanded += isSharedStepsRef(step) ? sizes.get(step.shared_steps_id)! : 1;
  if (expanded > SHARED_STEPS_LIMITS.expandedMax) {
    throw stepsProblem(
      `A case has at most ${SHARED_STEPS_LIMITS.expandedMax} steps with its shared steps in place; these make ${expanded}`,
    );
  }
  return steps.map((s) =>
    isSharedStepsRef(s) ? { shared_steps_id: s.shared_steps_id } : { action: s.action, expected: s.expected },
  );
}
