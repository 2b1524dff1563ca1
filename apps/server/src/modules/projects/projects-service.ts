import type { ListQuery, Project, ProjectBody, ProjectDetail } from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import {
  changedFieldList,
  counted,
  createdChanges,
  deletedChanges,
  quoted,
  recordAudit,
  updatedChanges,
} from '../audit/audit-log.ts';
import { type Principal, requireProject, visibleFigure } from '../authz/authorization.ts';
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
import { LOCK, lockProject } from './row-locks.ts';

const NOT_FOUND = 'Project not found';

/** Projects the user sees: as a member, as the creator, or through view_all_projects. */
export function listProjects(db: Db, principal: Principal, query: ListQuery): Promise<Project[]> {
  return listVisibleProjects(db, principal, query);
}

export async function countProjects(db: Db, principal: Principal): Promise<{ totalProjects: number }> {
  return {
    totalProjects: await visibleFigure(db, 'projects', principal, () => countVisibleProjects(db, principal)),
  };
}

/** Any visible project; its members only for users_in_project there (the app's members table). */
export async function getProjectDetail(db: Db, principal: Principal, id: number): Promise<ProjectDetail> {
  const access = await requireProject(db, principal, id);
  const project = await findProject(db, id);
  if (!project) throw new NotFoundError(NOT_FOUND);
  const members = access.permissions.has('users_in_project') ? await listMembers(db, id) : [];
  return { ...project, members, my_role_id: access.memberRoleId };
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
    await recordAudit(tx, principal, {
      action: 'create',
      entity: 'project',
      entityId: project.id,
      projectId: project.id,
      summary: `Created project ${quoted(project.name)}`,
      changes: createdChanges({ name: project.name, description: project.description }),
    });
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
    const changes = updatedChanges(
      { name: before.name, description: before.description },
      { name: project.name, description: project.description },
    );
    await recordAudit(tx, principal, {
      action: 'update',
      entity: 'project',
      entityId: id,
      projectId: id,
      summary: `Updated project ${quoted(project.name)}${changedFieldList(changes)}`,
      changes,
    });
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
    await recordAudit(tx, principal, {
      action: 'delete',
      entity: 'project',
      entityId: id,
      projectId: id,
      summary: `Deleted project ${quoted(before.name)} with ${children[0]}, ${children[1]} and ${children[2]}`,
      changes: deletedChanges({ name: before.name, description: before.description }),
    });
  });
}
