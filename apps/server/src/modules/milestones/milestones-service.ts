import {
  type CreateMilestoneBody,
  type CycleDefect,
  MILESTONES_PER_PROJECT_MAX,
  type Milestone,
  type UpdateMilestoneBody,
} from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { LOCK, lockProject } from '../../db/row-locks.ts';
import { dbViolationOf } from '../../lib/db-violation.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { auditCreated, auditDeleted, auditUpdated, counted } from '../audit-log/audit-entries.ts';
import { type Principal, requireProject, requireProjectOf } from '../authz/authorization.ts';
import { cyclesOfMilestone, followMilestone } from '../cycles/cycles-service.ts';
import { defectsOfMilestoneCycles } from '../defects/defects-service.ts';
import {
  auditedMilestone,
  auditedMilestoneFields,
  milestoneLimitReached,
  projectMilestone,
} from './milestone-links.ts';
import {
  countMilestones,
  deleteMilestoneRow,
  findMilestone,
  findMilestoneByName,
  findMilestoneRef,
  hasSubMilestones,
  insertMilestone,
  listMilestonesOfProject,
  updateMilestoneRow,
} from './milestones-repository.ts';

/** Milestones of a project (docs/product/milestones.md). */

export const MILESTONE_NOT_FOUND = 'Milestone not found';

function requiredName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed)
    throw new BadRequestError('Milestone name is required', [{ field: 'name', message: 'is required' }]);
  return trimmed;
}

const trimmedOrNull = (value: string | null | undefined) => {
  const text = value?.trim();
  return text ? text : null;
};

function nameTaken(): ConflictError {
  return new ConflictError('This project already has a milestone with that name', 'name_taken');
}

/** A unique violation a racing request slipped past the name check with. */
function orNameTaken(error: unknown): never {
  if (dbViolationOf(error)?.constraint === 'milestones_project_name_idx') throw nameTaken();
  throw error;
}

function checkDates(start: string | null, due: string | null): void {
  if (start && due && due < start) {
    throw new BadRequestError('The due date is before the start date', [
      { field: 'due_date', message: 'is before start_date' },
    ]);
  }
}

function tooDeep(message: string): BadRequestError {
  return new BadRequestError(message, [{ field: 'parent_id', message }], 'milestone_too_deep');
}

/**
 * One level of sub-milestones: the parent is a top-level milestone of the same project, and a
 * milestone that has sub-milestones cannot become one.
 */
async function checkedParent(tx: Tx, projectId: number, parentId: number, selfId?: number): Promise<number> {
  if (parentId === selfId) throw tooDeep('A milestone cannot be its own parent');
  const parent = await projectMilestone(tx, projectId, parentId, 'parent_id');
  if (parent.parent_id !== null) throw tooDeep('A sub-milestone cannot have sub-milestones of its own');
  if (selfId !== undefined && (await hasSubMilestones(tx, selfId))) {
    throw tooDeep('A milestone with sub-milestones cannot become a sub-milestone');
  }
  return parent.id;
}

export async function listMilestones(db: Db, principal: Principal, projectId: number): Promise<Milestone[]> {
  await requireProject(db, principal, projectId, 'home_milestone');
  return listMilestonesOfProject(db, projectId);
}

async function milestoneOrFail(db: Tx, id: number): Promise<Milestone> {
  const milestone = await findMilestone(db, id);
  if (!milestone) throw new NotFoundError(MILESTONE_NOT_FOUND);
  return milestone;
}

export async function getMilestone(db: Db, principal: Principal, id: number): Promise<Milestone> {
  const ref = await findMilestoneRef(db, id);
  await requireProjectOf(db, principal, ref?.project_id, MILESTONE_NOT_FOUND, 'home_milestone');
  return milestoneOrFail(db, id);
}

/**
 * The defects of a milestone's cycles and its sub-milestones' (docs/product/milestones.md): read
 * with home_test_cycle, as a cycle's defects are; 404 for a milestone of a project the caller
 * cannot see.
 */
export async function listMilestoneDefects(db: Db, principal: Principal, id: number): Promise<CycleDefect[]> {
  const ref = await findMilestoneRef(db, id);
  await requireProjectOf(db, principal, ref?.project_id, MILESTONE_NOT_FOUND, 'home_test_cycle');
  const cycles = await cyclesOfMilestone(db, ref!.project_id, id);
  return defectsOfMilestoneCycles(
    db,
    cycles.map((cycle) => cycle.id),
  );
}

