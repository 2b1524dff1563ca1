import { Card } from '@/components/ui/page';
import { CycleDetailPage } from '@/features/cycles/components/cycle-detail-page';
import { CycleDefects } from '@/features/defects/components/cycle-defects';

/** /cycles/{id}: the cycle screen with the defects linked to its items and results. */
export function CycleDetailRoute() {
  return (
    <CycleDetailPage
      moreContents={(cycle) => (
        <Card title="Defects">
          <CycleDefects cycleId={cycle.id} />
        </Card>
      )}
    />
  );
}
