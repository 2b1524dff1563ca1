import type { LoginBody, LoginResponse } from '@verdict/contract';
import { api } from '@/lib/api-client';
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
export async function signInAndStore({ email, password, remember }: SignInInput): Promise<number> {
  if (!remember) rememberEmail(false, email);
  const answer = await login({ email, password });
  saveSession(answer.token, answer.user.id);
  if (remember) {
    rememberEmail(true, email);
    offerCredentialToBrowser(email, password);
  }
  return answer.user.id;
}
