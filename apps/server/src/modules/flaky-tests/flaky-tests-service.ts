import {
  type CaseHistory,
  type FlakySettings,
  type FlakyTestList,
  HISTORY_LIMIT_DEFAULT,
  type Quarantine,
  type QuarantineBody,
  quarantineActive,
} from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { LOCK, lockProject } from '../../db/row-locks.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { quoted, recordAudit } from '../audit-log/audit-entries.ts';
import { type Principal, requireProject, requireProjectOf } from '../authz/authorization.ts';
import { CASE_NOT_FOUND, findCaseProjectId, lockCase } from '../cases/cases-service.ts';
import { notifyQuarantineEnded } from '../notifications/notification-events.ts';
import { projectName } from '../projects/projects-service.ts';
import {
  branchFlakiness,
  caseHistory,
  deleteQuarantine,
  findQuarantine,
  flakySettings,
  flakyTests,
  saveFlakySettings,
  saveQuarantine,
} from './flaky-tests-repository.ts';

/** Result history, flaky tests and quarantine (docs/product/flaky-tests.md). */

const today = () => new Date().toISOString().slice(0, 10);

/** A quarantine whose day has come counts as ended: it is answered as none. */
function active(quarantine: Quarantine | null): Quarantine | null {
  return quarantine && quarantineActive(quarantine.until, today()) ? quarantine : null;
}

export async function historyOfCase(
  db: Db,
  principal: Principal,
  caseId: number,
  limit = HISTORY_LIMIT_DEFAULT,
): Promise<CaseHistory> {
  const projectId = await findCaseProjectId(db, caseId);
  await requireProjectOf(db, principal, projectId, CASE_NOT_FOUND, 'home_test_case');
  const settings = await flakySettings(db, projectId!);
  return {
    items: await caseHistory(db, caseId, limit),
    flaky: await branchFlakiness(db, caseId, settings.flips),
    quarantine: active(await findQuarantine(db, caseId)),
  };
}

export async function projectFlakyTests(
  db: Db,
  principal: Principal,
  projectId: number,
): Promise<FlakyTestList> {
  await requireProject(db, principal, projectId, 'home_test_case');
  const settings = await flakySettings(db, projectId);
  return {
    window: settings.window,
    threshold: settings.flips,
    items: await flakyTests(db, projectId, settings.flips, today()),
  };
}

export async function projectFlakySettings(db: Db, principal: Principal, projectId: number) {
  await requireProject(db, principal, projectId, 'home_test_case');
  return flakySettings(db, projectId);
}

export async function changeFlakySettings(
  db: Db,
  principal: Principal,
  projectId: number,
  settings: FlakySettings,
): Promise<FlakySettings> {
  if (settings.flips > settings.window)
    throw new BadRequestError('The flips (K) must not be more than the window (N)');
  return db.transaction(async (tx) => {
    await requireProject(tx, principal, projectId, 'edit_project');
    if (!(await lockProject(tx, projectId, LOCK.noKeyUpdate))) throw new NotFoundError('Project not found');
    const before = await flakySettings(tx, projectId);
    await saveFlakySettings(tx, projectId, settings);
    await recordAudit(tx, principal, {
      action: 'update',
      entity: 'project',
      entityId: projectId,
      projectId,
      summary: `Updated the flaky test settings of project ${quoted(await projectName(tx, projectId))}: window ${settings.window}, flips ${settings.flips}`,
      changes: {
        ...(before.window === settings.window
          ? {}
          : { flaky_window: { before: before.window, after: settings.window } }),
        ...(before.flips === settings.flips
          ? {}
          : { flaky_flips: { before: before.flips, after: settings.flips } }),
      },
    });
    return settings;
  });
}

export async function quarantineCase(
  db: Db,
  principal: Principal,
  caseId: number,
  body: QuarantineBody,
): Promise<Quarantine> {
  const reason = body.reason.trim();
  if (reason === '') throw new BadRequestError('Give a reason for the quarantine');
  const until = body.until;
  if (until !== null) {
    const parsed = new Date(`${until}T00:00:00Z`);
    if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== until)
      throw new BadRequestError(`"${until}" is not a date`);
    if (until <= today()) throw new BadRequestError('The end date must be after today');
  }
  return db.transaction(async (tx) => {
    const seen = await lockCase(tx, caseId, LOCK.keyShare);
    await requireProjectOf(tx, principal, seen?.project_id, CASE_NOT_FOUND, 'quarantine_test_case');
    const before = active(await findQuarantine(tx, caseId));
    await saveQuarantine(tx, caseId, reason, until, principal.id);
    await recordAudit(tx, principal, {
      action: 'update',
      entity: 'case',
      entityId: caseId,
      projectId: seen!.project_id,
      summary: `Quarantined case ${quoted(seen!.name)}${until ? ` until ${until}` : ''}: ${reason}`,
      changes: {
        quarantine: {
          before: before ? { reason: before.reason, until: before.until } : null,
          after: { reason, until },
        },
      },
    });
    return (await findQuarantine(tx, caseId))!;
  });
}

export async function endQuarantine(db: Db, principal: Principal, caseId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const seen = await lockCase(tx, caseId, LOCK.keyShare);
    await requireProjectOf(tx, principal, seen?.project_id, CASE_NOT_FOUND, 'quarantine_test_case');
    const before = await findQuarantine(tx, caseId);
    if (!before) return;
    await deleteQuarantine(tx, caseId);
    await recordAudit(tx, principal, {
      action: 'update',
      entity: 'case',
      entityId: caseId,
      projectId: seen!.project_id,
      summary: `Ended the quarantine of case ${quoted(seen!.name)}`,
      changes: { quarantine: { before: { reason: before.reason, until: before.until }, after: null } },
    });
    // One that already ended by its date was told of then, by the daily check.
    if (before.by && active(before)) {
      await notifyQuarantineEnded(tx, {
        actor: principal,
        quarantinedBy: before.by.id,
        projectId: seen!.project_id,
        testCase: { id: caseId, name: seen!.name },
      });
    }
  });
}

export { mergeCaseFlakiness } from './flaky-tests-repository.ts';
