import {
  type CaseBody,
  type CaseTagsQuery,
  LIMITS,
  type ListQuery,
  type TestCase,
  type TestCaseDetail,
} from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { LOCK, lockProject, lockTopDown, type RowLock } from '../../db/row-locks.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import {
  type Audited,
  auditCreated,
  auditDeleted,
  auditUpdated,
  counted,
} from '../audit-log/audit-entries.ts';
import { type Principal, requireProject, requireProjectOf } from '../authz/authorization.ts';
import { contentOf, recordFirstVersion, recordVersion } from '../case-versions/version-record.ts';
import { requirementRefsOfCase } from '../requirements/requirement-links-service.ts';
import { lockSuite, SUITE_NOT_FOUND } from '../suites/suites-service.ts';
import { queueWebhookEvents } from '../webhooks/webhook-events.ts';
import { contentAfter } from './case-content.ts';
import { type CaseListSource, listKey } from './case-list-cache.ts';
import {
  CASES_OF,
  type CaseRow,
  caseLevel,
  deleteCaseTree,
  findCase,
  findCaseContent,
  findCaseView,
  findCaseViewBatched,
  findExpandedSteps,
  findListScope,
  insertCase,
  listCasesJson,
  listChanges,
  pruneListChanges,
  selectCaseViewsByIds,
  selectProjectTags,
  updateCase as updateCaseRow,
} from './cases-repository.ts';

export const CASE_NOT_FOUND = 'Test case not found';
export const CASE_TOO_DEEP = `Cases nest at most ${LIMITS.caseDepthMax} levels deep; a child of this case would be deeper`;

/** Locks a case after its project and suite (see db/row-locks.ts); null when it is gone. */
export function lockCase(tx: Tx, id: number, lock: RowLock): Promise<CaseRow | null> {
  return lockTopDown(tx, (l) => findCase(tx, id, l), lock);
}

/** The project of a case; undefined when the case is missing. */
export async function findCaseProjectId(db: Tx, id: number): Promise<number | undefined> {
  return (await findCase(db, id))?.project_id;
}

/** A case's content with its version and creation time; null when the case is missing. */
export function caseContent(db: Tx, id: number) {
  return findCaseContent(db, id);
}

/** These cases as lists show them, in id order (no access check: the caller made it). */
export function casesByIds(db: Tx, ids: readonly number[]): Promise<TestCase[]> {
  return selectCaseViewsByIds(db, ids);
}

/** The level of a case (1: top level) when it is at most `max` deep; null when it is gone. */
export function levelOfCase(tx: Tx, id: number, max: number): Promise<number | null> {
  return caseLevel(tx, id, max);
}

/** Top-level cases of a project, each with its suite_id, so none is unreachable in the tree. */
export function listProjectCases(db: Db, principal: Principal, projectId: number, query: ListQuery) {
  return caseList(db, principal, 'project', projectId, query, 'Project not found');
}

export function listSuiteCases(db: Db, principal: Principal, suiteId: number, query: ListQuery) {
  return caseList(db, principal, 'suite', suiteId, query, SUITE_NOT_FOUND);
}

export function listChildCases(db: Db, principal: Principal, caseId: number, query: ListQuery) {
  return caseList(db, principal, 'parent', caseId, query, CASE_NOT_FOUND);
}

const LISTED = {
  project: CASES_OF.projectTopLevel,
  suite: CASES_OF.suiteTopLevel,
  parent: CASES_OF.children,
};

/** Access first (404 for a list the caller may not see), then where its answer may be kept. */
async function caseList(
  db: Db,
  principal: Principal,
  scope: 'project' | 'suite' | 'parent',
  id: number,
  query: ListQuery,
  notFound: string,
): Promise<CaseListSource> {
  const found = await findListScope(db, scope, id);
  await requireProjectOf(db, principal, found?.project_id, notFound, 'home_test_case');
  const paged = query.limit !== undefined || query.offset !== undefined;
  return {
    key: listKey(scope, id, query),
    version: found!.version,
    load: () => listCasesJson(db, LISTED[scope](id), query),
    changes: paged ? undefined : (since) => listChanges(db, found!, since, LISTED[scope](id), query),
  };
}

