import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse, Role } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const deleteRole = (id: number) => api.del<MessageResponse>(`/api/roles/delete/${id}`);

/** Deletes, then drops the row from the cached list so it leaves the screen without a reload. */
export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Role[]>(queryKeys.roles.list(), (roles) => roles?.filter((r) => r.id !== id));
      queryClient.removeQueries({ queryKey: queryKeys.roles.detail(id) });
    },
  });
}
