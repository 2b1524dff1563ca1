import type {
  Cycle,
  LiveFinishBody,
  LiveFinishResponse,
  LiveResult,
  LiveResultsBody,
  LiveResultsResponse,
  LiveRunBody,
} from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { LOCK, lockProject } from '../../db/row-locks.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { isoTime } from '../../lib/timestamps.ts';
import { counted, quoted, recordAudit } from '../audit-log/audit-entries.ts';
import { type Principal, requireProject } from '../authz/authorization.ts';
import {
  appendToImportedCycle,
  closeImportedCycle,
  cycleById,
  cycleRefOf,
  liveRunOfCycle,
  lockCycle,
  openImportedCycle,
  trimmedOrNull,
} from '../cycles/cycles-service.ts';
import { recordFlakyCount } from '../reports/reports-service.ts';
import { queueWebhookEvents } from '../webhooks/webhook-events.ts';
import { gateOf } from './import-gate.ts';
import { gateItemsOf } from './import-gate-repository.ts';
import { addToPlan, createImportPlan } from './import-plan.ts';
import { importedResultsOf, recordPlan } from './import-record.ts';
import { lockProjectImports } from './import-repository.ts';
import type { ReportedCase } from './report-formats/reported-case.ts';

/**
 * Live runs (docs/product/live-runs.md; decision 248): a reporter opens an import cycle when its
 * test run starts, sends results in batches as tests finish, and finishes the run at its end. Each
 * batch is matched to cases and recorded as an import is (import-record.ts), in its own transaction,
 * so the cycle page fills as the run goes.
 */

const CYCLE_NOT_FOUND = 'Test cycle not found';
export const NOT_A_LIVE_RUN = 'This cycle is not a live run';
export const NOT_YOUR_RUN = 'Only the user who opened a live run may report to it';

/** Settings the live routes pass on. */
export interface LiveRunSettings {
  liveRunTimeoutMinutes: number;
}

/** `POST /api/projects/{id}/live-runs`: an open, empty import cycle with the run's name and CI facts. */
export async function openLiveRun(
  db: Db,
  principal: Principal,
  projectId: number,
  body: LiveRunBody,
  settings: LiveRunSettings,
): Promise<Cycle> {
  const id = await db.transaction(async (tx) => {
    await requireProject(tx, principal, projectId, 'import_results');
    if (!(await lockProject(tx, projectId, LOCK.keyShare))) throw new NotFoundError('Project not found');
    const at = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const id = await openImportedCycle(tx, {
      projectId,
      name: trimmedOrNull(body.name) ?? `Live run ${at} UTC`,
      description: '',
      milestone: null,
      environment: null,
      createdBy: principal.id,
      ci: {
        branch: trimmedOrNull(body.branch),
        commit: trimmedOrNull(body.commit),
        buildUrl: trimmedOrNull(body.build_url),
        buildNumber: trimmedOrNull(body.build_number),
      },
    });
    await queueWebhookEvents(tx, [
      { projectId, event: 'cycle.created', data: { cycle: await cycleById(tx, id) } },
    ]);
    return id;
  });
  return liveCycle(db, id, settings);
}

/**
 * The run's cycle with its live state, for the caller who opened or finished it: import_results
 * suffices, as the import answers its cycle without home_test_cycle.
 */
async function liveCycle(db: Tx, id: number, settings: LiveRunSettings): Promise<Cycle> {
  const cycle = await cycleById(db, id);
  if (!cycle) throw new NotFoundError(CYCLE_NOT_FOUND);
  const live = await liveRunOfCycle(db, id, settings.liveRunTimeoutMinutes);
  return live ? { ...cycle, live: { ...live, last_result_at: isoTime(live.last_result_at) } } : cycle;
}

/** One result as the import's plan takes a reported test. */
function reportedOf(result: LiveResult): ReportedCase {
  return {
    suite: result.suite,
    path: result.path,
    outcome: result.outcome,
    durationMs: result.duration_ms ?? null,
    failure: result.failure ?? null,
    log: result.log || null,
    caseKey: result.case_key ?? null,
    retry: result.retry ?? false,
    ...(result.steps ? { steps: result.steps } : {}),
  };
}

