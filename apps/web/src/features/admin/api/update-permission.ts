import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PermissionBody, PermissionMutation } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const updatePermission = (id: number, body: PermissionBody) =>
  api.put<PermissionMutation>(`/api/permissions/update/${id}`, body);

export function useUpdatePermission(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PermissionBody) => updatePermission(id, body),
    // Roles list their permissions by name, so a rename shows there too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.permissions.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.roles.all }),
      ]),
  });
}
