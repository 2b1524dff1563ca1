import {
  type CycleDefect,
  DEFECT_LIMITS,
  type DefectLink,
  type ItemDefectBody,
  parseDefect,
  type Tracker,
  type TrackerBody,
} from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { LOCK, lockProject } from '../../db/row-locks.ts';
import { dbViolationOf } from '../../lib/db-violation.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { RESULT_NOT_FOUND } from '../attachments/attachments-service.ts';
import { quoted, recordAudit } from '../audit-log/audit-entries.ts';
import { type Principal, requireProject, requireProjectOf } from '../authz/authorization.ts';
import { CASE_NOT_FOUND } from '../cases/cases-service.ts';
import { CYCLE_NOT_FOUND, ITEM_NOT_FOUND } from '../cycles/cycle-rules.ts';
import { projectName } from '../projects/projects-service.ts';
import {
  caseLinks,
  cycleDefects,
  defectsOfCycles,
  deleteLink,
  deleteTracker,
  findCaseTarget,
  findCycleProject,
  findItemTarget,
  findLink,
  findResultReport,
  findTracker,
  insertLink,
  itemLinks,
  type LinkTarget,
  resultBelongsTo,
  saveTracker,
} from './defects-repository.ts';
import { newIssueFor } from './new-issue.ts';
import { checkedTracker } from './tracker-settings.ts';

/** Issue trackers, defect links and "File a bug" (docs/product/defects.md). */

export const LINK_NOT_FOUND = 'Defect link not found';
export const NO_TRACKER = "This project has no issue tracker; set one on the project's Issue Tracker page";

export async function projectTracker(
  db: Db,
  principal: Principal,
  projectId: number,
): Promise<Tracker | null> {
  await requireProject(db, principal, projectId, 'home_test_case');
  return findTracker(db, projectId);
}

/** The project's tracker for another module's rule, whose caller has checked access already. */
export function trackerOfProject(db: Tx, projectId: number): Promise<Tracker | null> {
  return findTracker(db, projectId);
}

export async function setTracker(
  db: Db,
  principal: Principal,
  projectId: number,
  body: TrackerBody,
): Promise<Tracker> {
  const settings = checkedTracker(body);
  return db.transaction(async (tx) => {
    await requireProject(tx, principal, projectId, 'edit_project');
    if (!(await lockProject(tx, projectId, LOCK.noKeyUpdate))) throw new NotFoundError('Project not found');
    const before = await findTracker(tx, projectId);
    const tracker = await saveTracker(tx, projectId, settings);
    await recordAudit(tx, principal, {
      action: 'update',
      entity: 'project',
      entityId: projectId,
      projectId,
      summary: `Set the issue tracker of project ${quoted(await projectName(tx, projectId))} to ${tracker.kind}`,
      changes: { issue_tracker: { before: before && trackerText(before), after: trackerText(tracker) } },
    });
    return tracker;
  });
}

const trackerText = (t: Tracker) =>
  [t.kind, t.base_url, t.project, t.issue_type, t.link_template, t.new_issue_template]
    .filter(Boolean)
    .join(' ');

export async function removeTracker(db: Db, principal: Principal, projectId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await requireProject(tx, principal, projectId, 'edit_project');
    const before = await findTracker(tx, projectId);
    if (!before || !(await deleteTracker(tx, projectId))) throw new NotFoundError(NO_TRACKER);
    await recordAudit(tx, principal, {
      action: 'update',
      entity: 'project',
      entityId: projectId,
      projectId,
      summary: `Removed the issue tracker of project ${quoted(await projectName(tx, projectId))}`,
      changes: { issue_tracker: { before: trackerText(before), after: null } },
    });
  });
}

/** Reads the typed defect against the project's tracker and stores the link (409 when already there). */
async function addLink(tx: Tx, principal: Principal, target: LinkTarget, input: string): Promise<DefectLink> {
  const parsed = parseDefect(await findTracker(tx, target.projectId), input);
  if ('error' in parsed)
    throw new BadRequestError(parsed.error, [{ field: 'defect', message: parsed.error }]);
  const id = await insertLink(tx, target, parsed, principal.id).catch((error: unknown) => {
    // The case, item or result was deleted meanwhile.
    if (dbViolationOf(error)?.kind === 'foreign-key') {
      throw new NotFoundError(target.itemId === null ? CASE_NOT_FOUND : ITEM_NOT_FOUND);
    }
    throw error;
  });
  if (id === null) throw new ConflictError(`${parsed.defect} is already linked here`, 'already_linked');
  await auditLink(tx, principal, target, 'Linked', parsed.defect);
  const { project_id: _project, ...link } = (await findLink(tx, id))!;
  return link;
}

