import type { BranchGate, CycleRenames, ImportQuery, ImportResponse, ImportSummary } from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { isoTime } from '../../lib/timestamps.ts';
import type { UploadLimits } from '../attachments/attachments-service.ts';
import { counted, quoted, recordAudit } from '../audit-log/audit-entries.ts';
import { type Principal, requireProject } from '../authz/authorization.ts';
import { createImportedCycle, cycleById, getCycle, type ImportedItem } from '../cycles/cycles-service.ts';
import { notifyGateFailure } from '../notifications/notification-events.ts';
import { projectName } from '../projects/projects-service.ts';
import { recordFlakyCount } from '../reports/reports-service.ts';
import { queueWebhookEvents } from '../webhooks/webhook-events.ts';
import { type ResultEvidence, settleEvidence } from './import-evidence.ts';
import { gateOf, gateOfLatestImport } from './import-gate.ts';
import { addToPlan, type CaseNode, createImportPlan, type ImportPlan } from './import-plan.ts';
import { importedResultsOf, nothingRecorded, type RecordedPlan, recordPlan } from './import-record.ts';
import { lockProjectImports } from './import-repository.ts';
import { readJunitReport } from './junit-reader.ts';
import { renameProposals, renamesOfCycle } from './rename-proposals.ts';
import type { OnCase, ReadReport } from './report-formats/reported-case.ts';

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
        ? await recordPlan(tx, access, principal, plan, warnings)
        : nothingRecorded();
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
    // The project's watchers hear of new failures, the importer too (CI often runs on a person's token).
    if (cycle && gate)
      await notifyGateFailure(tx, {
        actorId: null,
        projectId,
        cycle,
        branch: gate.branch,
        newFailures: gate.counts.new,
      });
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
  recorded: RecordedPlan,
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
    importedResultsOf(plan, recorded),
  );
  return { id, name, items, resultIds };
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
