import type { LoginBody, LoginResponse } from '@verdict/contract';
import { api } from '@/lib/api-client';

export function login(body: LoginBody): Promise<LoginResponse> {
  return api.post<LoginResponse>('/api/auth/login', body);
}
