import {
  ACTIVE_CYCLES_MAX,
  type ActiveCycles,
  type CreateCycleBody,
  type Cycle,
  type CycleListQuery,
  type PermissionName,
  type UpdateCycleBody,
} from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { LOCK, lockProject } from '../../db/row-locks.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { isoTime } from '../../lib/timestamps.ts';
import {
  type Audited,
  auditCreated,
  auditDeleted,
  auditUpdated,
  counted,
} from '../audit-log/audit-entries.ts';
import { type Principal, requireProject, requireProjectOf } from '../authz/authorization.ts';
import { CASE_NOT_FOUND } from '../cases/cases-service.ts';
import { cycleMilestone } from '../milestones/milestone-links.ts';
import { notifyCycleClosed } from '../notifications/notification-events.ts';
import { queueWebhookEvents } from '../webhooks/webhook-events.ts';
import {
  appendImportedResults,
  type ImportedItem,
  type ImportedResult,
  insertImportedResults,
  liveRunOf,
} from './cycle-results-repository.ts';
import { assertCycleOpen, CYCLE_NOT_FOUND, cycleClosed } from './cycle-rules.ts';
import {
  type CycleFields,
  type CycleRef,
  deleteCycleRow,
  existingIds,
  findCycle,
  findCycleRef,
  insertCycle,
  insertItems,
  insertItemsWithDescendants,
  listActiveCycles,
  listCyclesOfProject,
  type NewCycle,
  setCyclesMilestone,
  updateCycleRow,
} from './cycles-repository.ts';

/** Test cycles (docs/product/cycles.md). */

export const EMPTY_SELECTION = 'Choose the cases of the cycle: suites, cases, all cases or another cycle';
export const NOTHING_SELECTED = 'The selection holds no test cases';
/** How many open items "My Work" lists at most. */
export const MY_WORK_MAX = 500;

export type { ImportedItem, ImportedResult };

/** The cycle as its API answers it, read in the caller's transaction; null when it is gone. */
export function cycleById(db: Tx, id: number): Promise<Cycle | null> {
  return findCycle(db, id);
}

/** A cycle's project, name and state for another module's access check (no lock). */
export function cycleRefOf(db: Tx, id: number): Promise<CycleRef | null> {
  return findCycleRef(db, id);
}

/**
 * Bulk "Add to cycle": adds the cases and their descendants, each once, to an open cycle of the
 * project in the caller's transaction; the cycle stays open until the transaction ends.
 */
export async function addCasesToCycle(
  tx: Tx,
  projectId: number,
  cycleId: number,
  caseIds: readonly number[],
): Promise<{ name: string; added: number }> {
  const cycle = await findCycleRef(tx, cycleId, LOCK.share);
  if (!cycle || cycle.project_id !== projectId) throw new NotFoundError(CYCLE_NOT_FOUND);
  assertCycleOpen(cycle);
  return { name: cycle.name, added: await insertItemsWithDescendants(tx, cycle.id, caseIds) };
}

/**
 * The cycle an import makes (source import), with one item and its result per reported test
 * case, in the import's transaction (docs/product/junit-import.md, "The cycle of an import").
 */
export async function createImportedCycle(
  tx: Tx,
  cycle: Omit<NewCycle, 'source'>,
  results: ImportedResult[],
): Promise<{ id: number; items: ImportedItem[]; resultIds: number[] }> {
  const id = await insertCycle(tx, { ...cycle, source: 'import' });
  return { id, ...(await insertImportedResults(tx, id, cycle.createdBy, results)) };
}

/** A live run's cycle (docs/product/live-runs.md): an import cycle opened empty, in the caller's transaction. */
export function openImportedCycle(tx: Tx, cycle: Omit<NewCycle, 'source'>): Promise<number> {
  return insertCycle(tx, { ...cycle, source: 'import' });
}

/** A live run's batch of results, added to its cycle (locked by the caller) in the caller's transaction. */
export function appendToImportedCycle(
  tx: Tx,
  cycleId: number,
  executedBy: number,
  results: ImportedResult[],
): Promise<{ resultIds: number[] }> {
  return appendImportedResults(tx, cycleId, executedBy, results);
}

/** Whether the cycle is a live run's, and what it says of it now (null when it is not one). */
export function liveRunOfCycle(db: Tx, id: number, timeoutMinutes: number): ReturnType<typeof liveRunOf> {
  return liveRunOf(db, id, timeoutMinutes);
}

/**
 * Closes a live run's cycle (locked by the caller) with the CI facts known at its end, as closing
 * any cycle does: the cycle.closed webhook and its notifications. Answers the closed cycle.
 */
