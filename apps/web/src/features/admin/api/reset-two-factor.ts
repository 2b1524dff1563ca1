import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@verdict/contract';
import { api } from '@/lib/api-client';

/** Turns off a user's second factor after a lost phone (docs/product/two-factor.md, "A lost phone"). */
export const useResetTwoFactor = () =>
  useMutation({ mutationFn: (id: number) => api.del<MessageResponse>(`/api/users/${id}/totp`) });
