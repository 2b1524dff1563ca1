import { type SQL, sql } from 'drizzle-orm';

/** Who is looking: a Principal fits. */
export interface Viewer {
  id: number;
  permissions: ReadonlySet<string>;
}

/**
 * A SQL condition on `projects.id` (aliased by `column`) true for the projects the viewer sees:
 * as its creator, as a member, or through view_all_projects. The lists and dashboard figures of
 * several modules filter with it, so they agree with requireProject (modules/authz).
 */
export function visibleProjectCondition(viewer: Viewer, column: SQL): SQL {
  if (viewer.permissions.has('view_all_projects')) return sql`true`;
  return sql`(${column} in (select id from projects where created_by = ${viewer.id})
    or ${column} in (select project_id from project_members where user_id = ${viewer.id}))`;
}

/**
 * A SQL condition on `projects.id` true for the projects where the viewer holds `permission`:
 * every project they see when a global role grants it, else those where their member role does
 * (the same union as requireProject's).
 */
export function projectPermissionCondition(viewer: Viewer, permission: string, column: SQL): SQL {
  if (viewer.permissions.has(permission)) return visibleProjectCondition(viewer, column);
  return sql`${column} in (select pm.project_id from project_members pm
    join role_permissions rp on rp.role_id = pm.role_id
    join permissions perm on perm.id = rp.permission_id
    where pm.user_id = ${viewer.id} and perm.name = ${permission})`;
}

/**
 * The other side of visibleProjectCondition: a SQL condition on a user id (`userColumn`) true for
 * the users who see the project: its creator, its members, and holders of view_all_projects
 * through a global role.
 */
export function projectViewerCondition(projectId: number, userColumn: SQL): SQL {
  return sql`(${userColumn} in (select created_by from projects where id = ${projectId})
    or ${userColumn} in (select user_id from project_members where project_id = ${projectId})
    or ${userColumn} in (select ur.user_id from user_roles ur
      join role_permissions rp on rp.role_id = ur.role_id
      join permissions perm on perm.id = rp.permission_id
      where perm.name = 'view_all_projects'))`;
}