export async function closeImportedCycle(
  tx: Tx,
  principal: Principal,
  id: number,
  ci: NonNullable<CycleFields['ci']>,
): Promise<Cycle> {
  await updateCycleRow(tx, id, { state: 'closed', ci });
  const cycle = await cycleOrFail(tx, id);
  await queueWebhookEvents(tx, [{ projectId: cycle.project_id, event: 'cycle.closed', data: { cycle } }]);
  await notifyCycleClosed(tx, { actor: principal, cycle });
  return cycle;
}

/**
 * For the milestones module: keeps a milestone's cycles' milestone text equal to its new name, or,
 * before the milestone is deleted, takes them out of it (they stay, with no milestone).
 */
export function followMilestone(tx: Tx, milestoneId: number, to: { name: string } | null): Promise<number> {
  return setCyclesMilestone(tx, milestoneId, to);
}

const audited = (c: { id: number; name: string; project_id: number }): Audited => ({
  entity: 'cycle',
  id: c.id,
  name: c.name,
  projectId: c.project_id,
});
const auditedFields = (c: Cycle) => ({
  name: c.name,
  description: c.description,
  milestone: c.milestone,
  environment: c.environment,
  state: c.state,
});

export async function cycleOrFail(db: Tx, id: number): Promise<Cycle> {
  const cycle = await findCycle(db, id);
  if (!cycle) throw new NotFoundError(CYCLE_NOT_FOUND);
  return cycle;
}

/**
 * Locks a cycle after its project (db/row-locks.ts: the project row first, then its rows
 * top-down) and checks the caller's permission there; 404 when the cycle is gone or unseen.
 */
export async function lockCycle(
  tx: Tx,
  principal: Principal,
  id: number,
  lock: Parameters<typeof findCycleRef>[2],
  permission: PermissionName,
): Promise<CycleRef> {
  const seen = await findCycleRef(tx, id);
  await requireProjectOf(tx, principal, seen?.project_id, CYCLE_NOT_FOUND, permission);
  await lockProject(tx, seen!.project_id, LOCK.keyShare);
  const cycle = await findCycleRef(tx, id, lock);
  if (!cycle) throw new NotFoundError(CYCLE_NOT_FOUND);
  return cycle;
}

export const trimmedOrNull = (value: string | null | undefined) => {
  const text = value?.trim();
  return text ? text : null;
};

function requiredName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed)
    throw new BadRequestError('Cycle name is required', [{ field: 'name', message: 'is required' }]);
  return trimmed;
}

export async function listCycles(
  db: Db,
  principal: Principal,
  projectId: number,
  query: CycleListQuery = {},
): Promise<Cycle[]> {
  await requireProject(db, principal, projectId, 'home_test_cycle');
  return listCyclesOfProject(db, projectId, query.milestone_id);
}

/**
 * The cycles of a milestone and of its sub-milestones, newest first, for a caller already let
 * read the milestone (the sign-off report).
 */
export function cyclesOfMilestone(db: Tx, projectId: number, milestoneId: number): Promise<Cycle[]> {
  return listCyclesOfProject(db, projectId, milestoneId);
}

/**
 * The cycle read alone; with `liveRunTimeoutMinutes`, a live run's cycle also says whether the run
 * is running, finished or has stopped reporting (docs/product/live-runs.md).
 */
export async function getCycle(
  db: Db,
  principal: Principal,
  id: number,
  options: { liveRunTimeoutMinutes?: number } = {},
): Promise<Cycle> {
  const ref = await findCycleRef(db, id);
  await requireProjectOf(db, principal, ref?.project_id, CYCLE_NOT_FOUND, 'home_test_cycle');
  const cycle = await cycleOrFail(db, id);
  if (options.liveRunTimeoutMinutes === undefined || cycle.source !== 'import') return cycle;
  const live = await liveRunOf(db, id, options.liveRunTimeoutMinutes);
  return live ? { ...cycle, live: { ...live, last_result_at: isoTime(live.last_result_at) } } : cycle;
}

/**
 * A new open cycle with one untested item per selected case, in one transaction. Suites and
 * cases must be of the project (else 404, as elsewhere); a re-run's source cycle too.
 */
