import type {
  BranchGate,
  CaseStep,
  CycleRenames,
  ImportQuery,
  ImportResponse,
  ImportSummary,
  PermissionName,
} from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { LOCK, lockProject } from '../../db/row-locks.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { isoTime } from '../../lib/timestamps.ts';
import type { UploadLimits } from '../attachments/attachments-service.ts';
import { counted, quoted, recordAudit } from '../audit-log/audit-entries.ts';
import {
  missingPermission,
  type Principal,
  type ProjectAccess,
  requireProject,
} from '../authz/authorization.ts';
import { renameCases, setStepsOfEmptyCases } from '../cases/cases-service.ts';
import { createImportedCycle, cycleById, getCycle, type ImportedItem } from '../cycles/cycles-service.ts';
import { projectName } from '../projects/projects-service.ts';
import { recordFlakyCount } from '../reports/reports-service.ts';
import { createSuitesInBulk, suitesByName } from '../suites/suites-service.ts';
import { queueWebhookEvents } from '../webhooks/webhook-events.ts';
import { type ResultEvidence, settleEvidence } from './import-evidence.ts';
import { gateOf, gateOfLatestImport } from './import-gate.ts';
import {
  addToPlan,
  type CaseNode,
  caseKey,
  createImportPlan,
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
import { readJunitReport } from './junit-reader.ts';
import { renameProposals, renamesOfCycle } from './rename-proposals.ts';
import type { OnCase, ReadReport, ReportedStep } from './report-formats/reported-case.ts';

/**
 * Checked before the body is read, so a caller who may not import into the project is
 * refused without the server reading a report of up to IMPORT_MAX_BYTES.
 */
/**
 * Imports into one project take turns (a JUnit import and a case import alike), so two never
 * create the same cases at once; held until the caller's transaction ends.
 */
export function takeImportTurn(tx: Tx, projectId: number): Promise<void> {
  return lockProjectImports(tx, projectId);
}

/**
 * The latest import of a branch and its CI gate, read again now (docs/product/ci-gate.md): with
 * today's quarantines and flakiness, against the import before it. Needs home_test_cycle.
 */
export async function latestBranchGate(
  db: Db,
  principal: Principal,
  projectId: number,
  branch: string,
): Promise<BranchGate> {
  await requireProject(db, principal, projectId, 'home_test_cycle');
  const latest = await gateOfLatestImport(db, projectId, branch);
  if (!latest) return { branch, cycle: null, gate: null };
  return {
    branch,
    cycle: { ...latest.cycle, created_at: isoTime(latest.cycle.created_at) },
    gate: latest.gate,
  };
}

export async function assertMayImport(db: Db, principal: Principal, projectId: number): Promise<void> {
  await requireProject(db, principal, projectId, 'import_results');
}

/**
 * Imports a JUnit report into a project, all or nothing: suites and cases are matched by name
 * (and created when missing), and one run is recorded per test case that ran, executed by the
 * caller. Besides `import_results`, the caller needs the permissions of what the import does:
 * recording runs, and creating suites, top-level cases or child cases when some are missing.
 */
export function importJunitReport(
  db: Db,
  principal: Principal,
  projectId: number,
  body: AsyncIterable<Buffer>,
  query: ImportQuery = {},
  options: { evidence?: UploadLimits } = {},
): Promise<ImportResponse> {
  return importReport(db, principal, projectId, (onCase) => readJunitReport(body, onCase), query, options);
}

/**
 * Imports what a report reader hands on (docs/product/junit-import.md, report-formats.md). The
 * report is read as it arrives and outside the transaction: a bad report never holds a
 * connection, and only its folded plan is kept, never the report itself. The files the report
 * names for its tests (`evidence`: the attachment limits) are settled after the transaction
 * (import-evidence.ts): storing them is not part of the all-or-nothing import.
 */
export async function importReport(
  db: Db,
  principal: Principal,
  projectId: number,
  read: (onCase: OnCase) => Promise<ReadReport>,
  query: ImportQuery = {},
  options: { renames?: boolean; evidence?: UploadLimits } = {},
): Promise<ImportResponse> {
  const plan = createImportPlan();
  const { warnings, reportName } = await read((reported) => addToPlan(plan, reported));
  const resultIds: number[] = [];
  const answer = await db.transaction(async (tx) => {
    const access = await requireProject(tx, principal, projectId, 'import_results');
    const created =
      plan.runs.length > 0 || plan.keyed.length > 0
        ? await record(tx, access, principal, plan, warnings)
        : {
            suites: 0,
            cases: 0,
            runIds: [],
            versions: new Map<number, { version: number; steps: number }>(),
            createdIds: [] as number[],
          };
    const name = await projectName(tx, projectId);
    const summary = summarise(plan, created, warnings);
    if (plan.retried > 0) summary.retried = plan.retried;
    const made =
      plan.runs.length > 0
        ? await createImportCycle(tx, projectId, principal, plan, created, query, reportName)
        : null;
    const cycle = made && { id: made.id, name: made.name };
    if (made) resultIds.push(...made.resultIds);
    const branch = query.branch?.trim() || null;
    const gate = made ? await gateOf(tx, projectId, { id: made.id, branch }, made.items) : null;
    if (options.renames && made && gate?.compared_with) {
      const renames = await renameProposals(tx, gate.compared_with.id, made.id, created.createdIds);
      if (renames.length > 0) summary.renames = renames;
    }
    if (cycle) await recordFlakyCount(tx, projectId, { id: cycle.id, branch });
    if (summary.runsRecorded > 0) await recordAudit(tx, principal, importEntry(projectId, name, summary));
    // One import.finished with the summary, never one result.recorded per reported test.
    await queueWebhookEvents(tx, [
      ...(cycle
        ? [{ projectId, event: 'cycle.created' as const, data: { cycle: await cycleById(tx, cycle.id) } }]
        : []),
      {
        projectId,
        event: 'import.finished',
        data: {
          summary,
          cycle,
          gate: gate && { branch: gate.branch, compared_with: gate.compared_with, counts: gate.counts },
        },
      },
    ]);
    return { message: messageFor(summary, name), project: { id: projectId, name }, summary, cycle, gate };
  });
  if (!plan.evidence.named || !answer.cycle || !options.evidence) return answer;
  const results: ResultEvidence[] = [];
  for (const [index, run] of plan.runs.entries()) {
    const resultId = resultIds[index];
    if (run.attachments && resultId !== undefined)
      results.push({ resultId, test: testName(run.node), files: run.attachments });
  }
  const { evidence, uploads } = await settleEvidence(
    db,
    principal,
    { projectId, ...answer.cycle },
    results,
    plan.evidence,
    options.evidence,
  );
  return { ...answer, summary: { ...answer.summary, evidence }, evidence_uploads: uploads };
}

/** A test's name as a skip line gives it: its case path under its suite. */
function testName(node: CaseNode): string {
  const names: string[] = [];
  for (let at: CaseNode | null = node; at; at = at.parent) names.unshift(at.name);
  return names.join(' › ');
}

/**
 * Every import that holds a test case makes a test cycle (source import) of what it reported
 * (docs/product/junit-import.md, "The cycle of an import"): named by `?name=`, else by the
 * report's name and the time, with the CI facts of the query; one item per case, one result per
 * reported test case with its duration and failure.
 */
async function createImportCycle(
  tx: Tx,
  projectId: number,
  principal: Principal,
  plan: ImportPlan,
  recorded: { runIds: (number | null)[]; versions: Map<number, { version: number; steps: number }> },
  query: ImportQuery,
  reportName: string | null,
): Promise<{ id: number; name: string; items: ImportedItem[]; resultIds: number[] }> {
  const text = (value: string | undefined) => value?.trim() || null;
  const at = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const name = text(query.name) ?? `${reportName ?? 'JUnit import'} ${at} UTC`;
  const { id, items, resultIds } = await createImportedCycle(
    tx,
    {
      projectId,
      name,
      description: '',
      milestone: null,
      environment: null,
      createdBy: principal.id,
      ci: {
        branch: text(query.branch),
        commit: text(query.commit),
        buildUrl: text(query.build_url),
        buildNumber: text(query.build_number),
      },
    },
    plan.runs.map((run, index) => ({
      caseId: run.node.id!,
      caseVersion: recorded.versions.get(run.node.id!)?.version ?? 1,
      // A report's steps are the result's step results when the case has as many steps.
      stepResults:
        run.steps && run.steps.length === recorded.versions.get(run.node.id!)?.steps
          ? run.steps.map((step) => ({ state: step.outcome }))
          : null,
      state: run.status,
      runId: recorded.runIds[index] ?? null,
      elapsedMs: run.durationMs,
      failure: run.failure,
      log: run.log,
    })),
  );
  return { id, name, items, resultIds };
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

async function record(
  tx: Tx,
  access: ProjectAccess,
  principal: Principal,
  plan: ImportPlan,
  warnings: string[],
): Promise<{
  suites: number;
  cases: number;
  runIds: (number | null)[];
  versions: Map<number, { version: number; steps: number }>;
  /** The cases this import made, for rename proposals. */
  createdIds: number[];
}> {
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

function summarise(
  plan: ImportPlan,
  created: { suites: number; cases: number },
  warnings: string[],
): ImportSummary {
  const recorded = plan.runs.filter((run) => run.status !== 'skipped');
  const passed = recorded.filter((run) => run.status === 'passed').length;
  return {
    tests: plan.tests,
    suites: new Set(recorded.map((run) => run.node.suite)).size,
    suitesCreated: created.suites,
    cases: new Set(recorded.map((run) => run.node)).size,
    casesCreated: created.cases,
    runsRecorded: recorded.length,
    passed,
    failed: recorded.length - passed,
    errors: plan.errors,
    skipped: plan.skipped,
    warnings,
  };
}

/**
 * One audit entry per import (docs/decisions/093-what-the-audit-log-records.md): the runs it
 * recorded and the suites and cases
 * it created, counted, rather than one entry per row of a 20,000-case report.
 */
function importEntry(projectId: number, project: string, summary: ImportSummary) {
  const created = `${counted(summary.suitesCreated, 'suite')} and ${counted(summary.casesCreated, 'case')} created`;
  return {
    action: 'create' as const,
    entity: 'run' as const,
    projectId,
    summary:
      `Imported a JUnit report into ${quoted(project)}: ${counted(summary.runsRecorded, 'run')} recorded ` +
      `(${summary.passed} passed, ${summary.failed} failed), ${created}`,
    changes: {
      runsRecorded: { before: null, after: summary.runsRecorded },
      passed: { before: null, after: summary.passed },
      failed: { before: null, after: summary.failed },
      suitesCreated: { before: null, after: summary.suitesCreated },
      casesCreated: { before: null, after: summary.casesCreated },
    },
  };
}

const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

function messageFor(summary: ImportSummary, project: string): string {
  if (summary.tests === 0) return 'The report has no test cases; nothing was recorded';
  if (summary.runsRecorded === 0) {
    return `${summary.skipped === 1 ? 'The only test case was' : `All ${summary.skipped} test cases were`} skipped; nothing was recorded`;
  }
  const skipped = summary.skipped > 0 ? `; ${summary.skipped} skipped (not recorded)` : '';
  return `Recorded ${count(summary.runsRecorded, 'result')} in "${project}": ${summary.passed} passed, ${summary.failed} failed${skipped}`;
}

/** `GET /api/cycles/{id}/renames`: the tests an import's cycle proposes as renamed (rename-proposals.ts). */
export async function cycleRenames(db: Db, principal: Principal, cycleId: number): Promise<CycleRenames> {
  const cycle = await getCycle(db, principal, cycleId);
  return { items: await renamesOfCycle(db, cycle) };
}
