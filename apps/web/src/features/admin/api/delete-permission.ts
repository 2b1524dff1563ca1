import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse, Permission } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const deletePermission = (id: number) => api.del<MessageResponse>(`/api/permissions/delete/${id}`);

/** Deletes, then drops the row from the cached list so it leaves the screen without a reload. */
export function useDeletePermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePermission,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Permission[]>(queryKeys.permissions.list(), (list) =>
        list?.filter((p) => p.id !== id),
      );
      queryClient.removeQueries({ queryKey: queryKeys.permissions.detail(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.roles.all });
    },
  });
}
