import { CaseDetailPage } from '@/features/cases/components/case-detail-page';
import { ExportButton } from '@/features/export/components/export-button';

/** /cases/{id}: the case screen with the export button of its feature. */
export function CaseDetailRoute() {
  return (
    <CaseDetailPage
      moreButtons={(testCase, can) =>
        can('export_project') ? <ExportButton kind="case-runs" id={testCase.id} /> : null
      }
    />
  );
}
