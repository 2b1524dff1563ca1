import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiToken } from '@verdict/contract';
import { api } from '@/lib/api-client';

/** Query keys of the API Tokens screen (only this feature shows tokens). */
export const apiTokenKeys = {
  all: ['api-tokens'] as const,
  list: () => ['api-tokens', 'list'] as const,
};

export const getApiTokens = () => api.get<ApiToken[]>('/api/api-tokens');

export const apiTokensQuery = () => queryOptions({ queryKey: apiTokenKeys.list(), queryFn: getApiTokens });

export const useApiTokens = () => useQuery(apiTokensQuery());
