import type { BulkActionName } from '@verdict/contract';
import { Button } from '@/components/ui/button';
import { Loading } from '@/components/ui/loading';
import type { useBulkPreview } from '../api/bulk-api';
import { alongText, deleteQuestion, problemLines } from '../bulk-text';

/** Under the fields of Delete, Move and Copy: what the selection holds, counted by the server. */
export function PreviewLine({
  action,
  preview,
}: {
  action: BulkActionName;
  preview: ReturnType<typeof useBulkPreview>;
}) {
  if (preview.isError) {
    return (
      <div className="error-box" role="alert">
        <p>⚠️ Could not count the cases.</p>
        <p className="error-box-detail">{problemLines(preview.error).join(' ')}</p>
        <Button size="sm" variant="secondary" onClick={() => void preview.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (!preview.data) return <Loading text="Counting the cases..." />;
  if (action === 'delete') return <p className="bulk-question">{deleteQuestion(preview.data)}</p>;
  const along = alongText(preview.data);
  return along ? <p className="bulk-hint">{along}</p> : null;
}
