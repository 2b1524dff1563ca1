import { isNotFound, LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { ObjectNotFound } from '@/components/ui/object-not-found';
import { Page } from '@/components/ui/page';
import { useCycleItem } from '@/entities/cycle/cycle-api';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { useExecutionSession } from './execution-session';
import { type ExecutionSlots, ExecutionView } from './execution-view';

const TITLE = 'Test Cycle Item';

/**
 * /cycle-items/{id}: one item of a test cycle, to record its result
 * (docs/product/cycle-execution.md). A missing or hidden item has a page of its own; any other
 * failure offers Retry.
 */
export function ExecutionPage({ slots }: { slots?: ExecutionSlots } = {}) {
  const id = useIdParam();
  const detail = useCycleItem(id);
  // Kept from item to item: the last result (to undo it) and whether the item list is open.
  const session = useExecutionSession();
  if (id === null || isNotFound(detail.error)) {
    return <ObjectNotFound kind="Cycle item" backTo={{ href: paths.myWork, label: 'Back to My Work' }} />;
  }
  if (detail.isError && !detail.data) {
    return (
      <Page title={TITLE}>
        <LoadFailed what="the cycle item" error={detail.error} onRetry={() => void detail.refetch()} />
      </Page>
    );
  }
  if (!detail.data) {
    return (
      <Page title={TITLE}>
        <Loading text="Loading cycle item..." />
      </Page>
    );
  }
  // Keyed by the item, so the comment, the timer and any error start afresh on every item.
  return <ExecutionView key={detail.data.item.id} detail={detail.data} session={session} slots={slots} />;
}
