import { MILESTONES_PER_PROJECT_MAX } from '@verdict/contract';
import type { Tx } from '../../db/client.ts';
import { LOCK, lockProject } from '../../db/row-locks.ts';
import { BadRequestError, ConflictError } from '../../lib/errors.ts';
import { auditCreated } from '../audit-log/audit-entries.ts';
import { missingPermission, type Principal, type ProjectAccess } from '../authz/authorization.ts';
import {
  countMilestones,
  findMilestone,
  findMilestoneByName,
  findMilestoneRef,
  insertMilestone,
} from './milestones-repository.ts';

/**
 * The milestone a cycle's create or update names (docs/product/milestones.md, "Cycles and their
 * milestone"), for the cycles module: by `milestone_id`, or by the free-text `milestone` older
 * clients send (decision 193).
 */

export interface CycleMilestoneChoice {
  milestone_id?: number | null | undefined;
  milestone?: string | null | undefined;
}

export type CycleMilestone = { id: number; name: string } | null;

export const MILESTONE_NOT_IN_PROJECT = 'The milestone is not one of this project';

export function milestoneLimitReached(): ConflictError {
  return new ConflictError(
    `A project may have at most ${MILESTONES_PER_PROJECT_MAX} milestones`,
    'limit_reached',
  );
}

/** A milestone of the project by id, else 400 (a cycle or a sub-milestone names it). */
export async function projectMilestone(tx: Tx, projectId: number, id: number, field: string) {
  const ref = await findMilestoneRef(tx, id, LOCK.keyShare);
  if (!ref || ref.project_id !== projectId) {
    throw new BadRequestError(MILESTONE_NOT_IN_PROJECT, [
      { field, message: 'is not a milestone of this project' },
    ]);
  }
  return ref;
}

/**
 * Undefined when the body names none (the cycle keeps its own), null for none, else the
 * milestone. A name with no milestone makes one, which needs add_milestone in the project.
 */
export async function cycleMilestone(
  tx: Tx,
  principal: Principal,
  access: ProjectAccess,
  choice: CycleMilestoneChoice,
): Promise<CycleMilestone | undefined> {
  const text = choice.milestone === undefined ? undefined : (choice.milestone?.trim() ?? '');
  if (choice.milestone_id !== undefined) {
    const chosen =
      choice.milestone_id === null
        ? null
        : await projectMilestone(tx, access.projectId, choice.milestone_id, 'milestone_id');
    if (text && text !== chosen?.name) {
      throw new BadRequestError('milestone and milestone_id name different milestones', [
        { field: 'milestone', message: 'differs from the milestone of milestone_id' },
      ]);
    }
    return chosen && { id: chosen.id, name: chosen.name };
  }
  if (text === undefined) return undefined;
  if (text === '') return null;
  const found = await findMilestoneByName(tx, access.projectId, text);
  if (found) return { id: found.id, name: found.name };
  if (!access.permissions.has('add_milestone')) throw missingPermission('add_milestone');
  // Serialises milestone creations in the project, so the name and the limit are checked alone.
  await lockProject(tx, access.projectId, LOCK.noKeyUpdate);
  const raced = await findMilestoneByName(tx, access.projectId, text);
  if (raced) return { id: raced.id, name: raced.name };
  if ((await countMilestones(tx, access.projectId)) >= MILESTONES_PER_PROJECT_MAX)
    throw milestoneLimitReached();
  const id = await insertMilestone(tx, {
    projectId: access.projectId,
    name: text,
    description: '',
    startDate: null,
    dueDate: null,
    parentId: null,
    state: 'open',
    branch: null,
    createdBy: principal.id,
  });
  const milestone = (await findMilestone(tx, id))!;
  await auditCreated(tx, principal, auditedMilestone(milestone), auditedMilestoneFields(milestone));
  return { id, name: text };
}

/** How the audit log names a milestone and what it records of it. */
export const auditedMilestone = (m: { id: number; name: string; project_id: number }) => ({
  entity: 'milestone' as const,
  id: m.id,
  name: m.name,
  projectId: m.project_id,
});
export const auditedMilestoneFields = (m: {
  name: string;
  description: string;
  start_date: string | null;
  due_date: string | null;
  parent_id: number | null;
  state: string;
  branch: string | null;
}) => ({
  name: m.name,
  description: m.description,
  start_date: m.start_date,
  due_date: m.due_date,
  parent_id: m.parent_id,
  state: m.state,
  branch: m.branch,
});