function auditLink(
  tx: Tx,
  principal: Principal,
  target: LinkTarget,
  verb: 'Linked' | 'Unlinked',
  defect: string,
) {
  const onCase = target.cycleId === null;
  const where = onCase
    ? `case ${quoted(target.name)}`
    : `${target.resultId === null ? 'item' : `result #${target.resultId} of item`} #${target.itemId} of cycle ${quoted(target.name)}`;
  return recordAudit(tx, principal, {
    action: 'update',
    entity: onCase ? 'case' : 'cycle',
    entityId: onCase ? target.caseId : target.cycleId,
    projectId: target.projectId,
    summary: `${verb} defect ${defect} ${verb === 'Linked' ? 'to' : 'from'} ${where}`,
    changes: {
      defects: verb === 'Linked' ? { before: null, after: defect } : { before: defect, after: null },
    },
  });
}

export async function linkToCase(db: Db, principal: Principal, caseId: number, input: string) {
  return db.transaction(async (tx) => {
    const target = await findCaseTarget(tx, caseId);
    await requireProjectOf(tx, principal, target?.projectId, CASE_NOT_FOUND, 'edit_test_case');
    return addLink(tx, principal, target!, input);
  });
}

export async function linkToItem(db: Db, principal: Principal, itemId: number, body: ItemDefectBody) {
  return db.transaction(async (tx) => {
    const target = await findItemTarget(tx, itemId);
    await requireProjectOf(tx, principal, target?.projectId, ITEM_NOT_FOUND, 'execute_test_cycle');
    if (body.result_id !== undefined && !(await resultBelongsTo(tx, body.result_id, itemId))) {
      throw new BadRequestError('That result is not a result of this item', [
        { field: 'result_id', message: 'Not a result of this item' },
      ]);
    }
    return addLink(tx, principal, { ...target!, resultId: body.result_id ?? null }, body.defect);
  });
}

/** A case's links need edit_test_case to remove; an item's or a result's execute_test_cycle. */
export async function unlink(db: Db, principal: Principal, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const link = await findLink(tx, id);
    const onCase = link?.cycle === null;
    await requireProjectOf(
      tx,
      principal,
      link?.project_id,
      LINK_NOT_FOUND,
      link ? (onCase ? 'edit_test_case' : 'execute_test_cycle') : undefined,
    );
    const target = onCase
      ? await findCaseTarget(tx, link!.case_id)
      : await findItemTarget(tx, link!.item_id!);
    await deleteLink(tx, id);
    if (target)
      await auditLink(tx, principal, { ...target, resultId: link!.result_id }, 'Unlinked', link!.defect);
  });
}

export async function listCaseDefects(db: Db, principal: Principal, caseId: number): Promise<DefectLink[]> {
  const target = await findCaseTarget(db, caseId);
  await requireProjectOf(db, principal, target?.projectId, CASE_NOT_FOUND, 'home_test_case');
  return caseLinks(db, caseId, DEFECT_LIMITS.listMax);
}

export async function listItemDefects(db: Db, principal: Principal, itemId: number): Promise<DefectLink[]> {
  const target = await findItemTarget(db, itemId);
  await requireProjectOf(db, principal, target?.projectId, ITEM_NOT_FOUND, 'home_test_cycle');
  return itemLinks(db, itemId, DEFECT_LIMITS.listMax);
}

export async function listCycleDefects(
  db: Db,
  principal: Principal,
  cycleId: number,
): Promise<CycleDefect[]> {
  const projectId = await findCycleProject(db, cycleId);
  await requireProjectOf(db, principal, projectId, CYCLE_NOT_FOUND, 'home_test_cycle');
  return byCaseName(await cycleDefects(db, cycleId, DEFECT_LIMITS.listMax));
}

/** Each defect's cases by name. */
const byCaseName = (defects: CycleDefect[]) =>
  defects.map((d) => ({
    ...d,
    cases: d.cases.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
  }));

/**
 * The defects of a milestone's cycles (its own and its sub-milestones'), for a caller already let
 * read them: the milestone's page lists them.
 */
export async function defectsOfMilestoneCycles(db: Tx, cycleIds: number[]): Promise<CycleDefect[]> {
  return byCaseName(await defectsOfCycles(db, cycleIds, DEFECT_LIMITS.listMax));
}

/** "File a bug": the tracker's new-issue address filled in from a failed or blocked result. */
export async function newIssueAddress(
  db: Db,
  principal: Principal,
  resultId: number,
  origin: string,
): Promise<string> {
  const report = await findResultReport(db, resultId);
  await requireProjectOf(db, principal, report?.project_id, RESULT_NOT_FOUND, 'home_test_cycle');
  if (report!.state !== 'failed' && report!.state !== 'blocked') {
    throw new BadRequestError('Only a failed or blocked result can be filed as a bug');
  }
  const tracker = await findTracker(db, report!.project_id);
  if (!tracker) throw new BadRequestError(NO_TRACKER);
  const url = newIssueFor(tracker, report!, `${origin}/cycle-items/${report!.item_id}`);
  if (!url) {
    throw new BadRequestError(
      'This issue tracker has no new-issue address; add one on the Issue Tracker page',
    );
  }
  return url;
}

export { moveDefectLinks } from './defects-repository.ts';
