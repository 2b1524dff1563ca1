import type {
  CaseRequirements,
  RequirementCases,
  RequirementRef,
  SetCaseRequirementsBody,
  SetRequirementCasesBody,
} from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { LOCK, lockProject } from '../../db/row-locks.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { counted, quoted, recordAudit } from '../audit-log/audit-entries.ts';
import { type Principal, requireProjectOf } from '../authz/authorization.ts';
import {
  caseRequirementRefs,
  findCaseTarget,
  insertLinks,
  lockProjectCases,
  requirementCaseRefs,
  unlinkCaseExcept,
  unlinkRequirementExcept,
} from './requirement-links-repository.ts';
import {
  findProjectRequirements,
  findRequirementRef,
  type RequirementRef as Ref,
} from './requirements-repository.ts';
import { REQUIREMENT_NOT_FOUND } from './requirements-service.ts';

/**
 * Links between cases and requirements (docs/product/requirements.md, "Links"): both ends of one
 * project, set from either side, each change one audit entry about requirements.
 */

const CASE_NOT_FOUND = 'Test case not found';
export const REQUIREMENT_NOT_IN_PROJECT = 'The requirement is not one of this project';

const bad = (field: string, message: string) => new BadRequestError(message, [{ field, message }]);

/** The requirements a case is linked to (the case answer carries them). */
export function requirementRefsOfCase(db: Tx, caseId: number): Promise<RequirementRef[]> {
  return caseRequirementRefs(db, caseId);
}

/** The project's requirements of these ids, each one, else 400. */
async function projectRequirements(tx: Tx, projectId: number, ids: number[]): Promise<Ref[]> {
  const found = await findProjectRequirements(tx, projectId, ids);
  if (found.length < ids.length) {
    throw bad('requirement_ids', 'Some of the requirements are not of this project');
  }
  return found;
}

const keysOf = (refs: { key: string }[]) => refs.map((r) => r.key);

/** `PUT /api/test-cases/{id}/requirements`: the case's links become exactly these. */
export async function setCaseRequirements(
  db: Db,
  principal: Principal,
  caseId: number,
  body: SetCaseRequirementsBody,
): Promise<CaseRequirements> {
  const ids = [...new Set(body.requirement_ids)];
  return db.transaction(async (tx) => {
    const seen = await findCaseTarget(tx, caseId);
    await requireProjectOf(tx, principal, seen?.project_id, CASE_NOT_FOUND, 'edit_requirement');
    const projectId = seen!.project_id;
    await lockProject(tx, projectId, LOCK.keyShare);
    const testCase = await findCaseTarget(tx, caseId, LOCK.keyShare);
    if (!testCase) throw new NotFoundError(CASE_NOT_FOUND);
    await projectRequirements(tx, projectId, ids);
    const before = await caseRequirementRefs(tx, caseId);
    await unlinkCaseExcept(tx, caseId, ids);
    await insertLinks(tx, projectId, { requirementIds: ids, caseId }, principal.id);
    const after = await caseRequirementRefs(tx, caseId);
    const changed = keysOf(before).join('\n') !== keysOf(after).join('\n');
    if (!changed) return { message: 'Requirements saved', requirements: after };
    await recordAudit(tx, principal, {
      action: 'update',
      entity: 'requirement',
      projectId,
      summary: `Linked case ${quoted(testCase.name)} to ${after.length > 0 ? keysOf(after).join(', ') : 'no requirement'}`,
      changes: { requirements: { before: keysOf(before), after: keysOf(after) } },
    });
    return { message: 'Requirements saved', requirements: after };
  });
}

/**
 * `PUT /api/requirements/{id}/cases` (`replace`: the links become exactly these) and
 * `POST …/cases` (these are added; links already there are left).
 */
export async function setRequirementCases(
  db: Db,
  principal: Principal,
  requirementId: number,
  body: SetRequirementCasesBody,
  replace: boolean,
): Promise<RequirementCases> {
  const ids = [...new Set(body.case_ids)];
  return db.transaction(async (tx) => {
    const seen = await findRequirementRef(tx, requirementId);
    await requireProjectOf(tx, principal, seen?.project_id, REQUIREMENT_NOT_FOUND, 'edit_requirement');
    const projectId = seen!.project_id;
    await lockProject(tx, projectId, LOCK.keyShare);
    const requirement = await findRequirementRef(tx, requirementId, LOCK.keyShare);
    if (!requirement) throw new NotFoundError(REQUIREMENT_NOT_FOUND);
    const found = await lockProjectCases(tx, projectId, ids);
    if (found.length < ids.length) throw bad('case_ids', 'Some of the test cases are not of this project');
    const removed = replace ? (await unlinkRequirementExcept(tx, requirementId, ids)).length : 0;
    const added = await insertLinks(tx, projectId, { requirementId, caseIds: ids }, principal.id);
    const message = replace
      ? `Linked test cases of ${requirement.key} saved`
      : `Linked ${counted(added, 'test case')} to ${requirement.key}`;
    if (added > 0 || removed > 0) {
      await recordAudit(tx, principal, {
        action: 'update',
        entity: 'requirement',
        entityId: requirementId,
        projectId,
        summary: `Linked ${counted(added, 'test case')} to requirement ${quoted(requirement.key)}${
          removed > 0 ? `, unlinked ${counted(removed, 'test case')}` : ''
        }`,
        changes: { cases: { before: null, after: { added, removed } } },
      });
    }
    return { message, cases: await requirementCaseRefs(tx, requirementId) };
  });
}

/**
 * The bulk action `link_requirement`: links the (locked) cases of the project to one of its
 * requirements; cases already linked are left. The bulk action writes the audit entry.
 */
export async function linkCasesToRequirement(
  tx: Tx,
  principal: Principal,
  projectId: number,
  requirementId: number,
  caseIds: number[],
): Promise<{ key: string; added: number }> {
  const requirement = await findRequirementRef(tx, requirementId, LOCK.keyShare);
  if (!requirement || requirement.project_id !== projectId)
    throw bad('requirement_id', REQUIREMENT_NOT_IN_PROJECT);
  const added = await insertLinks(tx, projectId, { requirementId, caseIds }, principal.id);
  return { key: requirement.key, added };
}

export { moveRequirementLinks } from './requirement-links-repository.ts';
