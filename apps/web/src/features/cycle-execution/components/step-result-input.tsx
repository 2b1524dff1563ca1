import type { StepResultState } from '@verdict/contract';
import { LIMITS } from '@verdict/contract';
import { useId } from 'react';
import { STATE_LABELS } from '@/entities/cycle/cycle-states';
import type { StepEntry } from '../step-results';

const STATES: readonly StepResultState[] = ['passed', 'failed', 'blocked', 'skipped'];

interface StepResultInputProps {
  /** 1-based, for the names: 'Step 2 result', 'Step 2 comment'. */
  number: number;
  entry: StepEntry;
  onChange: (entry: StepEntry) => void;
  disabled: boolean;
}

/**
 * One step's result in the execution view: its state as a radio group drawn as buttons (the
 * arrows move within it, as in every radio group) with 'Clear', and an optional comment.
 */
export function StepResultInput({ number, entry, onChange, disabled }: StepResultInputProps) {
  const name = useId();
  return (
    <div className="step-result">
      <fieldset className="step-result-states" disabled={disabled}>
        <legend className="visually-hidden">Step {number} result</legend>
        {STATES.map((state) => (
          <label key={state} className={`step-result-state step-result-${state}`}>
            <input
              type="radio"
              name={name}
              value={state}
              checked={entry.state === state}
              onChange={() => onChange({ ...entry, state })}
            />
            <span>{STATE_LABELS[state]}</span>
          </label>
        ))}
        {entry.state ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={`Clear step ${number} result`}
            onClick={() => onChange({ ...entry, state: null })}
          >
            Clear
          </button>
        ) : null}
      </fieldset>
      <input
        className="input step-result-comment"
        type="text"
        aria-label={`Step ${number} comment`}
        placeholder="Comment (optional)"
        maxLength={LIMITS.descriptionMax}
        disabled={disabled}
        value={entry.comment}
        onChange={(event) => onChange({ ...entry, comment: event.target.value })}
      />
    </div>
  );
}
