import type { PermissionName } from '@verdict/contract';
import { useCallback, useMemo } from 'react';
import { useProject } from './get-project';

export interface ProjectPermissions {
  /** The caller's permissions inside the project, as the server answers them. */
  permissions: ReadonlySet<string>;
  can: (permission: PermissionName) => boolean;
  /** True while the project is still loading (nothing is granted until it has). */
  loading: boolean;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * What the signed-in user may do inside a project, for gating the controls of the
 * project, suite, case and run screens (suites and cases carry project_id).
 * docs/product/roles-and-permissions.md, "How permissions add up"; docs/product/projects.md,
 * "The calls" (`my_permissions`).
 *
 * The server decides: the project detail's `my_permissions` is the set its guards check (global
 * permissions plus the caller's role there). The server checks every call regardless.
 */
export function useProjectPermissions(projectId: number | null | undefined): ProjectPermissions {
  const project = useProject(projectId);
  const names = project.data?.my_permissions;
  const permissions = useMemo(() => (names ? new Set(names) : NONE), [names]);
  const can = useCallback((permission: PermissionName) => permissions.has(permission), [permissions]);
  return { permissions, can, loading: project.isLoading };
}
