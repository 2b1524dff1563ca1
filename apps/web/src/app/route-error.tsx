import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { paths } from '@/lib/paths';

/**
 * Shown when a screen throws while rendering or its code fails to load (typically a new
 * release replaced the files under an open tab; reloading fetches the new ones).
 */
export function RouteError() {
  const error = useRouteError();
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
