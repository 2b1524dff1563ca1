import { useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@verdict/contract';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { loadSessionUser } from '@/features/auth/api/load-session-user';
import { signInAndStore } from '@/features/auth/api/login';
import { onUnauthorized } from '@/lib/api-client';
import { AuthContext, type AuthContextValue, type AuthUser, type SignInInput } from '@/lib/auth';
import {
  clearSession,
  forgetLegacySavedPassword,
  logout,
  readSession,
  restoreSession,
  sessionTimeLeft,
} from '@/lib/session';

interface AuthState {
  status: AuthContextValue['status'];
  user: AuthUser | null;
  permissions: ReadonlySet<string>;
}

const SIGNED_OUT: AuthState = { status: 'signed-out', user: null, permissions: new Set() };
const LOADING: AuthState = { status: 'loading', user: null, permissions: new Set() };

/**
 * Owns the signed-in user for the whole app (docs/product/sign-in-and-sessions.md, "The session
 * in the browser"): restores a stored session on page load,
 * loads user + roles after sign-in, and signs out on expiry, on a 401, or when another tab
 * logs out. Screens read it through `useAuth()` from lib/auth.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // Start in 'loading' only when there is a session to check, so '/' renders at once otherwise.
  const [state, setState] = useState<AuthState>(() => (readSession() ? LOADING : SIGNED_OUT));
  // Each load gets a number; an answer that arrives after a newer load or a sign-out is dropped.
  const loadSeq = useRef(0);

  const dropSession = useCallback(() => {
    loadSeq.current += 1;
    clearSession();
    queryClient.clear();
    setState(SIGNED_OUT);
  }, [queryClient]);

  const load = useCallback(
    async (userId: number) => {
      const seq = ++loadSeq.current;
      try {
        const { user, permissions } = await loadSessionUser(userId);
        if (seq === loadSeq.current) setState({ status: 'signed-in', user, permissions });
      } catch (error) {
        // A page being left aborts its requests; that is no failure to load the user, and
        // clearing the session then would sign the person out of the page they are going to.
        if (seq === loadSeq.current && !pageIsUnloading()) dropSession();
        throw error;
      }
    },
    [dropSession],
  );

  useEffect(() => {
    forgetLegacySavedPassword();
    const session = restoreSession();
    if (!session) {
      setState(SIGNED_OUT);
      return;
    }
    load(session.userId).catch((error: unknown) => {
      console.warn('Could not load the signed-in user; session cleared', error);
    });
  }, [load]);

  useEffect(() => onUnauthorized(dropSession), [dropSession]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      const tokenRemoved = event.key === STORAGE_KEYS.token && !event.newValue;
      if (tokenRemoved || event.key === null) dropSession();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dropSession]);

  // The session lasts 24 hours; end it on time even if the page stays open.
  // docs/product/sign-in-and-sessions.md, "The session in the browser"
  useEffect(() => {
    if (state.status !== 'signed-in') return;
    const session = readSession();
    if (!session) {
      dropSession();
      return;
    }
    const timer = window.setTimeout(dropSession, sessionTimeLeft(session));
    return () => window.clearTimeout(timer);
  }, [state.status, dropSession]);

  const signIn = useCallback(
    async (input: SignInInput) => {
      const userId = await signInAndStore(input);
      queryClient.clear();
      await load(userId);
    },
    [load, queryClient],
  );

  const signOut = useCallback(async () => {
    loadSeq.current += 1;
    await logout();
    dropSession();
  }, [dropSession]);

  const reloadPermissions = useCallback(async () => {
    const session = readSession();
    if (!session) {
      dropSession();
      return;
    }
    await load(session.userId);
  }, [dropSession, load]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      can: (permission) => state.permissions.has(permission),
      signIn,
      signOut,
      reloadPermissions,
    }),
    [state, signIn, signOut, reloadPermissions],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

let unloading = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    unloading = true;
  });
  window.addEventListener('pageshow', () => {
    unloading = false;
  });
}

/** True once the browser has started leaving this page (its pending requests are aborted). */
function pageIsUnloading(): boolean {
  return unloading;
}
