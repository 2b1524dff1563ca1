import type { ConfigurationGroup } from '@verdict/contract';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { InputField, SelectField, type SelectOption } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { CasePicker } from '@/entities/cycle/case-picker';
import { selectionText } from '@/entities/cycle/case-selection';
import { cyclesWord, type EntryValues, entryCycleCount } from '../plan-entries';
import { ConfigurationMatrix } from './configuration-matrix';

export interface PlanEntryFieldsProps {
  index: number;
  entry: EntryValues;
  projectId: number;
  /** The project's configuration groups; undefined while they load. */
  groups: readonly ConfigurationGroup[] | undefined;
  groupsError: unknown;
  onRetryGroups: () => void;
  assignees: readonly SelectOption[];
  /** Refused here or by the server: shown at the entry. */
  error: string | null;
  onChange: (next: EntryValues) => void;
  /** Absent for a plan's only entry. */
  onRemove?: (() => void) | undefined;
}

/**
 * One entry of New test plan: an optional name, its cases (the cycle form's picker, or all cases),
 * an optional assignee and its configurations, with the number of cycles it makes said live.
 */
export function PlanEntryFields({
  index,
  entry,
  projectId,
  groups,
  groupsError,
  onRetryGroups,
  assignees,
  error,
  onChange,
  onRemove,
}: PlanEntryFieldsProps) {
  const scopeName = useId();
  const errorId = useId();
  const title = `Entry ${index + 1}`;
  const set = <K extends keyof EntryValues>(field: K, value: EntryValues[K]) =>
    onChange({ ...entry, [field]: value });
  const count = groups ? entryCycleCount(entry, groups) : 1;
  return (
    <fieldset
      className={error ? 'plan-entry has-error' : 'plan-entry'}
      aria-describedby={error ? errorId : undefined}
      data-entry={index + 1}
    >
      <legend className="plan-entry-legend">{title}</legend>
      {onRemove ? (
        <Button variant="secondary" size="sm" className="plan-entry-remove" onClick={onRemove}>
          Remove entry {index + 1}
        </Button>
      ) : null}
      {error ? (
        <p className="form-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
      <div className="plan-entry-pair">
        <InputField
          label="Entry name"
          hint="Its cycles take the plan's name when blank"
          autoComplete="off"
          value={entry.name}
          onChange={(event) => set('name', event.target.value)}
        />
        <SelectField
          label="Assignee"
          placeholderOption="Nobody"
          options={assignees}
          value={entry.assignee_id}
          onChange={(event) => set('assignee_id', event.target.value)}
        />
      </div>
      <fieldset className="plan-entry-part">
        <legend className="form-label">Cases</legend>
        <div className="plan-scope">
          <label>
            <input
              type="radio"
              name={scopeName}
              checked={entry.scope === 'chosen'}
              onChange={() => set('scope', 'chosen')}
            />{' '}
            Choose suites and cases
          </label>
          <label>
            <input
              type="radio"
              name={scopeName}
              checked={entry.scope === 'all'}
              onChange={() => set('scope', 'all')}
            />{' '}
            All cases of the project
          </label>
        </div>
        {entry.scope === 'chosen' ? (
          <>
            <p className="form-hint" aria-live="polite">
              {selectionText(entry.selection)}. A suite brings all its cases; a case brings its child cases.
            </p>
            <CasePicker
              projectId={projectId}
              selection={entry.selection}
              onChange={(selection) => set('selection', selection)}
            />
          </>
        ) : null}
      </fieldset>
      <fieldset className="plan-entry-part">
        <legend className="form-label">Configurations</legend>
        {groupsError ? (
          <LoadFailed what="the configurations" error={groupsError} onRetry={onRetryGroups} />
        ) : !groups ? (
          <p className="plan-muted">Loading configurations...</p>
        ) : groups.length === 0 ? (
          <p className="plan-muted">This project has no configurations: the entry makes one test cycle.</p>
        ) : (
          <ConfigurationMatrix
            groups={groups}
            picked={entry.configurationIds}
            onChange={(next) => set('configurationIds', next)}
          />
        )}
      </fieldset>
      <p className="plan-entry-count" aria-live="polite">
        {title} makes {cyclesWord(count)}.
      </p>
    </fieldset>
  );
}
