import { ApiError } from '@/lib/api-client';
import { AccessDenied, missingPermission } from './access-denied';
import { ErrorBox } from './error-box';

export interface LoadFailedProps {
  /** What could not be loaded, e.g. 'the users'. Reads "Could not load the users." */
  what: string;
  /**
   * The screen's own fixed words for a failed load, e.g. 'Failed to fetch users'
   * (docs/product/admin-screens.md); they replace "Could not load {what}."
   */
  message?: string;
  /** The failure, whose reason (no connection, the server's message) is shown under the message. */
  error: unknown;
  /** Loads again (a query's `refetch`). */
  onRetry: () => void;
}

/**
 * A load that failed says so, with Retry, instead of showing an empty list
 * (docs/product/errors-and-keyboard.md, "A failed load is never empty data"). A refusal for a
 * missing permission names the permission instead: retrying cannot help there.
 */
export function LoadFailed({ what, message, error, onRetry }: LoadFailedProps) {
  const text = message ?? `Could not load ${what}.`;
  const permission = missingPermission(error);
  if (permission) return <AccessDenied permission={permission} message={text} />;
  const offline = error instanceof ApiError && error.status === 0;
  return (
    <ErrorBox message={text} error={error}>
      {offline ? <p className="error-box-detail">The server could not be reached.</p> : null}
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          Retry
        </button>
      </div>
    </ErrorBox>
  );
}

/** True when a load failed because the object does not exist (or is not visible to the user). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
