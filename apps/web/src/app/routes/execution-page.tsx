import { Card } from '@/components/ui/page';
import { FoldedCommentThread } from '@/entities/comment/folded-comment-thread';
import { useCycleItem } from '@/entities/cycle/cycle-api';
import { ExecutionPage } from '@/features/cycle-execution/components/execution-page';
import type { ExecutionSlots } from '@/features/cycle-execution/components/execution-view';
import { useLinkResultDefect, useTracker } from '@/features/defects/api/defects-api';
import { DefectLinks } from '@/features/defects/components/defect-links';
import { FileBugLink } from '@/features/defects/components/file-bug-link';
import { useIdParam } from '@/lib/route-params';

/**
 * /cycle-items/{id}: the execution view with "File a bug" on each failed result (when the project
 * has an issue tracker), the defects of the item and its results, and a Defect field sent with a
 * result (docs/product/defects-screens.md), and the item's comments behind "Show the discussion"
 * (docs/product/comments-screens.md).
 */
export function ExecutionRoute() {
  const item = useCycleItem(useIdParam());
  const tracker = useTracker(item.data?.cycle.project_id ?? null);
  const hasTracker = Boolean(tracker.data);
  const linkDefect = useLinkResultDefect();
  const slots: ExecutionSlots = {
    linkDefect,
    resultExtras: (result) => <FileBugLink result={result} enabled={hasTracker} />,
    moreContents: (detail, can) => (
      <>
        <Card>
          <DefectLinks
            owner={{ kind: 'item', id: detail.item.id }}
            canLink={can('execute_test_cycle')}
            canRemove={() => can('execute_test_cycle')}
            results={detail.results}
          />
        </Card>
        <Card>
          <FoldedCommentThread
            owner={{ kind: 'item', id: detail.item.id }}
            projectId={detail.cycle.project_id}
            canComment={can('comment')}
          />
        </Card>
      </>
    ),
  };
  return <ExecutionPage slots={slots} />;
}
