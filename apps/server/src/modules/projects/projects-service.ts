import type { ListQuery, Project, ProjectBody, ProjectDetail } from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { type Principal, requireProject } from '../authz/authorization.ts';
import { listMembers } from './members-repository.ts';
import {
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
  return { totalProjects: await countVisibleProjects(db, principal) };
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
  return insertProject(db, { name: body.name, description: body.description ?? '', createdBy: principal.id });
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
    const project = await updateProjectRow(tx, id, body);
    if (!project) throw new NotFoundError(NOT_FOUND);
    return project;
  });
}

/** Suites, cases, runs and memberships go with it, in one transaction. */
export async function deleteProject(db: Db, principal: Principal, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockProject(tx, id, LOCK.update);
    await requireProject(tx, principal, id, 'delete_project');
    if (!(await deleteProjectRow(tx, id))) throw new NotFoundError(NOT_FOUND);
  });
}
