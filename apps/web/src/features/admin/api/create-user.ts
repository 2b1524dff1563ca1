import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody, UserMutation } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const createUser = (body: CreateUserBody) => api.post<UserMutation>('/api/users/create', body);

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