export async function createCycle(
  db: Db,
  principal: Principal,
  projectId: number,
  body: CreateCycleBody,
): Promise<Cycle> {
  const suiteIds = [...new Set(body.suite_ids ?? [])];
  const caseIds = [...new Set(body.case_ids ?? [])];
  const fromCycleId = body.from_cycle_id ?? null;
  if (body.from_states && fromCycleId === null) {
    throw new BadRequestError('from_states needs from_cycle_id', [
      { field: 'from_cycle_id', message: 'is required with from_states' },
    ]);
  }
  if (suiteIds.length === 0 && caseIds.length === 0 && !body.all_cases && fromCycleId === null) {
    throw new BadRequestError(EMPTY_SELECTION, undefined, 'selection_empty');
  }
  const name = requiredName(body.name);
  return db.transaction(async (tx) => {
    const access = await requireProject(tx, principal, projectId, 'add_test_cycle');
    if (!(await lockProject(tx, projectId, LOCK.keyShare))) throw new NotFoundError('Project not found');
    const milestone = await cycleMilestone(tx, principal, access, body);
    const suites = await existingIds(tx, 'suites', projectId, suiteIds);
    if (suites.size < suiteIds.length) throw new NotFoundError('Test suite not found');
    const cases = await existingIds(tx, 'test_cases', projectId, caseIds);
    if (cases.size < caseIds.length) throw new NotFoundError(CASE_NOT_FOUND);
    if (fromCycleId !== null) {
      const source = await findCycleRef(tx, fromCycleId);
      if (!source || source.project_id !== projectId) throw new NotFoundError(CYCLE_NOT_FOUND);
    }
    const id = await insertCycle(tx, {
      projectId,
      name,
      description: body.description ?? '',
      milestone: milestone?.name ?? null,
      milestoneId: milestone?.id ?? null,
      environment: trimmedOrNull(body.environment),
      createdBy: principal.id,
    });
    const added = await insertItems(tx, id, projectId, {
      suiteIds,
      caseIds,
      allCases: body.all_cases === true,
      fromCycleId,
      fromStates: fromCycleId === null ? [] : (body.from_states ?? ['failed', 'blocked', 'retest']),
    });
    if (added === 0) throw new BadRequestError(NOTHING_SELECTED, undefined, 'nothing_selected');
    const cycle = await cycleOrFail(tx, id);
    await auditCreated(
      tx,
      principal,
      audited(cycle),
      { ...auditedFields(cycle), cases: added },
      ` with ${counted(added, 'case')}`,
    );
    await queueWebhookEvents(tx, [{ projectId, event: 'cycle.created', data: { cycle } }]);
    return cycle;
  });
}

/** Edits the fields; `state` closes or reopens. A closed cycle takes only a reopen (409). */
export async function updateCycle(
  db: Db,
  principal: Principal,
  id: number,
  body: UpdateCycleBody,
): Promise<{ cycle: Cycle; message: string }> {
  const name = body.name === undefined ? undefined : requiredName(body.name);
  return db.transaction(async (tx) => {
    const ref = await lockCycle(tx, principal, id, LOCK.noKeyUpdate, 'edit_test_cycle');
    if (ref.state === 'closed' && body.state !== 'open') throw cycleClosed();
    const before = await cycleOrFail(tx, id);
    const access = await requireProject(tx, principal, ref.project_id, 'edit_test_cycle');
    await updateCycleRow(tx, id, {
      name,
      description: body.description,
      milestone: await cycleMilestone(tx, principal, access, body),
      environment: body.environment === undefined ? undefined : trimmedOrNull(body.environment),
      state: body.state,
    });
    const cycle = await cycleOrFail(tx, id);
    await auditUpdated(tx, principal, audited(cycle), auditedFields(before), auditedFields(cycle));
    if (before.state !== 'closed' && cycle.state === 'closed') {
      await queueWebhookEvents(tx, [{ projectId: cycle.project_id, event: 'cycle.closed', data: { cycle } }]);
      await notifyCycleClosed(tx, { actor: principal, cycle });
    }
    const message =
      before.state !== cycle.state
        ? cycle.state === 'closed'
          ? 'Test cycle closed'
          : 'Test cycle reopened'
        : 'Test cycle updated successfully';
    return { cycle, message };
  });
}

/** The cycle, its items and results, and the test runs those results recorded, in one transaction. */
export async function deleteCycle(db: Db, principal: Principal, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const ref = await lockCycle(tx, principal, id, LOCK.update, 'delete_test_cycle');
    const cycle = await cycleOrFail(tx, id);
    const runs = await deleteCycleRow(tx, id);
    await auditDeleted(
      tx,
      principal,
      audited(ref),
      auditedFields(cycle),
      runs > 0 ? ` with ${counted(runs, 'recorded run')}` : '',
    );
  });
}

/** The dashboard's active cycles: open, in projects where the caller holds home_test_cycle. */
export async function activeCycles(db: Db, principal: Principal): Promise<ActiveCycles> {
  return { cycles: await listActiveCycles(db, principal, ACTIVE_CYCLES_MAX) };
}

export { itemPairsOfCases, moveItemsToCase } from './cycle-items-repository.ts';