export async function createMilestone(
  db: Db,
  principal: Principal,
  projectId: number,
  body: CreateMilestoneBody,
): Promise<Milestone> {
  const name = requiredName(body.name);
  const startDate = body.start_date ?? null;
  const dueDate = body.due_date ?? null;
  checkDates(startDate, dueDate);
  return db
    .transaction(async (tx) => {
      await requireProject(tx, principal, projectId, 'add_milestone');
      // Serialises milestone creations in the project, so the name and the limit are checked alone.
      if (!(await lockProject(tx, projectId, LOCK.noKeyUpdate))) throw new NotFoundError('Project not found');
      if (await findMilestoneByName(tx, projectId, name)) throw nameTaken();
      if ((await countMilestones(tx, projectId)) >= MILESTONES_PER_PROJECT_MAX) throw milestoneLimitReached();
      const parentId = body.parent_id ? await checkedParent(tx, projectId, body.parent_id) : null;
      const id = await insertMilestone(tx, {
        projectId,
        name,
        description: body.description ?? '',
        startDate,
        dueDate,
        parentId,
        state: body.state ?? 'open',
        branch: trimmedOrNull(body.branch),
        createdBy: principal.id,
      });
      const milestone = await milestoneOrFail(tx, id);
      await auditCreated(tx, principal, auditedMilestone(milestone), auditedMilestoneFields(milestone));
      return milestone;
    })
    .catch(orNameTaken);
}

/** Omitted fields are kept; a rename is carried to the milestone text of its cycles. */
export async function updateMilestone(
  db: Db,
  principal: Principal,
  id: number,
  body: UpdateMilestoneBody,
): Promise<{ milestone: Milestone; message: string }> {
  const name = body.name === undefined ? undefined : requiredName(body.name);
  return db
    .transaction(async (tx) => {
      const seen = await findMilestoneRef(tx, id);
      await requireProjectOf(tx, principal, seen?.project_id, MILESTONE_NOT_FOUND, 'edit_milestone');
      await lockProject(tx, seen!.project_id, LOCK.keyShare);
      const ref = await findMilestoneRef(tx, id, LOCK.noKeyUpdate);
      if (!ref) throw new NotFoundError(MILESTONE_NOT_FOUND);
      const before = await milestoneOrFail(tx, id);
      if (name !== undefined && name !== before.name) {
        const other = await findMilestoneByName(tx, ref.project_id, name);
        if (other && other.id !== id) throw nameTaken();
      }
      checkDates(
        body.start_date === undefined ? before.start_date : body.start_date,
        body.due_date === undefined ? before.due_date : body.due_date,
      );
      const parentId =
        body.parent_id === undefined || body.parent_id === null
          ? body.parent_id
          : await checkedParent(tx, ref.project_id, body.parent_id, id);
      await updateMilestoneRow(tx, id, {
        name,
        description: body.description,
        startDate: body.start_date,
        dueDate: body.due_date,
        parentId,
        state: body.state,
        branch: body.branch === undefined ? undefined : trimmedOrNull(body.branch),
      });
      if (name !== undefined && name !== before.name) await followMilestone(tx, id, { name });
      const milestone = await milestoneOrFail(tx, id);
      await auditUpdated(
        tx,
        principal,
        auditedMilestone(milestone),
        auditedMilestoneFields(before),
        auditedMilestoneFields(milestone),
      );
      const message =
        before.state !== milestone.state
          ? milestone.state === 'completed'
            ? 'Milestone completed'
            : 'Milestone reopened'
          : 'Milestone saved';
      return { milestone, message };
    })
    .catch(orNameTaken);
}

/**
 * Deletes the milestone alone: its cycles stay, with no milestone, and its sub-milestones become
 * top-level milestones (decision 192).
 */
export async function deleteMilestone(db: Db, principal: Principal, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const seen = await findMilestoneRef(tx, id);
    await requireProjectOf(tx, principal, seen?.project_id, MILESTONE_NOT_FOUND, 'delete_milestone');
    await lockProject(tx, seen!.project_id, LOCK.keyShare);
    const milestone = await milestoneOrFail(tx, id);
    const cycles = await followMilestone(tx, id, null);
    if (!(await deleteMilestoneRow(tx, id))) throw new NotFoundError(MILESTONE_NOT_FOUND);
    await auditDeleted(
      tx,
      principal,
      auditedMilestone(milestone),
      auditedMilestoneFields(milestone),
      cycles > 0 ? `; ${counted(cycles, 'cycle')} left without a milestone` : '',
    );
  });
}
