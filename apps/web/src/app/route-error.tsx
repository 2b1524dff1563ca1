import { useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { paths } from '@/lib/paths';
import { reloadForStaleChunk } from './stale-chunk';

/**
 * Shown when a screen throws while rendering or its code fails to load. Code that fails to load
 * is typically a new release having replaced the files under an open tab: the page reloads once
 * by itself, at the screen's address, and fetches the new ones
 * (docs/product/errors-and-keyboard.md, "After a new release").
 */
export function RouteError() {
  const error = useRouteError();
  // Decided once per error: a re-render must not count as a second failure.
  const [reloading] = useState(() => reloadForStaleChunk(error));
  if (reloading) return null;
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
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
