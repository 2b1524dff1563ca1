import {
  type CreateRequirementBody,
  defectUrl,
  httpUrl,
  JIRA_KEY,
  normalId,
  REQUIREMENT_LIMITS,
  type Requirement,
  type RequirementDetail,
  type RequirementListQuery,
  type RequirementPage,
  type RequirementVersionPage,
  type RequirementVersionsQuery,
  type Tracker,
  type UpdateRequirementBody,
} from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { LOCK, lockProject } from '../../db/row-locks.ts';
import { dbViolationOf } from '../../lib/db-violation.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { auditCreated, auditDeleted, auditUpdated, counted } from '../audit-log/audit-entries.ts';
import { type Principal, requireProject, requireProjectOf } from '../authz/authorization.ts';
import { trackerOfProject } from '../defects/defects-service.ts';
import { casesWithLatest } from './requirement-links-repository.ts';
import {
  countBelow,
  countRequirements,
  deleteRequirementRow,
  depthOf,
  findContent,
  findRequirement,
  findRequirementByKey,
  findRequirementRef,
  heightOf,
  insertRequirement,
  insertVersion,
  isWithin,
  nextFreeKey,
  type RequirementContent,
  selectRequirementPage,
  selectUnmetRequirements,
  selectVersions,
  type UnmetRequirement,
  updateRequirementRow,
} from './requirements-repository.ts';

/** A project's requirements (docs/product/requirements.md). */

export const REQUIREMENT_NOT_FOUND = 'Requirement not found';

const bad = (field: string, message: string) => new BadRequestError(message, [{ field, message }]);

function keyTaken(): ConflictError {
  return new ConflictError('This project already has a requirement with that key', 'name_taken');
}

/** A unique violation a racing request slipped past the key check with. */
function orKeyTaken(error: unknown): never {
  if (dbViolationOf(error)?.constraint === 'requirements_project_key_idx') throw keyTaken();
  throw error;
}

function requiredTitle(title: string): string {
  const trimmed = title.trim();
  if (!trimmed) throw bad('title', 'is required');
  return trimmed;
}

