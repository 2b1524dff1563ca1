import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleBody, RoleMutation } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const updateRole = (id: number, body: RoleBody) =>
  api.put<RoleMutation>(`/api/roles/update/${id}`, body);

export function useUpdateRole(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RoleBody) => updateRole(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.roles.all }),
  });
}
