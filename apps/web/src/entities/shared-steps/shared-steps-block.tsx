import type { ReactNode, Ref } from 'react';
import { isNotFound } from '@/components/ui/load-failed';
import { useSharedSteps } from './shared-steps-api';
import './shared-steps.css';

interface SharedStepsBlockProps {
  /** The block itself, for focus after it is inserted or moved. */
  ref?: Ref<HTMLFieldSetElement>;
  id: number;
  /** Its place in the step list (1-based). */
  position: number;
  /** The move and remove buttons, named after the set. */
  buttons: (what: string) => ReactNode;
}

/**
 * A reference to a shared step set in a case's step form: one locked block with the set's name
 * and its steps as the set holds them now; edited on the set's page, moved and removed here.
 */
export function SharedStepsBlock({ ref, id, position, buttons }: SharedStepsBlockProps) {
  const set = useSharedSteps(id);
  const name = set.data?.name ?? `#${id}`;
  const title = `Shared steps ${name}`;
  return (
    <fieldset ref={ref} tabIndex={-1} className="shared-steps-block">
      <legend className="shared-steps-block-title">
        Step {position}: <span className="shared-steps-block-kind">Shared steps</span> <strong>{name}</strong>
      </legend>
      {set.data ? (
        <p className="muted shared-steps-block-note">
          {set.data.steps.length} {set.data.steps.length === 1 ? 'step' : 'steps'}, edited on the set's own
          page
        </p>
      ) : null}
      {set.isError ? (
        <p className="form-error">
          {isNotFound(set.error)
            ? 'These shared steps no longer exist; remove them.'
            : 'Failed to load these shared steps.'}
        </p>
      ) : !set.data ? (
        <p className="muted">Loading shared steps...</p>
      ) : (
        <ol className="shared-steps-block-steps">
          {set.data.steps.map((step, index) => (
            // A set's steps are shown, never reordered here: the index is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index}>
              {step.action || '-'}
              {step.expected ? <span className="muted"> → {step.expected}</span> : null}
            </li>
          ))}
        </ol>
      )}
      {buttons(title)}
    </fieldset>
  );
}
