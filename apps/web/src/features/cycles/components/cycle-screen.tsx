import type { Cycle } from '@verdict/contract';
import type { ReactNode } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { isNotFound, LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { ObjectNotFound } from '@/components/ui/object-not-found';
import { Page } from '@/components/ui/page';
import { useCycle } from '@/entities/cycle/cycle-api';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';

/**
 * The cycle of the route's `:id` for a screen (the cycle page, its edit form): a malformed id, a
 * missing cycle (its not-found page), a failed load (Retry) and loading each show under `title`;
 * once loaded, `children` draws the screen.
 */
export function CycleScreen({ title, children }: { title: string; children: (cycle: Cycle) => ReactNode }) {
  const id = useIdParam();
  const cycle = useCycle(id);
  if (id === null) {
    return (
      <Page title={title}>
        <ErrorBox message="Failed to fetch test cycle" />
      </Page>
    );
  }
  if (isNotFound(cycle.error)) {
    return (
      <ObjectNotFound kind="Test cycle" backTo={{ href: paths.dashboard, label: 'Back to Dashboard' }} />
    );
  }
  if (cycle.isError && !cycle.data) {
    return (
      <Page title={title}>
        <LoadFailed what="the test cycle" error={cycle.error} onRetry={() => void cycle.refetch()} />
      </Page>
    );
  }
  if (!cycle.data) {
    return (
      <Page title={title}>
        <Loading text="Loading test cycle..." />
      </Page>
    );
  }
  return <>{children(cycle.data)}</>;
}
