import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditUserBody, UserMutation } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const editUser = (id: number, body: EditUserBody) =>
  api.put<UserMutation>(`/api/users/edit/${id}`, body);

export function useEditUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditUserBody) => editUser(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
