import type { PermissionName } from '@verdict/contract';

/**
 * SPEC §6: a user's permissions are the union of the permission names of all their roles.
 * Pure functions over the answers of GET /api/users/{id} and GET /api/roles/get-role/{id}.
 */

/** The part of GET /api/users/{id} that names roles: `roleIds`, or a `Roles` list of objects. */
export interface UserRoleRefs {
  roleIds?: readonly number[] | null;
  Roles?: readonly { id: number }[] | null;
}

/** The part of GET /api/roles/get-role/{id} that names permissions. */
export interface RolePermissionRefs {
  Permissions?: readonly { name: string }[] | null;
}

/** The user's role ids, deduplicated, from whichever field the answer carries. */
export function roleIdsOf(user: UserRoleRefs): number[] {
  const ids = user.roleIds ?? user.Roles?.map((role) => role.id) ?? [];
  return [...new Set(ids)];
}

export function permissionUnion(roles: readonly RolePermissionRefs[]): Set<string> {
  const names = new Set<string>();
  for (const role of roles) {
    for (const permission of role.Permissions ?? []) names.add(permission.name);
  }
  return names;
}

/** True when the set holds the permission (typed, so a misspelt name fails to compile). */
export function hasPermission(permissions: ReadonlySet<string>, name: PermissionName): boolean {
  return permissions.has(name);
}
