import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PermissionBody, PermissionMutation } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const createPermission = (body: PermissionBody) =>
  api.post<PermissionMutation>('/api/permissions/create', body);

export function useCreatePermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPermission,
    // The server also grants a new permission to the Administrator role.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.permissions.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.roles.all }),
      ]),
  });
}
