import type { CaseStep } from '@verdict/contract';
import { CASE_CONTENT_LIMITS } from '@verdict/contract';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/form-field';
import { moveStep } from '../case-content';

type Part = 'action' | 'expected';

interface StepsEditorProps {
  steps: CaseStep[];
  onChange: (steps: CaseStep[]) => void;
  /** Server errors by body field, e.g. `steps.2.action`. */
  errors: Readonly<Record<string, string>>;
}

let nextKey = 0;
const newKey = () => {
  nextKey += 1;
  return nextKey;
};

/**
 * The case forms' ordered steps: each an Action and an Expected result (Markdown), with buttons to
 * move or remove it, and Alt+ArrowUp / Alt+ArrowDown in either box to move the step, focus
 * following it (docs/decisions/127-rich-case-screens.md).
 */
export function StepsEditor({ steps, onChange, errors }: StepsEditorProps) {
  // Steps have no ids; these keys keep each step's boxes (and what has focus) with it as it moves.
  const [keys, setKeys] = useState<number[]>(() => steps.map(newKey));
  const boxes = useRef(new Map<string, HTMLElement>());
  const [focusNext, setFocusNext] = useState<{ key: number | string; part: Part | 'add' } | null>(null);
  const stepKeys = keys.length === steps.length ? keys : steps.map((_, index) => keys[index] ?? newKey());

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

  const remove = (index: number) => {
    onChange(steps.filter((_, i) => i !== index));
    setKeys(stepKeys.filter((_, i) => i !== index));
    // The removed step's buttons are gone: focus goes to the step now in its place, else 'Add step'.
    const after = stepKeys[index + 1] ?? stepKeys[index - 1];
    setFocusNext(after === undefined ? { key: 'add', part: 'add' } : { key: after, part: 'action' });
  };

  const add = () => {
    const key = newKey();
    onChange([...steps, { action: '', expected: '' }]);
    setKeys([...stepKeys, key]);
    setFocusNext({ key, part: 'action' });
  };

  const onBoxKeyDown = (index: number, part: Part) => (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(index, event.key === 'ArrowUp' ? -1 : 1, part);
  };

  const box = (key: number, part: Part) => (element: HTMLTextAreaElement | null) => {
    if (element) boxes.current.set(`${key}-${part}`, element);
    else boxes.current.delete(`${key}-${part}`);
  };

  return (
    <fieldset className="steps-editor">
      <legend className="form-label">Steps</legend>
      {steps.length === 0 ? <p className="muted">No steps yet.</p> : null}
      <ol className="steps-editor-list">
        {steps.map((step, index) => {
          const key = stepKeys[index] as number;
          const n = index + 1;
          return (
            <li key={key} className="steps-editor-step">
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
                <div className="steps-editor-buttons">
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Move step ${n} up`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    ↑ Up
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Move step ${n} down`}
                    disabled={index === steps.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    ↓ Down
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove step ${n}`}
                    onClick={() => remove(index)}
                  >
                    Remove
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button
        ref={(element) => {
          if (element) boxes.current.set('add-add', element);
        }}
        type="button"
        className={buttonClass({ variant: 'secondary', size: 'sm' })}
        disabled={steps.length >= CASE_CONTENT_LIMITS.stepsMax}
        onClick={add}
      >
        Add step
      </button>
      <p className="form-hint">
        Action and Expected result take Markdown. Alt+↑ and Alt+↓ in a step's box move the step.
      </p>
    </fieldset>
  );
}
