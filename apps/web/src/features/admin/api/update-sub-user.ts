import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateSubUserBody, UserMutation } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const updateSubUser = (id: number, body: UpdateSubUserBody) =>
  api.put<UserMutation>(`/api/users/update-subuser/${id}`, body);

export function useUpdateSubUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSubUserBody) => updateSubUser(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
