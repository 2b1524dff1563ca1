import {
  CONFIGURATION_LIMITS,
  type ConfigurationGroup,
  type CreateConfigurationGroupBody,
  type UpdateConfigurationGroupBody,
} from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { LOCK, lockProject } from '../../db/row-locks.ts';
import { dbViolationOf } from '../../lib/db-violation.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { type Audited, auditCreated, auditDeleted, auditUpdated } from '../audit-log/audit-entries.ts';
import { type Principal, requireProject, requireProjectOf } from '../authz/authorization.ts';
import {
  type ConfigurationOfGroup,
  countGroups,
  deleteGroupRow,
  findGroup,
  findGroupProjectId,
  findProjectConfigurations,
  groupNameTaken,
  insertGroup,
  listGroupsOfProject,
  renameGroup,
  setConfigurations,
} from './configurations-repository.ts';

/**
 * A project's configuration groups (docs/product/milestones.md, "Configurations"): a project
 * setting, read by whoever sees the project and written by holders of edit_project.
 */

export const GROUP_NOT_FOUND = 'Configuration group not found';

function requiredName(name: string, field: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new BadRequestError(`The ${field} needs a name`, [{ field, message: 'is required' }]);
  return trimmed;
}

/** Trimmed names, each once whatever its case (409 `name_taken` for a repeat). */
function configurationNames(names: readonly string[]): string[] {
  const trimmed = names.map((name) => requiredName(name, 'configurations'));
  const seen = new Set<string>();
  for (const name of trimmed) {
    const key = name.toLowerCase();
    if (seen.has(key)) throw new ConflictError(`The configuration "${name}" is named twice`, 'name_taken');
    seen.add(key);
  }
  return trimmed;
}

const groupNameTakenError = () =>
  new ConflictError('This project already has a configuration group with that name', 'name_taken');

function orNameTaken(error: unknown): never {
  if (dbViolationOf(error)?.constraint === 'configuration_groups_project_name_idx')
    throw groupNameTakenError();
  throw error;
}

const audited = (group: ConfigurationGroup): Audited => ({
  entity: 'configuration_group',
  id: group.id,
  name: group.name,
  projectId: group.project_id,
});
const auditedFields = (group: ConfigurationGroup) => ({
  name: group.name,
  configurations: group.configurations.map((c) => c.name),
});

export async function projectGroups(
  db: Db,
  principal: Principal,
  projectId: number,
): Promise<ConfigurationGroup[]> {
  await requireProject(db, principal, projectId);
  return listGroupsOfProject(db, projectId);
}

export type { ConfigurationOfGroup };

/**
 * For test plans: the configurations of these ids that belong to the project, each with its
 * group, in the groups' order; an id of another project (or none) is left out.
 */
export function configurationsOfProject(
  tx: Tx,
  projectId: number,
  ids: readonly number[],
): Promise<ConfigurationOfGroup[]> {
  return findProjectConfigurations(tx, projectId, ids);
}

export async function createGroup(
  db: Db,
  principal: Principal,
  projectId: number,
  body: CreateConfigurationGroupBody,
): Promise<ConfigurationGroup> {
  const name = requiredName(body.name, 'name');
  const names = configurationNames(body.configurations);
  return db
    .transaction(async (tx) => {
      await requireProject(tx, principal, projectId, 'edit_project');
      // Serialises group creations in the project, so the name and the limit are checked alone.
      if (!(await lockProject(tx, projectId, LOCK.noKeyUpdate))) throw new NotFoundError('Project not found');
      if (await groupNameTaken(tx, projectId, name)) throw groupNameTakenError();
      if ((await countGroups(tx, projectId)) >= CONFIGURATION_LIMITS.groupsMax) {
        throw new ConflictError(
          `A project may have at most ${CONFIGURATION_LIMITS.groupsMax} configuration groups`,
          'limit_reached',
        );
      }
      const id = await insertGroup(tx, projectId, name);
      await setConfigurations(tx, id, names);
      const group = (await findGroup(tx, id))!;
      await auditCreated(tx, principal, audited(group), auditedFields(group));
      return group;
    })
    .catch(orNameTaken);
}

/** Renames the group and makes its configurations the given names; kept names keep their ids. */
export async function updateGroup(
  db: Db,
  principal: Principal,
  id: number,
  body: UpdateConfigurationGroupBody,
): Promise<ConfigurationGroup> {
  const name = body.name === undefined ? undefined : requiredName(body.name, 'name');
  const names = body.configurations === undefined ? undefined : configurationNames(body.configurations);
  return db
    .transaction(async (tx) => {
      const projectId = await findGroupProjectId(tx, id);
      await requireProjectOf(tx, principal, projectId, GROUP_NOT_FOUND, 'edit_project');
      await lockProject(tx, projectId!, LOCK.keyShare);
      if ((await findGroupProjectId(tx, id, LOCK.noKeyUpdate)) === null)
        throw new NotFoundError(GROUP_NOT_FOUND);
      const before = (await findGroup(tx, id))!;
      if (name !== undefined && (await groupNameTaken(tx, projectId!, name, id))) throw groupNameTakenError();
      if (name !== undefined) await renameGroup(tx, id, name);
      if (names !== undefined) await setConfigurations(tx, id, names);
      const group = (await findGroup(tx, id))!;
      await auditUpdated(tx, principal, audited(group), auditedFields(before), auditedFields(group));
      return group;
    })
    .catch(orNameTaken);
}

export async function deleteGroup(db: Db, principal: Principal, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const projectId = await findGroupProjectId(tx, id);
    await requireProjectOf(tx, principal, projectId, GROUP_NOT_FOUND, 'edit_project');
    await lockProject(tx, projectId!, LOCK.keyShare);
    const group = await findGroup(tx, id);
    if (!group || !(await deleteGroupRow(tx, id))) throw new NotFoundError(GROUP_NOT_FOUND);
    await auditDeleted(tx, principal, audited(group), auditedFields(group));
  });
}
