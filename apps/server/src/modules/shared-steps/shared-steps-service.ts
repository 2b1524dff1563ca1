import { isDeepStrictEqual } from 'node:util';
import {
  type CreateSharedStepsBody,
  SHARED_STEPS_LIMITS,
  type SharedSteps,
  type SharedStepsListQuery,
  type SharedStepsPage,
  type SharedStepsUsage,
  type SharedStepsUsageQuery,
  type UpdateSharedStepsBody,
} from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { LOCK, lockProject } from '../../db/row-locks.ts';
import { dbViolationOf } from '../../lib/db-violation.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { auditCreated, auditDeleted, auditUpdated, counted } from '../audit-log/audit-entries.ts';
import { type Principal, requireProject, requireProjectOf } from '../authz/authorization.ts';
import {
  countSets,
  countUsage,
  deleteSetRow,
  findSet,
  findSetContent,
  findSetIdByName,
  findSetProjectId,
  insertSet,
  insertSetVersion,
  SAME_STEPS,
  type SetContent,
  selectSetPage,
  selectUsage,
  stepsWithSetInlined,
  updateSetRow,
  versionCasesUsing,
} from './shared-steps-repository.ts';

/**
 * A project's shared step sets (docs/product/shared-steps.md). Who may do what is the cases' rule:
 * seeing a set needs home_test_case, making one add_test_case_in_project, editing one
 * edit_test_case and deleting one delete_test_case (decision 217).
 */

export const SHARED_STEPS_NOT_FOUND = 'Shared steps not found';

const bad = (field: string, message: string) => new BadRequestError(message, [{ field, message }]);

const nameTaken = () =>
  new ConflictError('This project already has shared steps with that name', 'name_taken');

function orNameTaken(error: unknown): never {
  if (dbViolationOf(error)?.constraint === 'shared_step_sets_project_name_idx') throw nameTaken();
  throw error;
}

function requiredName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw bad('name', 'is required');
  return trimmed;
}

const audited = (id: number, projectId: number, content: SetContent) => ({
  entity: 'shared_steps' as const,
  id,
  name: content.name,
  projectId,
});

const cleanSteps = (steps: SetContent['steps']) =>
  steps.map((s) => ({ action: s.action, expected: s.expected }));

async function setOrFail(db: Tx, id: number): Promise<SharedSteps> {
  const set = await findSet(db, id);
  if (!set) throw new NotFoundError(SHARED_STEPS_NOT_FOUND);
  return set;
}

export async function listSharedSteps(
  db: Db,
  principal: Principal,
  projectId: number,
  query: SharedStepsListQuery,
): Promise<SharedStepsPage> {
  await requireProject(db, principal, projectId, 'home_test_case');
  return selectSetPage(db, projectId, query.q, {
    limit: query.limit ?? SHARED_STEPS_LIMITS.pageDefault,
    offset: query.offset ?? 0,
  });
}

export async function getSharedSteps(db: Db, principal: Principal, id: number): Promise<SharedSteps> {
  await requireProjectOf(
    db,
    principal,
    await findSetProjectId(db, id),
    SHARED_STEPS_NOT_FOUND,
    'home_test_case',
  );
  return setOrFail(db, id);
}

export async function sharedStepsUsage(
  db: Db,
  principal: Principal,
  id: number,
  query: SharedStepsUsageQuery,
): Promise<SharedStepsUsage> {
  await requireProjectOf(
    db,
    principal,
    await findSetProjectId(db, id),
    SHARED_STEPS_NOT_FOUND,
    'home_test_case',
  );
  return selectUsage(db, id, {
    limit: query.limit ?? SHARED_STEPS_LIMITS.pageDefault,
    offset: query.offset ?? 0,
  });
}

export async function createSharedSteps(
  db: Db,
  principal: Principal,
  projectId: number,
  body: CreateSharedStepsBody,
): Promise<SharedSteps> {
  const content: SetContent = {
    name: requiredName(body.name),
    description: body.description ?? '',
    steps: cleanSteps(body.steps),
  };
  return db
    .transaction(async (tx) => {
      await requireProject(tx, principal, projectId, 'add_test_case_in_project');
      // Serialises the project's set creations: the name and the limit.
      if (!(await lockProject(tx, projectId, LOCK.noKeyUpdate))) throw new NotFoundError('Project not found');
      if ((await countSets(tx, projectId)) >= SHARED_STEPS_LIMITS.perProject) {
        throw new ConflictError(
          `A project may have at most ${SHARED_STEPS_LIMITS.perProject.toLocaleString('en-US')} shared step sets`,
          'limit_reached',
        );
      }
      if ((await findSetIdByName(tx, projectId, content.name)) !== null) throw nameTaken();
      const id = await insertSet(tx, projectId, content, principal.id);
      await insertSetVersion(tx, id, 1, content, principal.id);
      await auditCreated(tx, principal, audited(id, projectId, content), { ...content });
      return setOrFail(tx, id);
    })
    .catch(orNameTaken);
}

