import type { Role, User } from '@verdict/contract';
import { api } from '@/lib/api-client';
import type { AuthUser } from '@/lib/auth';
import { permissionUnion, roleIdsOf } from '@/lib/permissions';

export interface SessionUser {
  user: AuthUser;
  permissions: Set<string>;
}

/** The answer of GET /api/users/{id}: SPEC allows `roleIds` or a `Roles` list, and name or username. */
type UserAnswer = Partial<Pick<User, 'name' | 'username' | 'email' | 'roleIds' | 'Roles'>> & {
  id?: number;
};

/**
 * SPEC §4/§6: load the user, then each of their roles, and union the roles' permission names.
 * Any failure rejects; the caller clears the session.
 */
export async function loadSessionUser(userId: number): Promise<SessionUser> {
  const answer = await api.get<UserAnswer>(`/api/users/${userId}`);
  const roleIds = roleIdsOf(answer);
  const roles = await Promise.all(
    roleIds.map((roleId) => api.get<Pick<Role, 'Permissions'>>(`/api/roles/get-role/${roleId}`)),
  );
  return {
    user: {
      id: answer.id ?? userId,
      name: answer.name ?? answer.username ?? '',
      email: answer.email ?? '',
      roleIds,
    },
    permissions: permissionUnion(roles),
  };
}
