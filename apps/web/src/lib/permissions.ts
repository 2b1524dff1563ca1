import type { PermissionName } from '@verdict/contract';

/**
 * A user's permissions are the union of the permission names of all their roles
 * (docs/product/roles-and-permissions.md, "How permissions add up").
 * Pure functions over the answers of GET /api/roles/get-role/{id}.
 */

/** The part of GET /api/roles/get-role/{id} that names permissions. */
export interface RolePermissionRefs {
  Permissions: readonly { name: string }[];
}

export function permissionUnion(roles: readonly RolePermissionRefs[]): Set<string> {
  const names = new Set<string>();
  for (const role of roles) {
    for (const permission of role.Permissions) names.add(permission.name);
  }
  return names;
}

/** True when the set holds the permission (typed, so a misspelt name fails to compile). */
export function hasPermission(permissions: ReadonlySet<string>, name: PermissionName): boolean {
  return permissions.has(name);
}
