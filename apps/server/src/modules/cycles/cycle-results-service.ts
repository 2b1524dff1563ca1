import {
  CASE_CYCLE_RESULTS_MAX,
  type CaseCycleResults,
  type CycleItem,
  type CycleResult,
  RESULT_UNDO_SECONDS,
  type RecordResultBody,
  type StepResult,
} from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { batchPerHandle, NaturalBatch } from '../../lib/natural-batch.ts';
import { counted, quoted, recordAudit } from '../audit-log/audit-entries.ts';
import { type Principal, requireProjectOf } from '../authz/authorization.ts';
import { CASE_NOT_FOUND, findCaseProjectId } from '../cases/cases-service.ts';
import { withdrawResults } from '../reports/reports-service.ts';
import { recordRuns, withdrawRecordedRun } from '../runs/runs-service.ts';
import { queueWebhookEvents } from '../webhooks/webhook-events.ts';
import { findItems, findProjectsOfItems, lockItemsForResults } from './cycle-items-repository.ts';
import {
  deleteLatestResult,
  findResultRef,
  insertResults,
  listCaseResults,
} from './cycle-results-repository.ts';
import { cycleClosed, ITEM_NOT_FOUND } from './cycle-rules.ts';
import { trimmedOrNull } from './cycles-service.ts';

/** Results recorded on a test cycle's items, their undo, and a case's cycle results (docs/product/cycles.md). */

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

/**
 * Items not yet known are looked up together: 50 testers starting on a new cycle ask for 50 items
 * at once, and one statement answers them instead of 50 that each wait their turn on the database.
 */
const itemProjectsOf = batchPerHandle(
  (db: Db) =>
    new NaturalBatch<number, number | undefined>(async (ids) => {
      const found = await findProjectsOfItems(db, [...new Set(ids)]);
      return ids.map((id) => found.get(id));
    }),
);

async function projectIdOfItem(db: Db, itemId: number): Promise<number | undefined> {
  let known = projectsOfItems.get(db);
  if (!known) {
    known = new Map();
    projectsOfItems.set(db, known);
  }
  const remembered = known.get(itemId);
  if (remembered !== undefined) return remembered;
  const projectId = await itemProjectsOf(db).call(itemId);
  if (projectId === undefined) return undefined;
  if (known.size >= MAX_REMEMBERED_ITEMS) known.clear();
  known.set(itemId, projectId);
  return projectId;
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
