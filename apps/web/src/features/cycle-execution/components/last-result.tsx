import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { AttachmentPanel } from '@/entities/attachment/attachment-panel';
import { CycleStateBadge } from '@/entities/cycle/cycle-progress';
import { paths } from '@/lib/paths';
import { UNDO_KEY } from '../result-keys';
import type { RecordedResult } from './execution-session';

/**
 * The result the caller recorded last (docs/product/cycle-execution.md, "Undo"): its state and
 * case, Undo while the window is open, and its files, which can still be added to.
 */
export function LastResult({
  last,
  undoOpen,
  undoing,
  error,
  onUndo,
  mayAttach,
}: {
  last: RecordedResult;
  undoOpen: boolean;
  undoing: boolean;
  error: unknown;
  onUndo: () => void;
  mayAttach: boolean;
}) {
  const headingId = useId();
  return (
    <section className="execution-last card" aria-labelledby={headingId}>
      <h2 id={headingId} className="execution-subheading">
        Last result
      </h2>
      <div className="execution-last-line">
        <p>
          <CycleStateBadge state={last.result.state} /> recorded on{' '}
          <Link to={paths.cycleItem(last.itemId)}>{last.caseName}</Link>
        </p>
        {undoOpen ? (
          <Button variant="secondary" onClick={onUndo} busy={undoing} aria-keyshortcuts={UNDO_KEY}>
            Undo{' '}
            <span className="execution-key" aria-hidden="true">
              {UNDO_KEY}
            </span>
          </Button>
        ) : null}
      </div>
      <ErrorBox message={error ? 'Could not undo the result' : null} error={error} />
      <AttachmentPanel
        owner={{ kind: 'result', id: last.result.id }}
        canEdit={mayAttach}
        compact
        title={`Files of the last result (${last.caseName})`}
      />
    </section>
  );
}
