import type { CaseStep, CaseStepEntry, ExpandedStep, TestCaseDetail } from '@verdict/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Markdown } from '@/components/ui/markdown';
import { sharedStepsPaths } from '@/entities/shared-steps/shared-steps-paths';
import './case-steps.css';

/** A step as a case shows it: written in the case, or one of a shared set's (it names the set). */
export type ShownStep = CaseStep | ExpandedStep;

const setOf = (step: ShownStep | undefined) => (step && 'shared_steps' in step ? step.shared_steps : null);

/**
 * The steps a case shows from its (expanded) step list: a reference left unexpanded has nothing
 * to show, so it is left out.
 */
export function shownSteps(steps: TestCaseDetail['steps']): ShownStep[] {
  return steps.filter((step): step is ShownStep => !('shared_steps_id' in step));
}

/** Whether a step list entry is a reference to a shared step set. */
export const isReference = (step: CaseStepEntry | ShownStep): step is { shared_steps_id: number } =>
  'shared_steps_id' in step;

interface CaseStepListProps {
  steps: readonly ShownStep[];
  /** What follows a step, e.g. the execution view's state buttons for it. */
  after?: (index: number) => ReactNode;
}

/**
 * A case's steps in order, each its action and expected result as Markdown; shared by the case
 * page and the execution view of a cycle. Steps of a shared set are numbered as part of the case
 * and marked; the first of each run of one set's steps names the set, linking to its page.
 */
export function CaseStepList({ steps, after }: CaseStepListProps) {
  if (steps.length === 0) return <p className="muted">No steps.</p>;
  return (
    <ol className="case-steps">
      {steps.map((step, index) => {
        const set = setOf(step);
        const opensRun = set !== null && setOf(steps[index - 1])?.id !== set.id;
        return (
          // Steps have no ids and a list shown here never reorders, so the index is the identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className={set ? 'case-step case-step-shared' : 'case-step'}>
            <span className="case-step-number" aria-hidden="true">
              {index + 1}
            </span>
            <div className="case-step-main">
              {opensRun ? (
                <p className="case-step-set">
                  <span className="case-step-set-kind" aria-hidden="true">
                    Shared steps
                  </span>{' '}
                  <Link to={sharedStepsPaths.detail(set.id)} aria-label={`Shared steps: ${set.name}`}>
                    {set.name}
                  </Link>
                </p>
              ) : null}
              <div className="case-step-body">
                <div className="case-step-part">
                  <h3 className="case-step-label">Action</h3>
                  {step.action ? <Markdown text={step.action} /> : <p className="muted">-</p>}
                </div>
                <div className="case-step-part">
                  <h3 className="case-step-label">Expected result</h3>
                  {step.expected ? <Markdown text={step.expected} /> : <p className="muted">-</p>}
                </div>
                {after?.(index)}
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
