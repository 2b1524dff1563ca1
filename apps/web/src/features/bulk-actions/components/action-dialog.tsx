import type { BulkActionName, BulkSelection } from '@verdict/contract';
import { type FormEvent, type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useBulkAction, useBulkPreview } from '../api/bulk-api';
import { ACTIONS, casesText, problemLines } from '../bulk-text';
import type { BodyPart } from './action-part';
import { BulkDialog } from './bulk-dialog';
import { CycleFields } from './cycle-fields';
import { FieldFields } from './field-fields';
import { PreviewLine } from './preview-line';
import { PriorityFields } from './priority-fields';
import { RequirementFields } from './requirement-fields';
import { TagFields } from './tag-fields';
import { TargetFields } from './target-fields';

export interface ActionDialogProps {
  action: BulkActionName;
  projectId: number;
  selection: BulkSelection;
  count: number;
  /** `count` is a lower bound (every match of a search of more than 1,000 cases). */
  atLeast?: boolean;
  /** The person sees the project's suites (home_test_suit): Move and Copy offer them. */
  suitesShown: boolean;
  /** Done: the server's message. */
  onDone: (message: string) => void;
  onClose: () => void;
}

/**
 * One bulk action's dialog (docs/product/bulk-actions-screens.md): its choices, a confirm button,
 * and what the server refused, at the top of the form, until the person changes it or cancels.
 */
export function ActionDialog({
  action,
  projectId,
  selection,
  count,
  atLeast = false,
  suitesShown,
  onDone,
  onClose,
}: ActionDialogProps) {
  const meta = ACTIONS.find((a) => a.name === action) ?? (ACTIONS[0] as (typeof ACTIONS)[number]);
  const run = useBulkAction(projectId);
  const reset = useRef(run.reset);
  reset.current = run.reset;
  const [part, setPart] = useState<BodyPart>(action === 'delete' ? {} : null);
  const [missing, setMissing] = useState<string | null>(null);
  const needsPreview = action === 'delete' || action === 'move' || action === 'copy';
  const preview = useBulkPreview(projectId, selection, needsPreview);
  const problemId = useId();
  const busy = run.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (part === null) {
      setMissing(MISSING[action]);
      return;
    }
    setMissing(null);
    try {
      const answer = await run.mutateAsync({ selection, action, ...part });
      onDone(answer.message);
    } catch {
      // Shown from run.error.
    }
  };

  const problems = missing ? [missing] : run.error ? problemLines(run.error) : [];
  // Stable, as the fields report their part from effects.
  const change = useCallback((next: BodyPart) => {
    setPart(next);
    setMissing(null);
    reset.current();
  }, []);
  const waiting = action === 'delete' && !preview.data;

  return (
    <BulkDialog title={meta.title(casesText(count, 'case', atLeast))} onClose={onClose} busy={busy}>
      <form
        className="bulk-form"
        onSubmit={submit}
        noValidate
        aria-describedby={problems.length > 0 ? problemId : undefined}
      >
        {problems.length > 0 ? (
          <div className="error-box bulk-problems" role="alert" id={problemId}>
            {problems.length === 1 ? (
              <p>{problems[0]}</p>
            ) : (
              <ul>
                {problems.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
        <ActionFields action={action} projectId={projectId} suitesShown={suitesShown} onChange={change} />
        {needsPreview ? <PreviewLine action={action} preview={preview} /> : null}
        <div className="bulk-form-actions">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={action === 'delete' ? 'danger' : 'primary'}
            busy={busy}
            disabled={waiting || preview.isError}
          >
            {busy ? 'Working…' : meta.confirm}
          </Button>
        </div>
      </form>
    </BulkDialog>
  );
}

/** The line that says what is still to choose, when the confirm button is pressed too early. */
const MISSING: Record<BulkActionName, string> = {
  move: 'Choose where the cases go.',
  copy: 'Choose where the copies go.',
  set_priority: 'Choose a priority.',
  tags: 'Name at least one tag to add or remove.',
  set_field: 'Choose a field.',
  add_to_cycle: 'Choose a test cycle.',
  link_requirement: 'Choose a requirement.',
  delete: '',
};

interface FieldsProps {
  action: BulkActionName;
  projectId: number;
  suitesShown: boolean;
  onChange: (part: BodyPart) => void;
}

function ActionFields({ action, projectId, suitesShown, onChange }: FieldsProps): ReactNode {
  switch (action) {
    case 'move':
    case 'copy':
      return <TargetFields projectId={projectId} suitesShown={suitesShown} onChange={onChange} />;
    case 'set_priority':
      return <PriorityFields onChange={onChange} />;
    case 'tags':
      return <TagFields onChange={onChange} />;
    case 'set_field':
      return <FieldFields projectId={projectId} onChange={onChange} />;
    case 'add_to_cycle':
      return <CycleFields projectId={projectId} onChange={onChange} />;
    case 'link_requirement':
      return <RequirementFields projectId={projectId} onChange={onChange} />;
    default:
      return null;
  }
}
