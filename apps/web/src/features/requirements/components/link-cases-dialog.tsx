import type { RequirementDetail } from '@verdict/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormActions, InputField } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Modal } from '@/components/ui/modal';
import { formatCount } from '@/lib/format-number';
import { useCaseChoices } from '../api/requirements';

export interface LinkCasesDialogProps {
  requirement: RequirementDetail;
  busy: boolean;
  error: unknown;
  /** The chosen cases' ids, to be added to its links. */
  onLink: (caseIds: number[]) => void;
  onClose: () => void;
}

/**
 * Link cases: a search of the project's cases (words of a name, or the search language:
 * tag:smoke, suite:Payments) with a checkbox by each match; the chosen ones, across searches, are
 * added to the requirement's links. Cases already linked show checked and locked.
 */
export function LinkCasesDialog({ requirement, busy, error, onLink, onClose }: LinkCasesDialogProps) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [missing, setMissing] = useState(false);
  const name = useId();
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [text]);
  const choices = useCaseChoices(requirement.project_id, query);
  const linked = new Set(requirement.cases.map((testCase) => testCase.id));
  const toggle = (id: number) => {
    setMissing(false);
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (chosen.size === 0) {
      setMissing(true);
      return;
    }
    onLink([...chosen]);
  };
  const count = chosen.size;
  return (
    <Modal
      title={`Link cases to ${requirement.key}`}
      onClose={onClose}
      busy={busy}
      className="requirement-dialog"
    >
      <form onSubmit={submit} noValidate className="form">
        <InputField
          label="Find cases"
          type="search"
          hint="Words of a name, or the search language (tag:smoke, suite:Payments)."
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {query === '' ? null : choices.isError ? (
          <LoadFailed what="the cases" error={choices.error} onRetry={() => void choices.refetch()} />
        ) : !choices.data ? (
          <Loading text="Searching..." />
        ) : choices.data.items.length === 0 ? (
          <p role="status">No cases match.</p>
        ) : (
          <fieldset className="requirement-picker-choices">
            <legend className="visually-hidden">Cases</legend>
            {choices.data.items.map((hit) => {
              const above = [...(hit.suite_name === null ? [] : [hit.suite_name]), ...hit.ancestors];
              const already = linked.has(hit.id);
              return (
                <div key={hit.id} className="checkbox-field">
                  <input
                    type="checkbox"
                    id={`${name}-${hit.id}`}
                    checked={already || chosen.has(hit.id)}
                    disabled={already}
                    onChange={() => toggle(hit.id)}
                  />
                  <label htmlFor={`${name}-${hit.id}`}>
                    {above.length > 0 ? <span className="muted">{`${above.join(' › ')} › `}</span> : null}
                    {hit.name}
                    {already ? ' (linked)' : ''}
                  </label>
                </div>
              );
            })}
          </fieldset>
        )}
        <p aria-live="polite">
          {count === 0
            ? 'No cases chosen.'
            : `${formatCount(count)} ${count === 1 ? 'case' : 'cases'} chosen.`}
        </p>
        {missing ? (
          <p className="form-error" role="alert">
            Choose at least one case.
          </p>
        ) : null}
        {error ? <ErrorBox message="Failed to link the cases" error={error} /> : null}
        <FormActions>
          <Button type="submit" busy={busy}>
            {count === 0 ? 'Link cases' : `Link ${formatCount(count)} ${count === 1 ? 'case' : 'cases'}`}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
        </FormActions>
      </form>
    </Modal>
  );
}
