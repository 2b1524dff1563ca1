import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleBody, RoleMutation } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const createRole = (body: RoleBody) => api.post<RoleMutation>('/api/roles/create', body);

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.roles.all }),
  });
}
