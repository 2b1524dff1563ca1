import type { TestCaseDetail } from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { LOCK } from '../../db/row-locks.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { moveCaseAttachments } from '../attachments/attachments-service.ts';
import { recordAudit } from '../audit-log/audit-entries.ts';
import { type Principal, requireProjectOf } from '../authz/authorization.ts';
import { appendMergedVersions } from '../case-versions/version-record.ts';
import { CASE_NOT_FOUND, caseContent, finishCaseMerge, getCaseIn, lockCase } from '../cases/cases-service.ts';
import { itemPairsOfCases, moveItemsToCase } from '../cycles/cycles-service.ts';
import { moveDefectLinks } from '../defects/defects-service.ts';
import { mergeCaseFlakiness } from '../flaky-tests/flaky-tests-service.ts';
import { mergeCaseResultStats } from '../reports/reports-service.ts';
import { moveRequirementLinks } from '../requirements/requirement-links-service.ts';
import { moveRunsToCase } from '../runs/runs-service.ts';

/**
 * A merge of two cases of one project (docs/product/report-formats.md, "Renamed tests"; decision
 * 230): the surviving case keeps its name and content and takes the other's runs, cycle items and
 * results, result figures, flakiness, quarantine, requirement and defect links, files and versions,
 * in one transaction; the other case goes. Each module moves what it owns. It needs
 * delete_test_case in the project: it deletes a case, and what it gives the surviving case is
 * history, its content unchanged.
 */
export async function mergeCase(
  db: Db,
  principal: Principal,
  toId: number,
  fromId: number,
): Promise<TestCaseDetail> {
  if (toId === fromId) {
    throw new BadRequestError(
      'A case cannot be merged into itself',
      [{ field: 'from_case_id', message: 'is the case itself' }],
      'merge_same_case',
    );
  }
  return db.transaction(async (tx) => {
    // Both rows locked in id order (one lock order for every writer).
    const [low, high] = toId < fromId ? [toId, fromId] : [fromId, toId];
    const first = await lockCase(tx, low, LOCK.update);
    const second = await lockCase(tx, high, LOCK.update);
    const to = low === toId ? first : second;
    const from = low === toId ? second : first;
    await requireProjectOf(tx, principal, to?.project_id, CASE_NOT_FOUND, 'delete_test_case');
    await requireProjectOf(tx, principal, from?.project_id, CASE_NOT_FOUND, 'delete_test_case');
    if (!to || !from) throw new NotFoundError(CASE_NOT_FOUND);
    if (to.project_id !== from.project_id) {
      throw new ConflictError('Cases of different projects cannot be merged', 'merge_across_projects');
    }
    if (from.has_children) {
      throw new ConflictError(
        `"${from.name}" has child cases; move them before merging it`,
        'merge_has_children',
      );
    }
    const toContent = (await caseContent(tx, toId))!;
    const fromContent = (await caseContent(tx, fromId))!;
    const offset = toContent.version;
    await moveRunsToCase(tx, fromId, toId);
    // Defect links on an item follow it before the item merges into the other case's.
    const pairs = await itemPairsOfCases(tx, fromId, toId);
    await moveDefectLinks(tx, fromId, toId, pairs);
    await moveItemsToCase(tx, fromId, toId, offset, pairs);
    await mergeCaseResultStats(tx, fromId, toId);
    await moveRequirementLinks(tx, fromId, toId);
    await moveCaseAttachments(tx, fromId, toId);
    const version = await appendMergedVersions(tx, {
      fromId,
      toId,
      authorId: principal.id,
      offset,
      from: fromContent,
      to: toContent,
    });
    await mergeCaseFlakiness(tx, fromId, toId, version);
    await finishCaseMerge(tx, fromId, toId, version);
    await recordAudit(tx, principal, {
      action: 'update',
      entity: 'case',
      entityId: toId,
      projectId: to.project_id,
      summary: `Merged case "${from.name}" (#${fromId}) into "${to.name}": its history moved and it was deleted`,
      changes: { merged_from: { before: `${from.name} (#${fromId})`, after: null } },
    });
    return getCaseIn(tx, toId);
  });
}
