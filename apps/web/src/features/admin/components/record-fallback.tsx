import { isNotFound, LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { ObjectNotFound, type ObjectNotFoundProps } from '@/components/ui/object-not-found';
import { Page } from '@/components/ui/page';

export interface RecordFallbackProps extends ObjectNotFoundProps {
  /** The route's id; null when the address holds no valid id. */
  id: number | null;
  /** The record's query. */
  query: { error: unknown; isError: boolean; refetch: () => unknown };
  /** The edit screen's title, e.g. 'Edit User'. */
  title: string;
  /** The screen's fixed words for a failed load, e.g. 'Failed to load user data.' */
  failureText: string;
  /** The screen's loading text, e.g. 'Loading user data...' */
  loadingText: string;
}

/**
 * What an admin edit screen shows until its record is there (docs/product/admin-screens.md, "The
 * forms"): the loading text; for an id that names nothing, the not-found page of that kind; for
 * any other failure, the screen's failure words with Retry
 * (docs/product/errors-and-keyboard.md, "A failed load is never empty data").
 */
export function RecordFallback({
  id,
  query,
  title,
  failureText,
  loadingText,
  kind,
  backTo,
}: RecordFallbackProps) {
  if (id === null || isNotFound(query.error)) return <ObjectNotFound kind={kind} backTo={backTo} />;
  return (
    <Page title={title} narrow>
      {query.isError ? (
        <LoadFailed
          what={kind.toLowerCase()}
          message={failureText}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Loading text={loadingText} />
      )}
    </Page>
  );
}
