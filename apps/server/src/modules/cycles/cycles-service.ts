import {
  ACTIVE_CYCLES_MAX,
  type ActiveCycles,
  type AssignItemsBody,
  CASE_CYCLE_RESULTS_MAX,
  type CaseCycleResults,
  type CreateCycleBody,
  type Cycle,
  type CycleItem,
  type CycleItemDetail,
  type CycleItemsQuery,
  type CycleResult,
  type MyWork,
  type PermissionName,
  RESULT_UNDO_SECONDS,
  type RecordResultBody,
  type StepResult,
  type UpdateCycleBody,
} from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { LOCK, lockProject } from '../../db/row-locks.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { batchPerHandle, NaturalBatch } from '../../lib/natural-batch.ts';
import {
  type Audited,
  auditCreated,
  auditDeleted,
  auditUpdated,
  counted,
  quoted,
  recordAudit,
} from '../audit-log/audit-entries.ts';
import {
  loadPrincipal,
  type Principal,
  projectAccess,
  requireProject,
  requireProjectOf,
} from '../authz/authorization.ts';
import { CASE_NOT_FOUND, findCaseProjectId } from '../cases/cases-service.ts';
import { withdrawResults } from '../reports/reports-service.ts';
import { recordRuns, withdrawRecordedRun } from '../runs/runs-service.ts';
import { queueWebhookEvents } from '../webhooks/webhook-events.ts';
import { assertCycleOpen, CYCLE_NOT_FOUND, cycleClosed, ITEM_NOT_FOUND } from './cycle-rules.ts';
import {
  assignItems as assignItemRows,
  type CycleRef,
  deleteCycleRow,
  deleteLatestResult,
  existingIds,
  findCycle,
  findCycleRef,
  findItem,
  findItemRef,
  findItems,
  findResultRef,
  type ImportedItem,
  type ImportedResult,
  insertCycle,
  insertImportedResults,
  insertItems,
  insertItemsWithDescendants,
  insertResults,
  listActiveCycles,
  listAssignedItems,
  listCaseResults,
  listCyclesOfProject,
  listItems as listItemRows,
  listResults,
  lockItemsForResults,
  type NewCycle,
  updateCycleRow,
} from './cycles-repository.ts';

/** Test cycles (docs/product/cycles.md). */

export const EMPTY_SELECTION = 'Choose the cases of the cycle: suites, cases, all cases or another cycle';
export const NOTHING_SELECTED = 'The selection holds no test cases';
/** How many open items "My Work" lists at most. */
export const MY_WORK_MAX = 500;

export type { ImportedItem };

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
): Promise<{ id: number; items: ImportedItem[] }> {
  const id = await insertCycle(tx, { ...cycle, source: 'import' });
  return { id, items: await insertImportedResults(tx, id, cycle.createdBy, results) };
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

async function cycleOrFail(db: Tx, id: number): Promise<Cycle> {
  const cycle = await findCycle(db, id);
  if (!cycle) throw new NotFoundError(CYCLE_NOT_FOUND);
  return cycle;
}

/**
 * Locks a cycle after its project (db/row-locks.ts: the project row first, then its rows
 * top-down) and checks the caller's permission there; 404 when the cycle is gone or unseen.
 */
async function lockCycle(
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

const trimmedOrNull = (value: string | null | undefined) => {
  const text = value?.trim();
  return text ? text : null;
};

function requiredName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed)
    throw new BadRequestError('Cycle name is required', [{ field: 'name', message: 'is required' }]);
  return trimmed;
}

export async function listCycles(db: Db, principal: Principal, projectId: number): Promise<Cycle[]> {
  await requireProject(db, principal, projectId, 'home_test_cycle');
  return listCyclesOfProject(db, projectId);
}

