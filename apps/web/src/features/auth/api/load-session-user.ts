import type { SessionAnswer } from '@verdict/contract';
import { api } from '@/lib/api-client';
import type { AuthUser } from '@/lib/auth';

export interface SessionUser {
  user: AuthUser;
  permissions: Set<string>;
}

/**
 * The signed-in user and the union of their roles' permission names, in one call
 * (`GET /api/auth/session`; docs/product/sign-in-and-sessions.md, "What happens on 'Login'").
 * Any failure rejects; the caller clears the session. `userId` is the session's own: an answer
 * about anyone else is refused as a failure.
 */
export async function loadSessionUser(userId: number): Promise<SessionUser> {
  const answer = await api.get<SessionAnswer>('/api/auth/session');
  if (answer.user.id !== userId) throw new Error('The session belongs to another user');
  const { id, name, email, roleIds } = answer.user;
  return { user: { id, name, email, roleIds }, permissions: new Set(answer.permissions) };
}
