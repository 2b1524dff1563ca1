import { Card } from '@/components/ui/page';
import { MilestoneDefects } from '@/features/defects/components/cycle-defects';
import { MilestonePage } from '@/features/milestones/components/milestone-page';

/** /milestones/{id}: the milestone screen with the defects linked to its cycles' items and results. */
export function MilestoneRoute() {
  return (
    <MilestonePage
      moreContents={(milestone, can) =>
        can('home_test_cycle') ? (
          <Card title="Defects">
            <MilestoneDefects milestoneId={milestone.id} />
          </Card>
        ) : null
      }
    />
  );
}