export async function getCycle(db: Db, principal: Principal, id: number): Promise<Cycle> {
  const ref = await findCycleRef(db, id);
  await requireProjectOf(db, principal, ref?.project_id, CYCLE_NOT_FOUND, 'home_test_cycle');
  return cycleOrFail(db, id);
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
    await requireProject(tx, principal, projectId, 'add_test_cycle');
    if (!(await lockProject(tx, projectId, LOCK.keyShare))) throw new NotFoundError('Project not found');
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
      milestone: trimmedOrNull(body.milestone),
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
    await updateCycleRow(tx, id, {
      name,
      description: body.description,
      milestone: body.milestone === undefined ? undefined : trimmedOrNull(body.milestone),
      environment: body.environment === undefined ? undefined : trimmedOrNull(body.environment),
      state: body.state,
    });
    const cycle = await cycleOrFail(tx, id);
    await auditUpdated(tx, principal, audited(cycle), auditedFields(before), auditedFields(cycle));
    if (before.state !== 'closed' && cycle.state === 'closed') {
      await queueWebhookEvents(tx, [{ projectId: cycle.project_id, event: 'cycle.closed', data: { cycle } }]);
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

export async function listItems(
  db: Db,
  principal: Principal,
  cycleId: number,
  query: CycleItemsQuery,
): Promise<{ items: CycleItem[]; total: number }> {
  const ref = await findCycleRef(db, cycleId);
  await requireProjectOf(db, principal, ref?.project_id, CYCLE_NOT_FOUND, 'home_test_cycle');
  return listItemRows(db, cycleId, query);
}

export async function getItem(db: Db, principal: Principal, id: number): Promise<CycleItemDetail> {
  const ref = await findItemRef(db, id);
  await requireProjectOf(db, principal, ref?.project_id, ITEM_NOT_FOUND, 'home_test_cycle');
  const item = await findItem(db, id);
  if (!item || !ref) throw new NotFoundError(ITEM_NOT_FOUND);
  return { item, cycle: await cycleOrFail(db, ref.cycle_id), results: await listResults(db, { itemId: id }) };
}

interface ResultInput {
  itemId: number;
  state: RecordResultBody['state'];
  comment: string | null;
  elapsedMs: number | null;
  stepResults: (StepResult | null)[] | null;
  executor: Principal;
}
type Refusal = 'missing' | 'closed' | { steps: number };
type ResultOutput = { result: CycleResult; item: CycleItem } | { refused: Refusal };

/**
 * Results that arrive while a batch is being recorded go together in the next one
 * (lib/natural-batch.ts): one transaction, a handful of statements and one pass of the counters'
 * triggers for many results, as for run creation (runs/run-batcher.ts). Each answer is its own.
 */
const resultBatchOf = batchPerHandle(
  (db: Db) =>
    new NaturalBatch<ResultInput, ResultOutput>((inputs) => recordResults(db, inputs), { maxBatch: 200 }),
);

async function recordResults(db: Db, inputs: ResultInput[]): Promise<ResultOutput[]> {
  return db.transaction(async (tx) => {
    const items = await lockItemsForResults(tx, [...new Set(inputs.map((input) => input.itemId))]);
    const refusal = (input: ResultInput): Refusal | null => {
      const item = items.get(input.itemId);
      if (!item) return 'missing';
      if (item.cycle_state === 'closed') return 'closed';
      // One entry per step at most: the case may have lost steps since the form was drawn.
      if (input.stepResults && input.stepResults.length > item.case_steps) return { steps: item.case_steps };
      return null;
    };
    const accepted = inputs.filter((input) => refusal(input) === null);
    if (accepted.length === 0) return inputs.map((input) => ({ refused: refusal(input)! }));
    // Passed and failed record the case's test run, with its audit entry.
    const recorded = accepted.filter((input) => input.state === 'passed' || input.state === 'failed');
    const runs = await recordRuns(
      tx,
      recorded.map((input) => {
        const item = items.get(input.itemId)!;
        return {
          caseId: item.case_id,
          projectId: item.project_id,
          status: input.state as 'passed' | 'failed',
          executor: input.executor,
          changes: {
            status: { before: null, after: input.state },
            case_id: { before: null, after: item.case_id },
            cycle_id: { before: null, after: item.cycle_id },
          },
        };
      }),
    );
    const runIds = new Map(recorded.map((input, index) => [input, runs[index]?.id ?? null]));
    const inserted = await insertResults(
      tx,
      accepted.map((input) => ({
        itemId: input.itemId,
        state: input.state,
        comment: input.comment,
        elapsedMs: input.elapsedMs,
        runId: runIds.get(input) ?? null,
        executedBy: input.executor.id,
        stepResults: input.stepResults,
        caseVersion: items.get(input.itemId)!.case_version,
      })),
    );
    // The answers' results are what was just written; only the items are read back.
    const answered = await findItems(tx, [...new Set(accepted.map((input) => input.itemId))]);
    const resultOf = new Map(
      accepted.map((input, index): [ResultInput, CycleResult] => [
        input,
        {
          id: inserted.ids[index]!,
          item_id: input.itemId,
          state: input.state,
          comment: input.comment,
          elapsed_ms: input.elapsedMs,
          run_id: runIds.get(input) ?? null,
          executor: { id: input.executor.id, username: input.executor.username },
          created_at: inserted.createdAt,
          failure: null,
          step_results: input.stepResults,
          case_version: items.get(input.itemId)!.case_version,
          log: null,
        },
      ]),
    );
    await queueWebhookEvents(
      tx,
      accepted.map((input) => {
        const item = items.get(input.itemId)!;
        return {
          projectId: item.project_id,
          event: 'result.recorded',
          failed: input.state === 'failed',
          data: {
            cycle: { id: item.cycle_id },
            test_case: { id: item.case_id },
            item: answered.get(input.itemId)!,
            result: resultOf.get(input)!,
          },
        };
      }),
    );
    return inputs.map((input) => {
      const refused = refusal(input);
      if (refused) return { refused };
      return { result: resultOf.get(input)!, item: answered.get(input.itemId)! };
    });
  });
}

// An item never moves to another cycle or project, so its project is kept once read.
const projectsOfItems = new WeakMap<Db, Map<number, number>>();
const MAX_REMEMBERED_ITEMS = 100_000;

async function projectIdOfItem(db: Db, itemId: number): Promise<number | undefined> {
  let known = projectsOfItems.get(db);
  if (!known) {
    known = new Map();
    projectsOfItems.set(db, known);
  }
  const remembered = known.get(itemId);
  if (remembered !== undefined) return remembered;
  const ref = await findItemRef(db, itemId);
  if (!ref) return undefined;
  if (known.size >= MAX_REMEMBERED_ITEMS) known.clear();
  known.set(itemId, ref.project_id);
  return ref.project_id;
}

/**
 * Records a result on an item. Passed and failed also record the case's test run (executed by
 * the caller), so the case page, the tree marks and the dashboard include it; blocked and
 * skipped change only the item. Locks: project, cycle (shared: a close waits), case, item.
 */
export async function recordResult(
  db: Db,
  principal: Principal,
  itemId: number,
  body: RecordResultBody,
): Promise<{ result: CycleResult; item: CycleItem }> {
  const projectId = await projectIdOfItem(db, itemId);
  await requireProjectOf(db, principal, projectId, ITEM_NOT_FOUND, 'execute_test_cycle');
  const output = await resultBatchOf(db).call({
    itemId,
    state: body.state,
    comment: trimmedOrNull(body.comment),
    elapsedMs: body.elapsed_ms ?? null,
    stepResults: stepResultsOf(body.step_results),
    executor: principal,
  });
  if ('refused' in output) {
    const { refused } = output;
    if (refused === 'closed') throw cycleClosed();
    if (refused === 'missing') throw new NotFoundError(ITEM_NOT_FOUND);
    const message = `step_results has ${body.step_results!.length} entries; the case has ${counted(refused.steps, 'step')}`;
    throw new BadRequestError(message, [{ field: 'step_results', message }]);
  }
  return output;
}

export const RESULT_NOT_FOUND = 'Cycle result not found';

/**
 * Undoes a result (decision 177): only its recorder, within RESULT_UNDO_SECONDS of recording it,
 * while it is its item's latest result, in an open cycle that no import made (an import cycle's
 * results feed the flakiness figures, which keep no way back). The item gets back the state and
 * duration it had, the test run the result recorded goes (its triggers put the case's status and
 * the dashboard back), the reports' figures lose it, and the audit log says so. Locks as recording
 * does: project, cycle (shared), case, item.
 */
export async function undoResult(db: Db, principal: Principal, resultId: number): Promise<CycleItem> {
  return db.transaction(async (tx) => {
    const seen = await findResultRef(tx, resultId);
    await requireProjectOf(tx, principal, seen?.project_id, RESULT_NOT_FOUND, 'execute_test_cycle');
    const locked = (await lockItemsForResults(tx, [seen!.item_id])).get(seen!.item_id);
    // Read again under the locks: a result recorded or undone meanwhile changes the answer.
    const ref = locked && (await findResultRef(tx, resultId));
    if (!locked || !ref) throw new NotFoundError(RESULT_NOT_FOUND);
    if (locked.cycle_state === 'closed') throw cycleClosed();
    if (ref.executed_by !== principal.id) {
      throw new ForbiddenError('Only the person who recorded a result may undo it', 'not_your_result');
    }
    if (ref.cycle_source === 'import') {
      throw new ConflictError("A result in an import's cycle cannot be undone", 'imported_cycle_result');
    }
    if (!ref.latest) {
      throw new ConflictError(
        'A later result was recorded on this item; only the latest result can be undone',
        'not_latest_result',
      );
    }
    if (ref.age_seconds > RESULT_UNDO_SECONDS) {
      throw new ConflictError(
        `A result can be undone for ${RESULT_UNDO_SECONDS} seconds after it was recorded`,
        'undo_window_passed',
      );
    }
    const runGone = ref.run_id !== null && (await withdrawRecordedRun(tx, ref.run_id));
    await withdrawResults(tx, [{ resultId }]);
    const before = (await findItems(tx, [ref.item_id])).get(ref.item_id)!;
    await deleteLatestResult(tx, resultId, ref.item_id);
    const item = (await findItems(tx, [ref.item_id])).get(ref.item_id)!;
    await recordAudit(tx, principal, {
      action: 'delete',
      entity: 'cycle',
      entityId: locked.cycle_id,
      projectId: locked.project_id,
      summary:
        `Undid the ${ref.state} result of case ${quoted(ref.case_name)} in cycle ${quoted(ref.cycle_name)}` +
        (runGone ? ` and its run #${ref.run_id}` : ''),
      changes: {
        result_id: { before: resultId, after: null },
        state: { before: before.state, after: item.state },
        ...(runGone ? { run_id: { before: ref.run_id, after: null } } : {}),
      },
    });
    return item;
  });
}

/** Step results as kept: comments trimmed (an empty one left out); none at all is null. */
function stepResultsOf(given: RecordResultBody['step_results']): (StepResult | null)[] | null {
  if (!given || given.every((entry) => entry === null)) return null;
  return given.map((entry) => {
    if (!entry) return null;
    const comment = trimmedOrNull(entry.comment);
    return comment ? { state: entry.state, comment } : { state: entry.state };
  });
}

/** Assigns (or, with null, unassigns) items of an open cycle to a user who sees the project. */
export async function assignItems(
  db: Db,
  principal: Principal,
  cycleId: number,
  body: AssignItemsBody,
): Promise<{ message: string; updated: number }> {
  return db.transaction(async (tx) => {
    const cycle = await lockCycle(tx, principal, cycleId, LOCK.share, 'edit_test_cycle');
    assertCycleOpen(cycle);
    if (body.assignee_id !== null) {
      const assignee = await loadPrincipal(tx, body.assignee_id);
      const access = assignee && (await projectAccess(tx, assignee, cycle.project_id));
      if (!access) {
        throw new BadRequestError('The assignee must be a user who sees the project', [
          { field: 'assignee_id', message: 'must be a user who sees the project' },
        ]);
      }
    }
    const ids = [...new Set(body.item_ids)];
    const updated = await assignItemRows(tx, cycleId, ids, body.assignee_id);
    if (updated < ids.length) throw new NotFoundError(ITEM_NOT_FOUND);
    await recordAudit(tx, principal, {
      action: 'update',
      entity: 'cycle',
      entityId: cycleId,
      projectId: cycle.project_id,
      summary:
        body.assignee_id === null
          ? `Unassigned ${counted(updated, 'item')} of cycle ${quoted(cycle.name)}`
          : `Assigned ${counted(updated, 'item')} of cycle ${quoted(cycle.name)} to user #${body.assignee_id}`,
      changes: { assignee_id: { before: null, after: body.assignee_id } },
    });
    const message =
      body.assignee_id === null
        ? `Unassigned ${counted(updated, 'item')}`
        : `Assigned ${counted(updated, 'item')}`;
    return { message, updated };
  });
}

export async function myWork(db: Db, principal: Principal): Promise<MyWork> {
  return { items: await listAssignedItems(db, principal, MY_WORK_MAX) };
}

/**
 * A case's latest cycle results, newest first (its case page shows their durations and failure
 * messages). Needs home_test_cycle in the case's project; a case the caller cannot see is 404.
 */
export async function caseCycleResults(
  db: Db,
  principal: Principal,
  caseId: number,
): Promise<CaseCycleResults> {
  const projectId = await findCaseProjectId(db, caseId);
  await requireProjectOf(db, principal, projectId, CASE_NOT_FOUND, 'home_test_cycle');
  return { results: await listCaseResults(db, caseId, CASE_CYCLE_RESULTS_MAX) };
}

/** The dashboard's active cycles: open, in projects where the caller holds home_test_cycle. */
export async function activeCycles(db: Db, principal: Principal): Promise<ActiveCycles> {
  return { cycles: await listActiveCycles(db, principal, ACTIVE_CYCLES_MAX) };
}
