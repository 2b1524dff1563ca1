import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EffectivePermissions } from '@verdict/contract';
import { api } from '@/lib/api-client';

export const getEffectivePermissions = (userId: number, projectId: number | null) =>
  api.get<EffectivePermissions>(
    `/api/users/${userId}/effective-permissions${projectId === null ? '' : `?projectId=${projectId}`}`,
  );

/** Not under a shared resource key: nothing else shows it, so nothing else needs to refresh it. */
export const effectivePermissionsQuery = (userId: number, projectId: number | null) =>
  queryOptions({
    queryKey: ['effective-permissions', userId, projectId] as const,
    queryFn: () => getEffectivePermissions(userId, projectId),
  });

export function useEffectivePermissions(userId: number | null, projectId: number | null) {
  return useQuery({ ...effectivePermissionsQuery(userId ?? 0, projectId), enabled: userId !== null });
}
