import type { SharedSteps } from '@verdict/contract';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { Modal } from '@/components/ui/modal';
import { formatCount } from '@/lib/format-number';
import { useSharedStepsList } from './shared-steps-api';
import './shared-steps.css';

/** Sets the dialog lists for what was typed. */
const CHOICES = 25;

interface InsertSharedStepsDialogProps {
  projectId: number;
  /** Where the set goes, in words: 'at the end', 'after step 2'. */
  place: string;
  onInsert: (set: SharedSteps) => void;
  onClose: () => void;
}

/** 'Insert shared steps': the project's sets by name, searched as one types; Insert adds one. */
export function InsertSharedStepsDialog({
  projectId,
  place,
  onInsert,
  onClose,
}: InsertSharedStepsDialogProps) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  // The search waits for a pause in typing, so each key is not a call.
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(text.trim()), 250);
    return () => window.clearTimeout(timer);
  }, [text]);
  const list = useSharedStepsList(projectId, q, 0, CHOICES);
  const items = list.data?.items ?? [];

  return (
    <Modal title="Insert shared steps" onClose={onClose} className="shared-steps-dialog">
      <div className="form">
        <InputField
          label="Search shared steps"
          type="search"
          autoComplete="off"
          hint={`The set goes ${place}.`}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {list.isError ? (
          <LoadFailed what="the shared steps" error={list.error} onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <p className="muted">Loading shared steps...</p>
        ) : items.length === 0 ? (
          <p className="muted">
            {q === ''
              ? 'No shared steps yet. Make shared turns written steps into a set.'
              : 'No shared steps match.'}
          </p>
        ) : (
          <ul className="shared-steps-choices" aria-label="Shared steps">
            {items.map((set) => (
              <li key={set.id} className="shared-steps-choice">
                <span>
                  <strong>{set.name}</strong>{' '}
                  <span className="muted">
                    {formatCount(set.steps.length)} {set.steps.length === 1 ? 'step' : 'steps'}, used by{' '}
                    {formatCount(set.case_count)} {set.case_count === 1 ? 'case' : 'cases'}
                  </span>
                </span>
                <Button size="sm" aria-label={`Insert ${set.name}`} onClick={() => onInsert(set)}>
                  Insert
                </Button>
              </li>
            ))}
          </ul>
        )}
        {list.data && list.data.total > items.length ? (
          <p className="form-hint">
            Showing {formatCount(items.length)} of {formatCount(list.data.total)}; type to narrow.
          </p>
        ) : null}
        <div className="modal-actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </div>
    </Modal>
  );
}