/** `%` and `_` typed in the search box match themselves, as in every other list's search. */
function likePattern(q: string | undefined): string | undefined {
  const needle = q?.trim();
  if (!needle) return undefined;
  return `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function checkedUrl(url: string | null): string | null {
  const text = url?.trim();
  if (!text) return null;
  if (!httpUrl(text)) throw bad('external_url', 'must be an http:// or https:// address');
  return text;
}

/**
 * The address of the key on the project's tracker when the key is written as one of its ids: a
 * Jira-style key (`PROJ-123`) for Jira and address-template trackers, an issue number for GitHub
 * and GitLab (decision 208).
 */
async function trackerUrlOfKey(tx: Tx, projectId: number, key: string): Promise<string | null> {
  return trackerUrlFor(await trackerOfProject(tx, projectId), key);
}

/** The address of the key on this tracker when the key is written as one of its ids, else null. */
export function trackerUrlFor(tracker: Tracker | null, key: string): string | null {
  if (!tracker) return null;
  const shaped =
    tracker.kind === 'github' || tracker.kind === 'gitlab'
      ? /^\d+$/.test(key)
      : JIRA_KEY.test(key.toUpperCase());
  const id = shaped ? normalId(tracker, key) : null;
  return id ? defectUrl(tracker, id) : null;
}

/**
 * The parent a requirement names: one of the project's, not the requirement itself nor below
 * it, and deep enough room for the requirement and what hangs below it (three levels).
 */
async function checkedParent(tx: Tx, projectId: number, parentId: number, selfId?: number): Promise<number> {
  const parent = await findRequirementRef(tx, parentId, LOCK.keyShare);
  if (!parent || parent.project_id !== projectId) {
    throw bad('parent_id', 'The parent is not a requirement of this project');
  }
  if (selfId !== undefined && (await isWithin(tx, parentId, selfId))) {
    throw bad('parent_id', 'A requirement cannot be under itself or a requirement below it');
  }
  const deepest = (await depthOf(tx, parentId)) + 1 + (selfId === undefined ? 0 : await heightOf(tx, selfId));
  if (deepest >= REQUIREMENT_LIMITS.depth) {
    throw bad('parent_id', `Requirements nest at most ${REQUIREMENT_LIMITS.depth} levels deep`);
  }
  return parent.id;
}

const audited = (id: number, projectId: number, content: RequirementContent) => ({
  entity: 'requirement' as const,
  id,
  name: `${content.key} ${content.title}`,
  projectId,
});

const contentOf = (row: RequirementContent): RequirementContent => ({
  key: row.key,
  title: row.title,
  description: row.description,
  status: row.status,
  parent_id: row.parent_id,
  external_url: row.external_url,
});

export async function listRequirements(
  db: Db,
  principal: Principal,
  projectId: number,
  query: RequirementListQuery,
): Promise<RequirementPage> {
  await requireProject(db, principal, projectId, 'home_requirement');
  return selectRequirementPage(
    db,
    projectId,
    { q: likePattern(query.q), status: query.status, coverage: query.coverage, parentId: query.parent_id },
    { limit: query.limit ?? REQUIREMENT_LIMITS.pageDefault, offset: query.offset ?? 0 },
  );
}

async function requirementOrFail(db: Tx, id: number): Promise<Requirement> {
  const requirement = await findRequirement(db, id);
  if (!requirement) throw new NotFoundError(REQUIREMENT_NOT_FOUND);
  return requirement;
}

export async function getRequirement(db: Db, principal: Principal, id: number): Promise<RequirementDetail> {
  const ref = await findRequirementRef(db, id);
  await requireProjectOf(db, principal, ref?.project_id, REQUIREMENT_NOT_FOUND, 'home_requirement');
  const requirement = await requirementOrFail(db, id);
  return { ...requirement, cases: await casesWithLatest(db, requirement.project_id, id) };
}

export async function createRequirement(
  db: Db,
  principal: Principal,
  projectId: number,
  body: CreateRequirementBody,
): Promise<Requirement> {
  const title = requiredTitle(body.title);
  return db
    .transaction(async (tx) => {
      await requireProject(tx, principal, projectId, 'add_requirement');
      // Serialises requirement creations in the project: the key, the counter and the limit.
      if (!(await lockProject(tx, projectId, LOCK.noKeyUpdate))) throw new NotFoundError('Project not found');
      if ((await countRequirements(tx, projectId)) >= REQUIREMENT_LIMITS.perProject) {
        throw new ConflictError(
          `A project may have at most ${REQUIREMENT_LIMITS.perProject.toLocaleString('en-US')} requirements`,
          'limit_reached',
        );
      }
      const parentId = body.parent_id ? await checkedParent(tx, projectId, body.parent_id) : null;
      const given = body.key?.trim();
      if (given && (await findRequirementByKey(tx, projectId, given))) throw keyTaken();
      const key = given || (await nextFreeKey(tx, projectId));
      const external_url =
        body.external_url !== undefined
          ? checkedUrl(body.external_url)
          : given
            ? await trackerUrlOfKey(tx, projectId, given)
            : null;
      const content: RequirementContent = {
        key,
        title,
        description: body.description ?? '',
        status: body.status ?? 'draft',
        parent_id: parentId,
        external_url,
      };
      const id = await insertRequirement(tx, projectId, content, principal.id);
      await insertVersion(tx, id, 1, content, principal.id);
      await auditCreated(tx, principal, audited(id, projectId, content), { ...content });
      return requirementOrFail(tx, id);
    })
    .catch(orKeyTaken);
}

/**
 * Omitted fields are kept, null clears an optional one. A change of any of them is a new version;
 * a key changed to one of the tracker's ids gets its address when the requirement had none.
 */
export async function updateRequirement(
  db: Db,
  principal: Principal,
  id: number,
  body: UpdateRequirementBody,
): Promise<Requirement> {
  const title = body.title === undefined ? undefined : requiredTitle(body.title);
  return db
    .transaction(async (tx) => {
      const seen = await findRequirementRef(tx, id);
      await requireProjectOf(tx, principal, seen?.project_id, REQUIREMENT_NOT_FOUND, 'edit_requirement');
      const projectId = seen!.project_id;
      await lockProject(tx, projectId, LOCK.keyShare);
      const before = await findContent(tx, id, LOCK.noKeyUpdate);
      if (!before) throw new NotFoundError(REQUIREMENT_NOT_FOUND);
      const key = body.key?.trim() || before.key;
      if (key.toLowerCase() !== before.key.toLowerCase()) {
        const other = await findRequirementByKey(tx, projectId, key);
        if (other && other.id !== id) throw keyTaken();
      }
      const parentId =
        body.parent_id === undefined
          ? before.parent_id
          : body.parent_id === null
            ? null
            : await checkedParent(tx, projectId, body.parent_id, id);
      const external_url =
        body.external_url !== undefined
          ? checkedUrl(body.external_url)
          : before.external_url === null && key !== before.key
            ? await trackerUrlOfKey(tx, projectId, key)
            : before.external_url;
      const old = contentOf(before);
      const content: RequirementContent = {
        key,
        title: title ?? before.title,
        description: body.description ?? before.description,
        status: body.status ?? before.status,
        parent_id: parentId,
        external_url,
      };
      if (JSON.stringify(content) !== JSON.stringify(old)) {
        const version = before.version + 1;
        await updateRequirementRow(tx, id, content, version);
        await insertVersion(tx, id, version, content, principal.id);
        await auditUpdated(tx, principal, audited(id, projectId, content), { ...old }, { ...content });
      }
      return requirementOrFail(tx, id);
    })
    .catch(orKeyTaken);
}

/** Deletes the requirement with the requirements below it; their links go with them. */
export async function deleteRequirement(db: Db, principal: Principal, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const seen = await findRequirementRef(tx, id);
    await requireProjectOf(tx, principal, seen?.project_id, REQUIREMENT_NOT_FOUND, 'delete_requirement');
    await lockProject(tx, seen!.project_id, LOCK.keyShare);
    const before = await findContent(tx, id, LOCK.update);
    if (!before) throw new NotFoundError(REQUIREMENT_NOT_FOUND);
    const below = await countBelow(tx, id);
    await deleteRequirementRow(tx, id);
    await auditDeleted(
      tx,
      principal,
      audited(id, before.project_id, before),
      { ...contentOf(before) },
      below > 0 ? ` with ${counted(below, 'requirement')} below it` : '',
    );
  });
}

export async function listVersions(
  db: Db,
  principal: Principal,
  id: number,
  query: RequirementVersionsQuery,
): Promise<RequirementVersionPage> {
  const ref = await findRequirementRef(db, id);
  await requireProjectOf(db, principal, ref?.project_id, REQUIREMENT_NOT_FOUND, 'home_requirement');
  return selectVersions(db, id, {
    limit: query.limit ?? REQUIREMENT_LIMITS.pageDefault,
    offset: query.offset ?? 0,
  });
}

/**
 * For the milestone's readiness, whose caller has checked access: the approved requirements whose
 * coverage within the milestone is not passing (at most `limit` of them, by key) and how many.
 */
export function unmetRequirementsOf(
  db: Tx,
  projectId: number,
  milestoneId: number,
  limit: number,
): Promise<{ whole: number; list: UnmetRequirement[] }> {
  return selectUnmetRequirements(db, projectId, milestoneId, limit);
}
