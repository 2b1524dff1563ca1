import type { CaseStep } from '@verdict/contract';
import type { ReactNode } from 'react';
import { Markdown } from '@/components/ui/markdown';
import './case-steps.css';

interface CaseStepListProps {
  steps: readonly CaseStep[];
  /** What follows a step, e.g. the execution view's state buttons for it. */
  after?: (index: number) => ReactNode;
}

/**
 * A case's steps in order, each its action and expected result as Markdown; shared by the case
 * page and the execution view of a cycle.
 */
export function CaseStepList({ steps, after }: CaseStepListProps) {
  if (steps.length === 0) return <p className="muted">No steps.</p>;
  return (
    <ol className="case-steps">
      {steps.map((step, index) => (
        // Steps have no ids and a list shown here never reorders, so the index is the identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={index} className="case-step">
          <span className="case-step-number" aria-hidden="true">
            {index + 1}
          </span>
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
        </li>
      ))}
    </ol>
  );
}
