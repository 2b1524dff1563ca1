import { CASE_CONTENT_LIMITS, type CaseStep, type CaseStepEntry } from '@verdict/contract';
import { type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/form-field';
import { InsertSharedStepsDialog } from '@/entities/shared-steps/insert-shared-steps-dialog';
import { MakeSharedDialog } from '@/entities/shared-steps/make-shared-dialog';
import { SharedStepsBlock } from '@/entities/shared-steps/shared-steps-block';
import { isReference } from './case-steps';
import { moveStep, replaceSteps } from './step-order';
import './steps-editor.css';

type Part = 'action' | 'expected';

interface StepsEditorProps {
  steps: readonly CaseStepEntry[];
  onChange: (steps: CaseStepEntry[]) => void;
  /** Server errors by body field, e.g. `steps.2.action`, or `steps` for the list as a whole. */
  errors: Readonly<Record<string, string>>;
  /**
   * The project whose shared step sets the steps may use: with it, 'Insert shared steps' and
   * 'Make shared' are offered. Without it (a set's own steps) only written steps are edited.
   */
  sharedStepsOf?: number | null;
}

let nextKey = 0;
const newKey = () => {
  nextKey += 1;
  return nextKey;
};

/**
 * An ordered list of steps: each an Action and an Expected result (Markdown), with buttons to
 * move or remove it, and Alt+ArrowUp / Alt+ArrowDown in either box to move the step, focus
 * following it (docs/decisions/127-rich-case-screens.md). In a case's form a reference to a
 * shared step set shows as one locked block, moved and removed like a step; 'Insert shared
 * steps' adds one after the step last focused (else at the end), and 'Make shared' turns chosen
 * written steps into a new set (docs/product/shared-steps-screens.md).
 */
export function StepsEditor({ steps, onChange, errors, sharedStepsOf }: StepsEditorProps) {
  // Steps have no ids; these keys keep each step's boxes (and what has focus) with it as it moves.
  const [keys, setKeys] = useState<number[]>(() => steps.map(newKey));
  const boxes = useRef(new Map<string, HTMLElement>());
  const [focusNext, setFocusNext] = useState<{ key: number | string; part: Part | 'add' | 'block' } | null>(
    null,
  );
  // The step that last had focus, where 'Insert shared steps' puts the set.
  const [focusedKey, setFocusedKey] = useState<number | null>(null);
  const [dialog, setDialog] = useState<'insert' | 'make-shared' | null>(null);
  const stepKeys = keys.length === steps.length ? keys : steps.map((_, index) => keys[index] ?? newKey());
  const full = steps.length >= CASE_CONTENT_LIMITS.stepsMax;
  const projectId = sharedStepsOf ?? null;

  useEffect(() => {
    if (!focusNext) return;
    boxes.current.get(`${focusNext.key}-${focusNext.part}`)?.focus();
    setFocusNext(null);
  }, [focusNext]);

  const update = (index: number, part: Part, value: string) =>
    onChange(steps.map((step, i) => (i === index ? { ...step, [part]: value } : step)));

  const move = (index: number, by: -1 | 1, part?: Part) => {
    const target = index + by;
    if (target < 0 || target >= steps.length) return;
    onChange(moveStep(steps, index, by));
    setKeys(moveStep(stepKeys, index, by));
    if (part) setFocusNext({ key: stepKeys[index] as number, part });
  };

  const firstPartOf = (index: number) => {
    const step = steps[index];
    return step && isReference(step) ? 'block' : 'action';
  };

  const remove = (index: number) => {
    onChange(steps.filter((_, i) => i !== index));
    setKeys(stepKeys.filter((_, i) => i !== index));
    // The removed step's buttons are gone: focus goes to the step now in its place, else 'Add step'.
    const afterIndex = stepKeys[index + 1] !== undefined ? index + 1 : index - 1;
    const after = stepKeys[afterIndex];
    setFocusNext(
      after === undefined ? { key: 'add', part: 'add' } : { key: after, part: firstPartOf(afterIndex) },
    );
  };

  const add = () => {
    const key = newKey();
    onChange([...steps, { action: '', expected: '' }]);
    setKeys([...stepKeys, key]);
    setFocusNext({ key, part: 'action' });
  };

  const focusedIndex = focusedKey === null ? -1 : stepKeys.indexOf(focusedKey);

  const insert = (sharedStepsId: number) => {
    const at = focusedIndex < 0 ? steps.length : focusedIndex + 1;
    const key = newKey();
    onChange([...steps.slice(0, at), { shared_steps_id: sharedStepsId }, ...steps.slice(at)]);
    setKeys([...stepKeys.slice(0, at), key, ...stepKeys.slice(at)]);
    setDialog(null);
    setFocusNext({ key, part: 'block' });
  };

  const makeShared = (chosen: ReadonlySet<number>, sharedStepsId: number) => {
    const key = newKey();
    onChange(replaceSteps(steps, chosen, { shared_steps_id: sharedStepsId }));
    setKeys(replaceSteps(stepKeys, chosen, key));
    setDialog(null);
    setFocusNext({ key, part: 'block' });
  };

  const onBoxKeyDown = (index: number, part: Part) => (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(index, event.key === 'ArrowUp' ? -1 : 1, part);
  };

  const box = (key: number, part: Part | 'block') => (element: HTMLElement | null) => {
    if (element) boxes.current.set(`${key}-${part}`, element);
    else boxes.current.delete(`${key}-${part}`);
  };

  const written = steps.flatMap((step, index) =>
    isReference(step) ? [] : [{ index, step: step as CaseStep }],
  );

  // A step focused is where a set goes; focus elsewhere in the form forgets it. The dialogs are
  // portals (outside the fieldset in the page, inside it for React's events): their focus counts
  // for nothing.
  const onFocus = (event: FocusEvent<HTMLFieldSetElement>) => {
    const target = event.target as HTMLElement;
    if (!event.currentTarget.contains(target)) return;
    const step = target.closest<HTMLElement>('[data-step-key]');
    if (step) setFocusedKey(Number(step.dataset.stepKey));
    else if (!target.closest('[data-keeps-step-focus]')) setFocusedKey(null);
  };
  const onBlur = (event: FocusEvent<HTMLFieldSetElement>) => {
    const next = event.relatedTarget as HTMLElement | null;
    if (dialog !== null || next?.closest('.modal')) return;
    if (!event.currentTarget.contains(next)) setFocusedKey(null);
  };

  return (
    <fieldset className="steps-editor" onFocus={onFocus} onBlur={onBlur}>
      <legend className="form-label">Steps</legend>
      {errors.steps ? (
        <p className="form-error" role="alert">
          {errors.steps}
        </p>
      ) : null}
      {steps.length === 0 ? <p className="muted">No steps yet.</p> : null}
      <ol className="steps-editor-list">
        {steps.map((step, index) => {
          const key = stepKeys[index] as number;
          const n = index + 1;
          const buttons = (what: string) => (
            <div className="steps-editor-buttons">
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Move ${what} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                ↑ Up
              </Button>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Move ${what} down`}
                disabled={index === steps.length - 1}
                onClick={() => move(index, 1)}
              >
                ↓ Down
              </Button>
              <Button size="sm" variant="ghost" aria-label={`Remove ${what}`} onClick={() => remove(index)}>
                Remove
              </Button>
            </div>
          );
          if (isReference(step)) {
            return (
              <li key={key} className="steps-editor-step" data-step-key={key}>
                <SharedStepsBlock
                  ref={box(key, 'block')}
                  id={step.shared_steps_id}
                  position={n}
                  buttons={buttons}
                />
              </li>
            );
          }
          return (
            <li key={key} className="steps-editor-step" data-step-key={key}>
              <fieldset className="steps-editor-fieldset">
                <legend className="steps-editor-legend">Step {n}</legend>
                <TextAreaField
                  ref={box(key, 'action')}
                  label="Action"
                  rows={2}
                  value={step.action}
                  maxLength={CASE_CONTENT_LIMITS.stepTextMax}
                  error={errors[`steps.${index}.action`]}
                  onChange={(event) => update(index, 'action', event.target.value)}
                  onKeyDown={onBoxKeyDown(index, 'action')}
                />
                <TextAreaField
                  ref={box(key, 'expected')}
                  label="Expected result"
                  rows={2}
                  value={step.expected}
                  maxLength={CASE_CONTENT_LIMITS.stepTextMax}
                  error={errors[`steps.${index}.expected`]}
                  onChange={(event) => update(index, 'expected', event.target.value)}
                  onKeyDown={onBoxKeyDown(index, 'expected')}
                />
                {buttons(`step ${n}`)}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="steps-editor-actions" data-keeps-step-focus>
        <button
          ref={(element) => {
            if (element) boxes.current.set('add-add', element);
          }}
          type="button"
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
          disabled={full}
          onClick={add}
        >
          Add step
        </button>
        {projectId !== null ? (
          <>
            <Button size="sm" variant="secondary" disabled={full} onClick={() => setDialog('insert')}>
              Insert shared steps
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={written.length === 0}
              onClick={() => setDialog('make-shared')}
            >
              Make shared
            </Button>
          </>
        ) : null}
      </div>
      <p className="form-hint">
        Action and Expected result take Markdown. Alt+↑ and Alt+↓ in a step's box move the step.
      </p>
      {projectId !== null && dialog === 'insert' ? (
        <InsertSharedStepsDialog
          projectId={projectId}
          place={focusedIndex < 0 ? 'at the end' : `after step ${focusedIndex + 1}`}
          onInsert={(set) => insert(set.id)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {projectId !== null && dialog === 'make-shared' ? (
        <MakeSharedDialog
          projectId={projectId}
          steps={written}
          onMade={(chosen, set) => makeShared(chosen, set.id)}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </fieldset>
  );
}
