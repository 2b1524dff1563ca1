import { AttachmentPanel } from '@/components/ui/attachment-panel';
import { Card } from '@/components/ui/page';
import { CaseDetailPage } from '@/features/cases/components/case-detail-page';
import { CaseCycleResults } from '@/features/cycles/components/case-cycle-results';
import { ExportButton } from '@/features/export/components/export-button';

/**
 * /cases/{id}: the case screen with the export button of its feature, its files and its cycle
 * results.
 */
export function CaseDetailRoute() {
  return (
    <CaseDetailPage
      moreButtons={(testCase, can) =>
        can('export_project') ? <ExportButton kind="case-runs" id={testCase.id} /> : null
      }
      moreContents={(testCase, can) => (
        <>
          <Card>
            <AttachmentPanel
              owner={{ kind: 'case', id: testCase.id }}
              canEdit={can('edit_test_case')}
              pasteAnywhere
            />
          </Card>
          {can('home_test_cycle') ? <CaseCycleResults caseId={testCase.id} /> : null}
        </>
      )}
    />
  );
}
