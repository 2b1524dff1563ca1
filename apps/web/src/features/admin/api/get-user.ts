import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * SPEC §7: the answer carries name or username, and roleIds or a Roles list, so every field
 * the edit forms read is optional here; `roleIdsOf` and `nameOf` pick whichever arrived.
 */
export type UserAnswer = Partial<User> & { id?: number };

export const getUser = (id: number) => api.get<UserAnswer>(`/api/users/${id}`);

export const userQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.users.detail(id), queryFn: () => getUser(id) });

/** `id` null (a malformed route param) never calls the server. */
export const useUser = (id: number | null) => useQuery({ ...userQuery(id ?? 0), enabled: id !== null });

export function usernameOf(user: UserAnswer): string {
  return user.username ?? user.name ?? '';
}
