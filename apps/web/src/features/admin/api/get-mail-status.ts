import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignInMethods } from '@verdict/contract';
import { api } from '@/lib/api-client';

/** Whether this server sends e-mail: read from the sign-in methods, which say it to anyone. */
export const getSignInMethods = () => api.get<SignInMethods>('/api/auth/methods');

export const mailStatusQuery = () =>
  queryOptions({ queryKey: ['auth', 'methods'] as const, queryFn: getSignInMethods, staleTime: Infinity });

export const useMailStatus = () => useQuery(mailStatusQuery());
