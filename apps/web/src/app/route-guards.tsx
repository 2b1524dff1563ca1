import { type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Loading } from '@/components/ui/loading';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { landingRoute, saveLastRoute } from '@/lib/session';
import { useFocusOnNavigation } from './focus-on-navigation';
import { useLiveUpdates } from './live-updates';
import { ScreenErrorBoundary } from './route-error';
import { useScreenLoading } from './screen-loading';

/** Every route but '/': a visitor without a session goes to '/' (docs/product/README.md, "Routes"). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <Loading text="Loading..." fullPage />;
  if (status === 'signed-out') return <Navigate to={paths.signIn} replace />;
  return (
    <>
      <LiveUpdates />
      {children}
    </>
  );
}

/** Follows other people's changes while signed in (app/live-updates.ts). */
function LiveUpdates() {
  useLiveUpdates();
  return null;
}

/** '/': with a valid session, go on to the last route (or /dashboard) instead of signing in. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <Loading text="Loading..." fullPage />;
  if (status === 'signed-in') return <Navigate to={landingRoute()} replace />;
  return children;
}

/**
 * The root of every route: remembers each visited path but '/' as lastRoute
 * (docs/product/sign-in-and-sessions.md, "The session in the browser") — also
 * before sign-in, so a deep link opened while signed out is where sign-in lands — and shows a
 * thin progress bar while a screen's code loads. After a route change it moves focus to the new
 * screen (docs/product/errors-and-keyboard.md, "Focus").
 */
export function RootRoute() {
  const { pathname } = useLocation();
  const loading = useScreenLoading();

  useEffect(() => saveLastRoute(pathname), [pathname]);
  useFocusOnNavigation();

  return (
    <>
      {loading ? <div className="route-progress" role="presentation" /> : null}
      <ScreenErrorBoundary>
        <Suspense fallback={<Loading fullPage />}>
          <Outlet />
        </Suspense>
      </ScreenErrorBoundary>
    </>
  );
}
