import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../src/db/client.ts';

/**
 * An independent model of docs/product/roles-and-permissions.md, written straight against the
 * tables, so the property
 * test can predict every answer and compare the authorization module with it.
 */
export interface ModelAccess {
  visible: boolean;
  permissions: Set<string>;
}

export interface AccessModel {
  global(userId: number): Set<string>;
  /** Undefined when the project does not exist. */
  inProject(userId: number, projectId: number): ModelAccess | undefined;
  isMember(userId: number, projectId: number): boolean;
  rolePermissions(roleId: number): Set<string>;
}

/** Reads roles, grants and memberships of everyone (test databases are small). */
export async function loadAccessModel(db: Tx): Promise<AccessModel> {
  const roleRows = await queryRows<{ role_id: number; names: string[] }>(
    db,
    sql`
    select r.id as role_id, coalesce(array_agg(p.name) filter (where p.name is not null), '{}') as names
    from roles r left join role_permissions rp on rp.role_id = r.id left join permissions p on p.id = rp.permission_id
    group by r.id`,
  );
  const userRoleRows = await queryRows<{ user_id: number; role_id: number }>(
    db,
    sql`select user_id, role_id from user_roles`,
  );
  const projectRows = await queryRows<{ id: number; created_by: number | null }>(
    db,
    sql`select id, created_by from projects`,
  );
  const memberRows = await queryRows<{ project_id: number; user_id: number; role_id: number }>(
    db,
    sql`select project_id, user_id, role_id from project_members`,
  );

  const roles = new Map(roleRows.map((r) => [r.role_id, new Set(r.names)]));
  const rolePermissions = (roleId: number) => roles.get(roleId) ?? new Set<string>();
  const global = (userId: number) =>
    new Set(userRoleRows.filter((r) => r.user_id === userId).flatMap((r) => [...rolePermissions(r.role_id)]));
  const memberRole = (userId: number, projectId: number) =>
    memberRows.find((m) => m.user_id === userId && m.project_id === projectId)?.role_id;

  return {
    global,
    rolePermissions,
    isMember: (userId, projectId) => memberRole(userId, projectId) !== undefined,
    inProject(userId, projectId) {
      const project = projectRows.find((p) => p.id === projectId);
      if (!project) return undefined;
      const held = global(userId);
      const roleId = memberRole(userId, projectId);
      const visible = roleId !== undefined || project.created_by === userId || held.has('view_all_projects');
      const permissions = new Set([...held, ...(roleId === undefined ? [] : rolePermissions(roleId))]);
      return { visible, permissions };
    },
  };
}

/** The answer the model predicts for a permission check on a project (or a row in it). */
export function predictAccess(
  model: AccessModel,
  userId: number,
  projectId: number | undefined,
  permission?: string,
) {
  const access = projectId === undefined ? undefined : model.inProject(userId, projectId);
  if (!access?.visible) return 404;
  if (permission && !access.permissions.has(permission)) return 403;
  return 'ok' as const;
}
