import type { LoginBody, LoginResponse, SignInMethods, TotpSetupResponse } from '@verdict/contract';
import { ApiError, api } from '@/lib/api-client';
import type { SignInInput } from '@/lib/auth';
import { offerCredentialToBrowser, rememberEmail, saveSession } from '@/lib/session';

export function login(body: LoginBody): Promise<LoginResponse> {
  return api.post<LoginResponse>('/api/auth/login', body);
}

/**
 * 'Login' (docs/product/sign-in-and-sessions.md, "What happens on 'Login'"): the call, then the
 * session stored and the email remembered or forgotten. Answers the signed-in user's id; loading
 * the user is the caller's part.
 */
export async function signInAndStore({ email, password, remember, totp }: SignInInput): Promise<number> {
  if (!remember) rememberEmail(false, email);
  const answer = await login({ email, password, ...(totp ? { totp } : {}) });
  saveSession(answer.token, answer.user.id);
  if (remember) {
    rememberEmail(true, email);
    offerCredentialToBrowser(email, password);
  }
  return answer.user.id;
}

/** How this server signs people in: the form, single sign-on, or both (docs/product/single-sign-on.md). */
export function loadSignInMethods(): Promise<SignInMethods> {
  return api.get<SignInMethods>('/api/auth/methods');
}

/** A new authenticator key for the account these credentials open (docs/product/two-factor.md). */
export function startTotpSetup(email: string, password: string): Promise<TotpSetupResponse> {
  return api.post<TotpSetupResponse>('/api/auth/totp/setup', { email, password });
}

/**
 * What a refused sign-in asks for next (docs/product/two-factor.md, "Signing in"): the code of the
 * authenticator app ('code'), setting one up first ('setup'), or nothing more (null).
 */
export function secondFactorStep(error: unknown): 'code' | 'setup' | null {
  if (!(error instanceof ApiError) || !error.hasResponse) return null;
  if (error.code === 'totp_setup_required') return 'setup';
  return error.code === 'totp_code_required' || error.code === 'totp_code_wrong' ? 'code' : null;
}