/** A project's tags starting with `q` (case-insensitive), most used first. */
export async function listProjectTags(db: Db, principal: Principal, projectId: number, query: CaseTagsQuery) {
  await requireProject(db, principal, projectId, 'home_test_case');
  return selectProjectTags(db, projectId, (query.q ?? '').trim().toLowerCase(), query.limit ?? 20);
}

/** Forgets list changes older than `keepSeconds` (a list kept from before then is read whole). */
export function pruneOldListChanges(db: Db, keepSeconds: number): Promise<number> {
  return pruneListChanges(db, keepSeconds);
}

type CaseFields = Pick<TestCase, 'id' | 'name' | 'description' | 'project_id' | 'suite_id' | 'parent_id'> &
  Partial<Pick<TestCase, 'priority' | 'tags'>>;
const audited = (c: CaseFields): Audited => ({
  entity: 'case',
  id: c.id,
  name: c.name,
  projectId: c.project_id,
});
const auditedCaseFields = (c: CaseFields) => ({
  name: c.name,
  description: c.description,
  suite_id: c.suite_id,
  parent_id: c.parent_id,
  priority: c.priority,
  tags: c.tags,
});

/**
 * Inserts a case with its content and version 1, and records it in the audit log, in the
 * caller's transaction.
 */
async function insertAuditedCase(
  tx: Tx,
  principal: Principal,
  where: { projectId: number; suiteId: number | null; parentId: number | null },
  body: CaseBody,
): Promise<TestCaseDetail> {
  const content = await contentAfter(tx, where.projectId, body, null);
  const created = await insertCase(tx, { ...where, ...content });
  await recordFirstVersion(tx, created.id, principal.id, content);
  await auditCreated(tx, principal, audited(created), auditedCaseFields(created));
  await queueWebhookEvents(tx, [
    {
      projectId: where.projectId,
      event: 'case.changed',
      data: { action: 'create', case_ids: [created.id], test_case: created },
    },
  ]);
  return created;
}

/** A case directly in a project: in no suite, top level. */
export async function createProjectCase(db: Db, principal: Principal, projectId: number, body: CaseBody) {
  return db.transaction(async (tx) => {
    await lockProject(tx, projectId, LOCK.keyShare);
    await requireProject(tx, principal, projectId, 'add_test_case_in_project');
    return insertAuditedCase(tx, principal, { projectId, suiteId: null, parentId: null }, body);
  });
}

/** A top-level case in a suite; its project is the suite's. */
export async function createSuiteCase(db: Db, principal: Principal, suiteId: number, body: CaseBody) {
  return db.transaction(async (tx) => {
    const suite = await lockSuite(tx, suiteId, LOCK.keyShare);
    await requireProjectOf(tx, principal, suite?.project_id, SUITE_NOT_FOUND, 'add_test_case_in_test_suit');
    return insertAuditedCase(tx, principal, { projectId: suite!.project_id, suiteId, parentId: null }, body);
  });
}

/** A child inherits its parent's project and suite (docs/product/cases.md, "Data rules"), so a subtree never straddles two. */
export async function createChildCase(db: Db, principal: Principal, parentId: number, body: CaseBody) {
  return db.transaction(async (tx) => {
    const parent = await lockCase(tx, parentId, LOCK.keyShare);
    await requireProjectOf(tx, principal, parent?.project_id, CASE_NOT_FOUND, 'add_test_case_in_test_case');
    // The parent's level is read once here: a bulk move of one of its ancestors committing at the
    // same moment (it checks depth over the tree it moves) could still leave the child one level
    // past the limit; the two are rare together, and the tree stays readable if it happens.
    if (((await caseLevel(tx, parentId, LIMITS.caseDepthMax)) ?? 0) >= LIMITS.caseDepthMax) {
      throw new BadRequestError(CASE_TOO_DEEP);
    }
    return insertAuditedCase(
      tx,
      principal,
      { projectId: parent!.project_id, suiteId: parent!.suite_id, parentId },
      body,
    );
  });
}

