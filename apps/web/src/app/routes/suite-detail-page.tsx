import { SuiteCases } from '@/features/cases/components/suite-cases';
import { SuiteDetailPage } from '@/features/suites/components/suite-detail-page';

/** /suites/{id}: the suite screen with its cases, from the cases feature. */
export function SuiteDetailRoute() {
  return (
    <SuiteDetailPage
      contents={(suite, can) =>
        can('home_test_case') ? <SuiteCases suite={suite} canAdd={can('add_test_case_in_test_suit')} /> : null
      }
    />
  );
}