/**
 * Locks the run's cycle after the project's import turn (the order of every import: turn, project,
 * then rows) and checks it is a live run of the caller's, still open (409 once finished).
 */
async function lockLiveRun(tx: Tx, principal: Principal, cycleId: number) {
  const seen = await cycleRefOf(tx, cycleId);
  if (!seen) throw new NotFoundError(CYCLE_NOT_FOUND);
  await lockProjectImports(tx, seen.project_id);
  const ref = await lockCycle(tx, principal, cycleId, LOCK.noKeyUpdate, 'import_results');
  const cycle = await cycleById(tx, cycleId);
  if (!cycle) throw new NotFoundError(CYCLE_NOT_FOUND);
  if (!(await liveRunOfCycle(tx, cycleId, 1))) throw new ConflictError(NOT_A_LIVE_RUN);
  if (cycle.creator?.id !== principal.id) throw new ForbiddenError(NOT_YOUR_RUN, 'not_your_import');
  if (ref.state === 'closed')
    throw new ConflictError('This live run has finished; its cycle is closed', 'cycle_closed');
  return cycle;
}

/**
 * `POST /api/live-runs/{id}/results`: a batch of results, matched to cases as an import matches its
 * tests (by key, else by suite, parent and name; missing suites and cases created), one result each.
 * Answers the results' ids in the batch's order, for their evidence.
 */
export async function addLiveResults(
  db: Db,
  principal: Principal,
  cycleId: number,
  body: LiveResultsBody,
): Promise<LiveResultsResponse> {
  const plan = createImportPlan();
  // The plan lists the tests that name no case first, then those that name one, each in batch order.
  const unkeyed: number[] = [];
  const keyed: number[] = [];
  for (const [index, result] of body.results.entries()) {
    (result.case_key ? keyed : unkeyed).push(index);
    addToPlan(plan, reportedOf(result));
  }
  const order = [...unkeyed, ...keyed];
  return db.transaction(async (tx) => {
    const cycle = await lockLiveRun(tx, principal, cycleId);
    const access = await requireProject(tx, principal, cycle.project_id, 'import_results');
    const warnings: string[] = [];
    const recorded = await recordPlan(tx, access, principal, plan, warnings);
    const { resultIds } = await appendToImportedCycle(
      tx,
      cycleId,
      principal.id,
      importedResultsOf(plan, recorded),
    );
    const inBatchOrder = new Array<number>(resultIds.length);
    for (const [at, index] of order.entries()) inBatchOrder[index] = resultIds[at]!;
    return { result_ids: inBatchOrder, warnings };
  });
}

/**
 * `POST /api/live-runs/{id}/finish`: closes the run's cycle with the CI facts known at the end and
 * answers it with its gate, as the import answers its own (docs/product/ci-gate.md).
 */
export async function finishLiveRun(
  db: Db,
  principal: Principal,
  cycleId: number,
  body: LiveFinishBody,
  settings: LiveRunSettings,
): Promise<LiveFinishResponse> {
  const answer = await db.transaction(async (tx) => {
    const before = await lockLiveRun(tx, principal, cycleId);
    const projectId = before.project_id;
    const fact = (value: string | undefined) => (value === undefined ? undefined : trimmedOrNull(value));
    const cycle = await closeImportedCycle(tx, principal, cycleId, {
      branch: fact(body.branch),
      commit: fact(body.commit),
      buildUrl: fact(body.build_url),
      buildNumber: fact(body.build_number),
    });
    const gate = await gateOf(tx, projectId, cycle, await gateItemsOf(tx, cycleId));
    await recordFlakyCount(tx, projectId, cycle);
    const { counts } = cycle;
    await recordAudit(tx, principal, {
      action: 'create',
      entity: 'run',
      projectId,
      summary:
        `Finished the live run ${quoted(cycle.name)}: ${counted(counts.passed + counts.failed, 'run')} recorded ` +
        `(${counts.passed} passed, ${counts.failed} failed)`,
    });
    const message = `Recorded ${counted(counts.total, 'case')} in "${cycle.name}": ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
    return { message, gate };
  });
  return { ...answer, cycle: await liveCycle(db, cycleId, settings) };
}
