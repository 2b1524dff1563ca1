import type { ListQuery, Project, ProjectBody, ProjectDetail } from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { LOCK, lockProject } from '../../db/row-locks.ts';
import { NotFoundError } from '../../lib/errors.ts';
import {
  type Audited,
  auditCreated,
  auditDeleted,
  auditUpdated,
  counted,
} from '../audit-log/audit-entries.ts';
import { type Principal, permissionNamesOf, requireProject, visibleFigure } from '../authz/authorization.ts';
import { listMembers } from './members-repository.ts';
import {
  countProjectContents,
  countVisibleProjects,
  deleteProject as deleteProjectRow,
  findProject,
  insertProject,
  listVisibleProjects,
  updateProject as updateProjectRow,
} from './projects-repository.ts';

const NOT_FOUND = 'Project not found';

const audited = (p: Project): Audited => ({ entity: 'project', id: p.id, name: p.name, projectId: p.id });
const auditedFields = (p: Project) => ({ name: p.name, description: p.description });

/** Projects the user sees: as a member, as the creator, or through view_all_projects. */
/** A project's name for an audit summary, read in the caller's transaction; '' when it is gone. */
export async function projectName(tx: Tx, projectId: number): Promise<string> {
  return (await findProject(tx, projectId))?.name ?? '';
}

export function listProjects(db: Db, principal: Principal, query: ListQuery): Promise<Project[]> {
  return listVisibleProjects(db, principal, query);
}

export async function countProjects(db: Db, principal: Principal): Promise<{ totalProjects: number }> {
  return {
    totalProjects: await visibleFigure(db, 'projects', principal, () => countVisibleProjects(db, principal)),
  };
}

/**
 * Any visible project; its members only for users_in_project there (the app's members table).
 * `my_permissions` is the very set the guards check, so the app shows what the server allows.
 */
export async function getProjectDetail(db: Db, principal: Principal, id: number): Promise<ProjectDetail> {
  const access = await requireProject(db, principal, id);
  const project = await findProject(db, id);
  if (!project) throw new NotFoundError(NOT_FOUND);
  const members = access.permissions.has('users_in_project') ? await listMembers(db, id) : [];
  return { ...project, members, my_role_id: access.memberRoleId, my_permissions: permissionNamesOf(access) };
}

/**
 * The creator sees the project but is not made a member: inside it they hold their global
 * permissions, and anyone with add_user_in_project can give them a role there.
 */
export function createProject(db: Db, principal: Principal, body: ProjectBody): Promise<Project> {
  return db.transaction(async (tx) => {
    const project = await insertProject(tx, {
      name: body.name,
      description: body.description ?? '',
      createdBy: principal.id,
    });
    await auditCreated(tx, principal, audited(project), auditedFields(project));
    return project;
  });
}

export async function updateProject(
  db: Db,
  principal: Principal,
  id: number,
  body: ProjectBody,
): Promise<Project> {
  return db.transaction(async (tx) => {
    await lockProject(tx, id, LOCK.noKeyUpdate);
    await requireProject(tx, principal, id, 'edit_project');
    const before = await findProject(tx, id);
    const project = await updateProjectRow(tx, id, body);
    if (!project || !before) throw new NotFoundError(NOT_FOUND);
    await auditUpdated(tx, principal, audited(project), auditedFields(before), auditedFields(project));
    return project;
  });
}

/** Suites, cases, runs and memberships go with it, in one transaction. */
export async function deleteProject(db: Db, principal: Principal, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockProject(tx, id, LOCK.update);
    await requireProject(tx, principal, id, 'delete_project');
    const before = await findProject(tx, id);
    const contents = await countProjectContents(tx, id);
    if (!before || !(await deleteProjectRow(tx, id))) throw new NotFoundError(NOT_FOUND);
    const children = [
      counted(contents.suites, 'suite'),
      counted(contents.cases, 'case'),
      counted(contents.runs, 'run'),
    ];
    const detail = ` with ${children[0]}, ${children[1]} and ${children[2]}`;
    await auditDeleted(tx, principal, audited(before), auditedFields(before), detail);
  });
}
