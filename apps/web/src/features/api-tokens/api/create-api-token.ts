import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenCreated, CreateApiTokenBody } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { apiTokenKeys } from './list-api-tokens';

export const createApiToken = (body: CreateApiTokenBody) =>
  api.post<ApiTokenCreated>('/api/api-tokens', body);

/** Creates a token; the answer carries its secret, which the screen shows once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
