import type { BulkBarSlot } from '@/entities/case/selection';
import { useProjectPermissions } from '@/entities/project/project-permissions';
import { mayRunAny } from '@/features/bulk-actions/bulk-text';
import { BulkActionsBar } from '@/features/bulk-actions/components/bulk-actions-bar';
import { CaseSearchPage } from '@/features/case-search/components/case-search-page';
import { useIdParam } from '@/lib/route-params';

const bulkBar: BulkBarSlot = (props) => <BulkActionsBar {...props} />;

/**
 * /projects/{id}/search: Search Test Cases with the bulk-actions bar over its results, for a
 * person who may run a bulk action in the project.
 */
export function CaseSearchRoute() {
  const { can } = useProjectPermissions(useIdParam());
  return <CaseSearchPage bulkBar={mayRunAny(can) ? bulkBar : undefined} />;
}
