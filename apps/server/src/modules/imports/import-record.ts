import type { CaseStep, PermissionName } from '@verdict/contract';
import type { Tx } from '../../db/client.ts';
import { LOCK, lockProject } from '../../db/row-locks.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { counted } from '../audit-log/audit-entries.ts';
import { missingPermission, type Principal, type ProjectAccess } from '../authz/authorization.ts';
import { renameCases, setStepsOfEmptyCases } from '../cases/cases-service.ts';
import type { ImportedResult } from '../cycles/cycles-service.ts';
import { createSuitesInBulk, suitesByName } from '../suites/suites-service.ts';
import {
  type CaseNode,
  caseKey,
  foldKeyed,
  type ImportPlan,
  matchExistingCases,
  type PlannedRun,
} from './import-plan.ts';
import {
  findCases,
  findKeyedCases,
  insertCases,
  insertRuns,
  lockImportTargets,
  lockProjectImports,
} from './import-repository.ts';
import type { ReportedStep } from './report-formats/reported-case.ts';

/**
 * How a folded report (import-plan.ts) is written, for the import of a whole report and for each
 * batch of a live run alike: tests matched to cases (by key, else by suite, parent and name), the
 * missing suites and cases created, one test run per recorded test, in the caller's transaction.
 */

/** What recordPlan wrote: the counts of what it created, each run's id and each case's version. */
export interface RecordedPlan {
  suites: number;
  cases: number;
  /** The run ids of the reported tests, in report order (null for a skipped one). */
  runIds: (number | null)[];
  versions: Map<number, { version: number; steps: number }>;
  /** The cases this import made, for rename proposals. */
  createdIds: number[];
}

export const nothingRecorded = (): RecordedPlan => ({
  suites: 0,
  cases: 0,
  runIds: [],
  versions: new Map(),
  createdIds: [],
});

/**
 * The results of the plan's tests in a cycle, in report order: a report's steps are the result's
 * step results when the case has as many steps.
 */
export function importedResultsOf(plan: ImportPlan, recorded: RecordedPlan): ImportedResult[] {
  return plan.runs.map((run, index) => ({
    caseId: run.node.id!,
    caseVersion: recorded.versions.get(run.node.id!)?.version ?? 1,
    stepResults:
      run.steps && run.steps.length === recorded.versions.get(run.node.id!)?.steps
        ? run.steps.map((step) => ({ state: step.outcome }))
        : null,
    state: run.status,
    runId: recorded.runIds[index] ?? null,
    elapsedMs: run.durationMs,
    failure: run.failure,
    log: run.log,
  }));
}

/**
 * Rows per insert. A report of 100,000 cases is written in a few dozen statements rather than
 * two: each statement's arrays are built and handed to the database in a few milliseconds, so
 * the server answers other requests between them, and no single message holds them all.
 */
const WRITE_CHUNK = 5000;

function* chunks<T>(items: T[]): Generator<T[]> {
  for (let start = 0; start < items.length; start += WRITE_CHUNK)
    yield items.slice(start, start + WRITE_CHUNK);
}