/** `expand: 'steps'`: the steps with every shared step set's steps in place (docs/product/shared-steps.md). */
export async function getCase(
  db: Db,
  principal: Principal,
  id: number,
  expand?: 'steps',
): Promise<TestCaseDetail> {
  // Read first, then check: a case the caller may not see answers the same 404 as a missing one.
  const found = await findCaseViewBatched(db, id);
  const access = await requireProjectOf(db, principal, found?.project_id, CASE_NOT_FOUND);
  const testCase = expand === 'steps' ? { ...found!, steps: await findExpandedSteps(db, id) } : found!;
  if (!access.permissions.has('home_requirement')) return testCase;
  return { ...testCase, requirements: await requirementRefsOfCase(db, id) };
}

export async function updateCase(
  db: Db,
  principal: Principal,
  id: number,
  body: CaseBody,
): Promise<TestCaseDetail> {
  return db.transaction(async (tx) => {
    const seen = await lockCase(tx, id, LOCK.noKeyUpdate);
    await requireProjectOf(tx, principal, seen?.project_id, CASE_NOT_FOUND, 'edit_test_case');
    return writeCaseContent(tx, principal, seen!, body);
  });
}

/**
 * Writes a locked case's new content (an update, or a restored version), as its next version
 * when anything changed, and records the change in the audit log.
 */
export async function writeCaseContent(
  tx: Tx,
  principal: Principal,
  seen: CaseRow,
  body: CaseBody,
): Promise<TestCaseDetail> {
  const before = await findCaseContent(tx, seen.id);
  if (!before) throw new NotFoundError(CASE_NOT_FOUND);
  const after = await contentAfter(tx, seen.project_id, body, contentOf(before));
  const version = await recordVersion(tx, seen.id, principal.id, before, after);
  const updated = await updateCaseRow(tx, seen.id, { ...after, version });
  const testCase = updated && (await findCaseView(tx, seen.id));
  if (!testCase) throw new NotFoundError(CASE_NOT_FOUND);
  await auditUpdated(tx, principal, audited(testCase), auditedCaseFields(seen), auditedCaseFields(testCase));
  await queueWebhookEvents(tx, [
    {
      projectId: seen.project_id,
      event: 'case.changed',
      data: { action: 'update', case_ids: [seen.id], test_case: testCase },
    },
  ]);
  return testCase;
}

/** Its descendants and all their runs go with it, in one transaction. */
export async function deleteCase(db: Db, principal: Principal, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const seen = await lockCase(tx, id, LOCK.update);
    await requireProjectOf(tx, principal, seen?.project_id, CASE_NOT_FOUND, 'delete_test_case');
    const deleted = await deleteCaseTree(tx, id);
    if (deleted === 0 || !seen) throw new NotFoundError(CASE_NOT_FOUND);
    const children = deleted > 1 ? ` with ${counted(deleted - 1, 'descendant case')}` : '';
    await auditDeleted(tx, principal, audited(seen), auditedCaseFields(seen), children);
    await queueWebhookEvents(tx, [
      {
        projectId: seen.project_id,
        event: 'case.changed',
        data: { action: 'delete', case_ids: [id], affected: deleted },
      },
    ]);
  });
}

/** A case as the single-case endpoint answers it, read in the caller's transaction. */
export async function getCaseIn(tx: Tx, id: number): Promise<TestCaseDetail> {
  const found = await findCaseView(tx, id);
  if (!found) throw new NotFoundError(CASE_NOT_FOUND);
  return found;
}

export { finishCaseMerge, renameCases, setStepsOfEmptyCases } from './cases-repository.ts';
