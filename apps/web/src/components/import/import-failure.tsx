import { ErrorBox } from '@/components/ui/error-box';
import { ApiError, errorText } from '@/lib/api-client';
import './import.css';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Details of a 400 (the file's problems, 'row 5, Priority'), at most this many listed. */
const DETAILS_SHOWN = 20;

/**
 * Why an import kept nothing: the server's message with each problem of a 400, or a lost
 * connection (docs/product/case-import-screens.md, "Import"). `what` names the rows: 'cases'.
 */
export function ImportFailure({ error, what }: { error: unknown; what: string }) {
  const lost = error instanceof ApiError && error.kind === 'no-response';
  const body = error instanceof ApiError ? error.body : undefined;
  const details =
    typeof body === 'object' && body !== null && Array.isArray((body as { details?: unknown }).details)
      ? ((body as { details: { field?: unknown; message?: unknown }[] }).details ?? [])
      : [];
  const message = lost
    ? 'The connection to the server was lost before the import finished.'
    : errorText(error, `Failed to import ${what}`);
  return (
    <ErrorBox message={message}>
      {lost ? (
        <p className="error-box-detail">
          An import keeps all of its {what} or none: look at the project's {what} before importing again.
        </p>
      ) : /nothing was imported/i.test(message) ? null : (
        <p className="error-box-detail">Nothing was imported.</p>
      )}
      {details.length > 0 ? (
        <ul className="import-details">
          {details.slice(0, DETAILS_SHOWN).map((detail, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the server's list, shown as it is
            <li key={index}>
              {typeof detail.field === 'string' && detail.field !== ''
                ? `${capitalised(detail.field)}: `
                : ''}
              {String(detail.message ?? '')}
            </li>
          ))}
        </ul>
      ) : null}
    </ErrorBox>
  );
}
