import type { MessageResponse } from '@verdict/contract';
import { api } from '@/lib/api-client';

/**
 * "Forgot password?" (docs/product/sign-in-and-sessions.md, "Forgot password"): the server answers
 * the same whether or not the address has an account.
 */
export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/auth/password-reset', { email });
}

/** The new password, with the token of the e-mailed link. */
export function confirmPasswordReset(token: string, password: string): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/auth/password-reset/confirm', { token, password });
}
