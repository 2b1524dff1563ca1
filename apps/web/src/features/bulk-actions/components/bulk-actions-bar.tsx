import type { BulkActionName } from '@verdict/contract';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { BulkBarProps } from '@/entities/case/selection';
import { useProjectPermissions } from '@/entities/project/project-permissions';
import { formatCount } from '@/lib/format-number';
import { ACTIONS, mayRun } from '../bulk-text';
import { ActionDialog } from './action-dialog';
import './bulk-actions.css';

/**
 * The bar over a list of cases once one is ticked (docs/product/bulk-actions-screens.md): 'N
 * selected', 'Clear selection' and the actions the person may run, each opening its dialog. After
 * an action the server's message stays under the list's heading (role=status), the lists it
 * changed load again and the selection is cleared.
 */
export function BulkActionsBar({ projectId, selection, count, atLeast = false, onClear }: BulkBarProps) {
  const { can } = useProjectPermissions(projectId);
  const [action, setAction] = useState<BulkActionName | null>(null);
  const [message, setMessage] = useState('');
  const [focusMessage, setFocusMessage] = useState(false);
  const messageRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (!focusMessage) return;
    setFocusMessage(false);
    messageRef.current?.focus();
  }, [focusMessage]);

  // A new selection starts afresh: the last action's message goes.
  useEffect(() => {
    if (count > 0) setMessage('');
  }, [count]);

  const actions = ACTIONS.filter((a) => mayRun(a.name, can));
  return (
    <div className="bulk">
      {count > 0 ? (
        <section className="bulk-bar" aria-label="Bulk actions">
          <p className="bulk-count">{`${atLeast ? 'At least ' : ''}${formatCount(count)} selected`}</p>
          <Button size="sm" variant="ghost" onClick={onClear}>
            Clear selection
          </Button>
          <ul className="bulk-buttons" aria-label="Actions on the selected cases">
            {actions.map((a) => (
              <li key={a.name}>
                <Button
                  size="sm"
                  variant={a.name === 'delete' ? 'danger' : 'secondary'}
                  aria-haspopup="dialog"
                  onClick={() => setAction(a.name)}
                >
                  {a.button}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p ref={messageRef} className="bulk-message" role="status" tabIndex={-1}>
        {message}
      </p>
      {action !== null && count > 0 ? (
        <ActionDialog
          action={action}
          projectId={projectId}
          selection={selection}
          count={count}
          atLeast={atLeast}
          suitesShown={can('home_test_suit')}
          onClose={() => setAction(null)}
          onDone={(text) => {
            setAction(null);
            onClear();
            setMessage(text);
            setFocusMessage(true);
          }}
        />
      ) : null}
    </div>
  );
}
