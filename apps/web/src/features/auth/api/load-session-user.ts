import type { Role, User } from '@verdict/contract';
import { api } from '@/lib/api-client';
import type { AuthUser } from '@/lib/auth';
import { permissionUnion } from '@/lib/permissions';

export interface SessionUser {
  user: AuthUser;
  permissions: Set<string>;
}

/**
 * Load the user, then each of their roles, and union the roles' permission names
 * (docs/product/sign-in-and-sessions.md, "What happens on 'Login'").
 * Any failure rejects; the caller clears the session.
 */
export async function loadSessionUser(userId: number): Promise<SessionUser> {
  const answer = await api.get<User>(`/api/users/${userId}`);
  const roles = await Promise.all(
    answer.roleIds.map((roleId) => api.get<Pick<Role, 'Permissions'>>(`/api/roles/get-role/${roleId}`)),
  );
  return {
    user: { id: answer.id, name: answer.name, email: answer.email, roleIds: answer.roleIds },
    permissions: permissionUnion(roles),
  };
}