/**
 * Omitted fields are kept; a change is the set's next version. A change of its steps changes every
 * case that uses it, and each of them gets a version that says so, in the same transaction.
 */
export async function updateSharedSteps(
  db: Db,
  principal: Principal,
  id: number,
  body: UpdateSharedStepsBody,
): Promise<{ set: SharedSteps; cases: number }> {
  const name = body.name === undefined ? undefined : requiredName(body.name);
  return db
    .transaction(async (tx) => {
      const projectId = await findSetProjectId(tx, id);
      await requireProjectOf(tx, principal, projectId, SHARED_STEPS_NOT_FOUND, 'edit_test_case');
      await lockProject(tx, projectId!, LOCK.keyShare);
      const before = await findSetContent(tx, id, LOCK.noKeyUpdate);
      if (!before) throw new NotFoundError(SHARED_STEPS_NOT_FOUND);
      const old: SetContent = { name: before.name, description: before.description, steps: before.steps };
      const content: SetContent = {
        name: name ?? before.name,
        description: body.description ?? before.description,
        steps: body.steps ? cleanSteps(body.steps) : before.steps,
      };
      if (content.name.toLowerCase() !== before.name.toLowerCase()) {
        const other = await findSetIdByName(tx, projectId!, content.name);
        if (other !== null && other !== id) throw nameTaken();
      }
      let cases = 0;
      if (!isDeepStrictEqual(content, old)) {
        const version = before.version + 1;
        await updateSetRow(tx, id, content, version);
        await insertSetVersion(tx, id, version, content, principal.id);
        if (!isDeepStrictEqual(content.steps, old.steps)) {
          cases = await versionCasesUsing(
            tx,
            id,
            SAME_STEPS,
            principal.id,
            `Shared steps "${content.name}" changed (version ${version})`,
          );
        }
        const also: Record<string, { before: unknown; after: unknown }> =
          cases > 0 ? { cases: { before: null, after: cases } } : {};
        await auditUpdated(tx, principal, audited(id, projectId!, content), { ...old }, { ...content }, also);
      }
      return { set: await setOrFail(tx, id), cases };
    })
    .catch(orNameTaken);
}

/**
 * Deletes a set that no case uses. One that cases use is refused (409 `in_use`) unless `copy`:
 * then its steps are first written into each of those cases in place of the reference, as a new
 * version of each, which needs edit_test_case too.
 */
export async function deleteSharedSteps(
  db: Db,
  principal: Principal,
  id: number,
  copy: boolean,
): Promise<number> {
  return db.transaction(async (tx) => {
    const projectId = await findSetProjectId(tx, id);
    await requireProjectOf(tx, principal, projectId, SHARED_STEPS_NOT_FOUND, 'delete_test_case');
    await lockProject(tx, projectId!, LOCK.keyShare);
    const before = await findSetContent(tx, id, LOCK.update);
    if (!before) throw new NotFoundError(SHARED_STEPS_NOT_FOUND);
    const using = await countUsage(tx, id);
    let copied = 0;
    if (using > 0) {
      if (!copy) {
        throw new ConflictError(
          `These shared steps are used by ${counted(using, 'case')}; delete them with copy_into_cases=true to write their steps into those cases first`,
          'in_use',
        );
      }
      await requireProject(tx, principal, projectId!, 'edit_test_case');
      copied = await versionCasesUsing(
        tx,
        id,
        stepsWithSetInlined(id, before.steps),
        principal.id,
        `Shared steps "${before.name}" copied in before they were deleted`,
      );
    }
    await deleteSetRow(tx, id);
    const content: SetContent = { name: before.name, description: before.description, steps: before.steps };
    await auditDeleted(
      tx,
      principal,
      audited(id, projectId!, content),
      { ...content },
      copied > 0 ? `; its steps copied into ${counted(copied, 'case')}` : '',
    );
    return copied;
  });
}
