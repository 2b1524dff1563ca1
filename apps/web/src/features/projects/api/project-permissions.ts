import type { ProjectMember } from '@verdict/contract';

/**
 * DESIGN §5: inside a project a user holds their global permissions plus those of the role
 * they hold as a member there. Pure helpers; the hook is `useProjectPermissions`.
 */

/** The role the user holds as a member of the project, or null when they are not one (or unseen). */
export function memberRoleIdOf(
  members: readonly Pick<ProjectMember, 'id' | 'role'>[] | undefined,
  userId: number | undefined,
): number | null {
  if (!members || userId === undefined) return null;
  return members.find((member) => member.id === userId)?.role?.id ?? null;
}

export function projectPermissionUnion(
  global: ReadonlySet<string>,
  memberRole: { Permissions?: readonly { name: string }[] | null } | undefined,
): ReadonlySet<string> {
  const names = memberRole?.Permissions ?? [];
  if (names.length === 0) return global;
  return new Set([...global, ...names.map((permission) => permission.name)]);
}
