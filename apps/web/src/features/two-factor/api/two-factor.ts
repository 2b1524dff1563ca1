import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse, TotpSetupResponse, TotpStatus } from '@verdict/contract';
import { api } from '@/lib/api-client';

/** The caller's second factor (docs/product/two-factor.md, "Turning it on and off"). */
const twoFactorKey = ['two-factor'] as const;

export const useTwoFactorStatus = () =>
  useQuery({ queryKey: twoFactorKey, queryFn: () => api.get<TotpStatus>('/api/auth/totp') });

/**
 * A new key for the signed-in user's account, after their current password (a wrong one is a
 * 400 naming `currentPassword`, so the session stays).
 */
export const useStartTwoFactorSetup = () =>
  useMutation({
    mutationFn: (body: { password: string }) => api.post<TotpSetupResponse>('/api/auth/totp/start', body),
  });

function useTwoFactorChange<Body>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => api.post<MessageResponse>(path, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}

export const useEnableTwoFactor = () => useTwoFactorChange<{ code: string }>('/api/auth/totp/enable');
export const useDisableTwoFactor = () => useTwoFactorChange<{ password: string }>('/api/auth/totp/disable');
