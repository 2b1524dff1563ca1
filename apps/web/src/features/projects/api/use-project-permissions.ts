import { useQuery } from '@tanstack/react-query';
import type { PermissionName } from '@verdict/contract';
import { useCallback, useMemo } from 'react';
import { useAuth } from '@/lib/auth';
import { useProject } from './get-project';
import { memberRoleIdOf, projectPermissionUnion } from './project-permissions';
import { roleQuery } from './users-and-roles';

export interface ProjectPermissions {
  /** Global ∪ member-role permissions (only global ones until the role has loaded). */
  permissions: ReadonlySet<string>;
  can: (permission: PermissionName) => boolean;
  /** True while the project or the member role is still loading. */
  loading: boolean;
}

/**
 * What the signed-in user may do inside a project (DESIGN §5), for gating the controls of the
 * project, suite, case and run screens (suites and cases carry project_id).
 *
 * The member role comes from the project detail's `my_role_id` (the caller's own membership),
 * and its permissions from GET /api/roles/get-role/{id}. The server checks every call regardless.
 */
export function useProjectPermissions(projectId: number | null | undefined): ProjectPermissions {
  const { user, permissions: global } = useAuth();
  const project = useProject(projectId);
  const roleId = project.data?.my_role_id ?? memberRoleIdOf(project.data?.members, user?.id);
  const role = useQuery({ ...roleQuery(roleId ?? 0), enabled: roleId !== null });

  const permissions = useMemo(() => projectPermissionUnion(global, role.data), [global, role.data]);
  const can = useCallback((permission: PermissionName) => permissions.has(permission), [permissions]);
  const loading = project.isLoading || (roleId !== null && role.isLoading);
  return { permissions, can, loading };
}
