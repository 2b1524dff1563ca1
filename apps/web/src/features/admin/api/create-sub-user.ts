import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSubUserBody, UserMutation } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const createSubUser = (body: CreateSubUserBody) =>
  api.post<UserMutation>('/api/users/create-subuser', body);

export function useCreateSubUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
