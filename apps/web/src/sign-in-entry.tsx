import { StrictMode, useMemo } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { loadSessionUser } from '@/features/auth/api/load-session-user';
import { signInAndStore } from '@/features/auth/api/login';
import { SignInPage } from '@/features/auth/components/sign-in-page';
import { AuthContext, type AuthContextValue, type SignInInput } from '@/lib/auth';
import { clearSession, forgetLegacySavedPassword } from '@/lib/session';

/**
 * The sign-in screen on its own, for a fresh visit to '/' (see main.tsx). Signing in does what
 * the app's AuthProvider does (store the session, remember the email, load the user, so a
 * failure shows on this form), then hands the page to the whole app, whose AuthProvider finds the
 * stored session and whose route guard moves on to the last route or /dashboard.
 */
export function mountSignIn(container: HTMLElement, startApp: () => Promise<void>): void {
  // As the app's AuthProvider does on load: an older version's saved password goes.
  forgetLegacySavedPassword();
  const root = createRoot(container);
  const signIn = async (input: SignInInput) => {
    const userId = await signInAndStore(input);
    try {
      await loadSessionUser(userId);
    } catch (error) {
      clearSession();
      throw error;
    }
    handOver(root, startApp);
  };
  root.render(
    <StrictMode>
      <SignInOnly signIn={signIn} />
    </StrictMode>,
  );
}

function handOver(root: Root, startApp: () => Promise<void>): void {
  root.unmount();
  void startApp();
}

function SignInOnly({ signIn }: { signIn: (input: SignInInput) => Promise<void> }) {
  const value = useMemo<AuthContextValue>(
    () => ({
      status: 'signed-out',
      user: null,
      permissions: new Set(),
      can: () => false,
      signIn,
      signOut: async () => {},
      reloadPermissions: async () => {},
    }),
    [signIn],
  );
  return (
    <AuthContext.Provider value={value}>
      <SignInPage />
    </AuthContext.Provider>
  );
}
