import { Component, type ReactNode, useState } from 'react';
import { useLocation } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { paths } from '@/lib/paths';
import { reloadForStaleChunk } from './stale-chunk';

/**
 * Shown when a screen throws while rendering or its code fails to load. Code that fails to load
 * is typically a new release having replaced the files under an open tab: the page reloads once
 * by itself, at the screen's address, and fetches the new ones
 * (docs/product/errors-and-keyboard.md, "After a new release").
 */
export function RouteError({ error }: { error: unknown }) {
  // Decided once per error: a re-render must not count as a second failure.
  const [reloading] = useState(() => reloadForStaleChunk(error));
  if (reloading) return null;
  const detail = error instanceof Error ? error.message : undefined;
  console.error(error);
  return (
    <div className="route-error">
      <h1 className="page-title">Something went wrong</h1>
      <ErrorBox message="This page could not be shown.">
        {detail ? <p className="route-error-detail">{detail}</p> : null}
      </ErrorBox>
      <div className="form-actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <a className="btn btn-secondary" href={paths.dashboard}>
          Go to Dashboard
        </a>
      </div>
    </div>
  );
}

interface BoundaryProps {
  /** The address shown: a new one clears the error, so the next screen gets its chance. */
  pathname: string;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { error: unknown; failedAt: string | null }> {
  override state = { error: null as unknown, failedAt: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error, failedAt: null };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; failedAt: string | null }) {
    if (state.failedAt === null && state.error !== null) return { failedAt: props.pathname };
    if (state.failedAt !== null && state.failedAt !== props.pathname) return { error: null, failedAt: null };
    return null;
  }

  override render() {
    return this.state.error !== null ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * Catches what a screen throws while rendering, or its code failing to load, and shows RouteError
 * in its place; moving to another address tries again.
 */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
