import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiToken, MessageResponse } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { apiTokenKeys } from './list-api-tokens';

export const revokeApiToken = (id: number) => api.del<MessageResponse>(`/api/api-tokens/${id}`);

/** Revokes a token and drops it from the cached list at once. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<ApiToken[]>(apiTokenKeys.list(), (tokens) =>
        tokens?.filter((t) => t.id !== id),
      );
    },
  });
}
