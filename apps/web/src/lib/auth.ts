import type { PermissionName } from '@verdict/contract';
import { createContext, useContext } from 'react';

/**
 * What every screen knows about the signed-in user. The provider lives in
 * app/providers/auth-provider.tsx; screens only ever call `useAuth()`.
 */

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthUser {
  id: number;
  /**
   * The user's name: 'name' and 'username' carry the same value
   * (docs/product/users-and-sub-users.md, "Users, sub-users and accounts").
   */
  name: string;
  email: string;
  roleIds: number[];
}

export interface SignInInput {
  email: string;
  password: string;
  remember: boolean;
  /** The authenticator app's code, for an account with two-factor authentication. */
  totp?: string;
}

export interface AuthContextValue {
  /** 'loading' while a stored session's user and roles are being fetched. */
  status: AuthStatus;
  user: AuthUser | null;
  /**
   * Union of the permission names of the user's roles. Empty when signed out.
   * docs/product/roles-and-permissions.md, "How permissions add up"
   */
  permissions: ReadonlySet<string>;
  can: (permission: PermissionName) => boolean;
  /** Signs in, stores the session and loads user + roles; rejects with the failure (ApiError). */
  signIn: (input: SignInInput) => Promise<void>;
  /** Calls the server's logout, then clears the client whatever happens. */
  signOut: () => Promise<void>;
  /** Loads user and roles again, e.g. after an administrator edited their own roles. */
  reloadPermissions: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth() must be used inside <AuthProvider>');
  return value;
}
