import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getUser = (id: number) => api.get<User>(`/api/users/${id}`);

export const userQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.users.detail(id), queryFn: () => getUser(id) });

/** `id` null (a malformed route param) never calls the server. */
export const useUser = (id: number | null) => useQuery({ ...userQuery(id ?? 0), enabled: id !== null });
