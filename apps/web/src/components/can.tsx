import type { PermissionName } from '@verdict/contract';
import type { ReactNode } from 'react';
import { useAuth } from '@/lib/auth';

export interface CanProps {
  /**
   * The permission name the signed-in user must hold
   * (docs/product/roles-and-permissions.md, "The permission catalogue").
   */
  permission: PermissionName;
  children: ReactNode;
  /** Rendered instead when the permission is missing (default: nothing). */
  fallback?: ReactNode;
}

/** `<Can permission="add_project"><Link …>Add Project</Link></Can>` */
export function Can({ permission, children, fallback = null }: CanProps) {
  const { can } = useAuth();
  return <>{can(permission) ? children : fallback}</>;
}
