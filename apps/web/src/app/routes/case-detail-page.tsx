import { lazy, Suspense } from 'react';
import { Card } from '@/components/ui/page';
import { AttachmentPanel } from '@/entities/attachment/attachment-panel';
import type { BulkBarSlot } from '@/entities/case/selection';
import { CommentThread } from '@/entities/comment/comment-thread';
import { mayRunAny } from '@/features/bulk-actions/bulk-text';
import { BulkActionsBar } from '@/features/bulk-actions/components/bulk-actions-bar';
import { CaseDetailPage } from '@/features/cases/components/case-detail-page';
import { CaseResults } from '@/features/cases/components/case-results';
import { ExportButton } from '@/features/export/components/export-button';
import { ResultHistory } from '@/features/flaky-tests/components/result-history';
import { CaseRequirements } from '@/features/requirements/components/case-requirements';

// Below the fold and not needed to open a case: its own chunk, loaded while the case shows.
const DefectLinks = lazy(() =>
  import('@/features/defects/components/defect-links').then((m) => ({ default: m.DefectLinks })),
);

const bulkBar: BulkBarSlot = (props) => <BulkActionsBar {...props} />;

/**
 * /cases/{id}: the case screen with the export button of its feature, its files, its defects, its
 * comments, its requirements, its result history (strip, flakiness, quarantine, and every result once, whatever
 * recorded it), and the bulk actions over its child cases.
 */
export function CaseDetailRoute() {
  return (
    <CaseDetailPage
      childBulkBar={(can) => (mayRunAny(can) ? bulkBar : undefined)}
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
              projectId={testCase.project_id}
            />
          </Card>
          <Card>
            <Suspense fallback={<p>Loading defects...</p>}>
              <DefectLinks
                owner={{ kind: 'case', id: testCase.id }}
                canLink={can('edit_test_case')}
                canRemove={(link) => can(link.cycle ? 'execute_test_cycle' : 'edit_test_case')}
              />
            </Suspense>
          </Card>
          <Card>
            <CommentThread
              owner={{ kind: 'case', id: testCase.id }}
              projectId={testCase.project_id}
              canComment={can('comment')}
            />
          </Card>
          {can('home_requirement') ? (
            <CaseRequirements caseId={testCase.id} canEdit={can('edit_requirement')} />
          ) : null}
          <ResultHistory caseId={testCase.id} canQuarantine={can('quarantine_test_case')}>
            {can('home_test_run') ? <CaseResults caseId={testCase.id} /> : null}
          </ResultHistory>
        </>
      )}
    />
  );
}
