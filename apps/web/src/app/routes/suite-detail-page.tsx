import type { BulkBarSlot } from '@/entities/case/selection';
import { mayRunAny } from '@/features/bulk-actions/bulk-text';
import { BulkActionsBar } from '@/features/bulk-actions/components/bulk-actions-bar';
import { SuiteCases } from '@/features/cases/components/suite-cases';
import { SuiteDetailPage } from '@/features/suites/components/suite-detail-page';

const bulkBar: BulkBarSlot = (props) => <BulkActionsBar {...props} />;

/** /suites/{id}: the suite screen with its cases, from the cases feature, and their bulk actions. */
export function SuiteDetailRoute() {
  return (
    <SuiteDetailPage
      contents={(suite, can) =>
        can('home_test_case') ? (
          <SuiteCases
            suite={suite}
            canAdd={can('add_test_case_in_test_suit')}
            bulkBar={mayRunAny(can) ? bulkBar : undefined}
          />
        ) : null
      }
    />
  );
}