export async function recordPlan(
  tx: Tx,
  access: ProjectAccess,
  principal: Principal,
  plan: ImportPlan,
  warnings: string[],
): Promise<RecordedPlan> {
  const { projectId } = access;
  await lockProjectImports(tx, projectId);
  // Same lock order as every other write (db/row-locks.ts): project row first, so an
  // import racing a case or project delete waits instead of deadlocking on the counters.
  if (!(await lockProject(tx, projectId, LOCK.keyShare))) throw new NotFoundError('Project not found');

  // Tests that name their case land on it (docs/product/report-formats.md, "Identity").
  const keys = [...new Set(plan.keyed.map((reported) => reported.caseKey!))];
  const keyed = await findKeyedCases(tx, projectId, keys);
  const missing = foldKeyed(plan, keyed);
  if (missing.length > 0) {
    warnings.push(
      `${missing.map((key) => `C${key}`).join(', ')} ${missing.length === 1 ? 'names no case' : 'name no cases'} of this project; matched by name instead`,
    );
  }
  const keyedCases = [...keyed.keys()];

  const suiteIds = await suitesByName(tx, projectId, [...plan.suites.keys()]);
  for (const suite of plan.suites.values()) suite.id = suiteIds.get(suite.name) ?? null;
  matchExistingCases(plan, await findCases(tx, projectId, [...suiteIds.values()], [...plan.names]));

  const newSuites = [...plan.suites.values()].filter((suite) => suite.id === null);
  const newCases = plan.levels.map((level) => level.filter((node) => node.id === null));
  const require = (permission: PermissionName) => {
    if (!access.permissions.has(permission)) throw missingPermission(permission);
  };
  const recorded = plan.runs.filter((run) => run.status !== 'skipped');
  if (recorded.length > 0) require('add_test_run_in_test_case');
  if (newSuites.length > 0) require('add_test_suit_in_project');
  if ((newCases[0]?.length ?? 0) > 0) require('add_test_case_in_test_suit');
  if (newCases.slice(1).some((level) => level.length > 0)) require('add_test_case_in_test_case');

  await renameKeyedCases(tx, access, principal, plan, keyed, warnings);
  const existingCases: number[] = [...keyedCases];
  for (const level of plan.levels)
    for (const node of level) if (node.id !== null) existingCases.push(node.id);
  const versions = await lockImportTargets(tx, [...suiteIds.values()], existingCases);
  await fillEmptySteps(tx, principal, plan, versions);

  if (newSuites.length > 0) {
    const inserted = await createSuitesInBulk(
      tx,
      projectId,
      newSuites.map((suite) => suite.name),
    );
    for (const suite of newSuites) suite.id = inserted.get(suite.name) ?? null;
  }
  // A new case takes the steps its first test reported (Cucumber's), so its results have step results.
  const stepsOf = new Map<CaseNode, CaseStep[]>();
  for (const run of plan.runs) {
    if (run.steps && run.node.id === null && !stepsOf.has(run.node))
      stepsOf.set(run.node, asCaseSteps(run.steps));
  }
  // The status of each new case's last recorded run (runs are numbered in report order).
  const lastStatus = new Map<CaseNode, 'passed' | 'failed'>();
  for (const run of recorded)
    if (run.node.id === null) lastStatus.set(run.node, run.status as 'passed' | 'failed');
  const stepsByKey = new Map<string, number>();
  // Level by level, so each child's parent already has its id.
  for (const level of newCases) {
    for (const node of level) {
      const steps = stepsOf.get(node);
      if (steps) stepsByKey.set(caseKey(node.suite.id!, node.parent?.id ?? null, node.name), steps.length);
    }
    for (const chunk of chunks(level)) {
      const rows = chunk.map((node) => ({
        suiteId: node.suite.id!,
        parentId: node.parent?.id ?? null,
        name: node.name,
        steps: stepsOf.get(node) ?? null,
        status: lastStatus.get(node) ?? null,
      }));
      const insertedRows = await insertCases(tx, projectId, rows);
      for (const row of insertedRows) {
        versions.set(row.id, {
          version: row.version,
          steps: stepsByKey.get(caseKey(row.suite_id, row.parent_id, row.name)) ?? 0,
        });
      }
      const inserted = new Map(
        insertedRows.map((row) => [caseKey(row.suite_id, row.parent_id, row.name), row.id]),
      );
      for (const node of chunk)
        node.id = inserted.get(caseKey(node.suite.id!, node.parent?.id ?? null, node.name)) ?? null;
    }
  }

  // The run ids of the reported test cases, in report order (null for a skipped one).
  const ids = new Map<PlannedRun, number>();
  for (const chunk of chunks(recorded)) {
    const inserted = await insertRuns(
      tx,
      projectId,
      principal.id,
      chunk.map((run) => ({ caseId: run.node.id!, status: run.status as 'passed' | 'failed' })),
    );
    for (const [index, run] of chunk.entries()) ids.set(run, inserted[index]!);
  }
  return {
    suites: newSuites.length,
    cases: newCases.reduce((n, level) => n + level.length, 0),
    runIds: plan.runs.map((run) => ids.get(run) ?? null),
    versions,
    createdIds: newCases.flat().map((node) => node.id!),
  };
}

const asCaseSteps = (steps: ReportedStep[]): CaseStep[] =>
  steps.map((step) => ({ action: step.text, expected: '' }));

/**
 * A case a test names by its key takes the test's name (a renamed test keeps its case and history),
 * as a new version, when the caller may edit cases; else the name stays and a warning says so.
 */
async function renameKeyedCases(
  tx: Tx,
  access: ProjectAccess,
  principal: Principal,
  plan: ImportPlan,
  keyed: Map<number, { name: string }>,
  warnings: string[],
): Promise<void> {
  const renames = new Map<number, string>();
  for (const run of plan.runs) {
    const before = run.node.id === null ? undefined : keyed.get(run.node.id);
    if (before && run.node.parent === null && before.name !== run.node.name)
      renames.set(run.node.id!, run.node.name);
  }
  if (renames.size === 0) return;
  if (!access.permissions.has('edit_test_case')) {
    warnings.push(
      `${counted(renames.size, 'case')} named by key kept their names: renaming needs edit_test_case`,
    );
    return;
  }
  await renameCases(tx, principal.id, renames, 'Renamed by an import: its test names this case by key');
}

/**
 * A case with no steps whose test reports steps (a case an earlier JUnit import made, now fed
 * Cucumber) takes them as a new version, so its results have step results.
 */
async function fillEmptySteps(
  tx: Tx,
  principal: Principal,
  plan: ImportPlan,
  versions: Map<number, { version: number; steps: number }>,
): Promise<void> {
  const fill = new Map<number, CaseStep[]>();
  for (const run of plan.runs) {
    const id = run.node.id;
    if (id === null || !run.steps || fill.has(id) || versions.get(id)?.steps !== 0) continue;
    fill.set(id, asCaseSteps(run.steps));
  }
  if (fill.size === 0) return;
  await setStepsOfEmptyCases(tx, principal.id, fill, 'Steps written by an import from the reported steps');
  for (const [id, steps] of fill) {
    const before = versions.get(id)!;
    versions.set(id, { version: before.version + 1, steps: steps.length });
  }
}
