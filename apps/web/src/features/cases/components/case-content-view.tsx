import type { CaseField, TestCaseDetail } from '@verdict/contract';
import { LoadFailed } from '@/components/ui/load-failed';
import { Markdown } from '@/components/ui/markdown';
import { PriorityBadge, TagBadges } from '@/entities/case/case-badges';
import { CaseStepList, shownSteps } from '@/entities/case/case-steps';
import { useCaseFields } from '../api/case-fields';
import { fieldText } from '../case-content';
import { CaseParametersView } from './case-parameters-view';
import './case-content.css';

/** A web address a custom field holds, as a link only when it is http(s). */
function FieldValue({ field, value }: { field: CaseField; value: unknown }) {
  const text = fieldText(field, value);
  if (field.type === 'url' && /^https?:\/\//i.test(text)) {
    return (
      <a href={text} target="_blank" rel="noopener noreferrer">
        {text}
      </a>
    );
  }
  if (field.type === 'textarea') return <span className="case-field-text">{text}</span>;
  return <>{text}</>;
}

/**
 * The case page's content (docs/product/rich-cases-screens.md): priority, tags, the id it had in
 * the tool it was imported from, preconditions and steps (Markdown; `testCase` read with its
 * shared steps expanded), its parameters when it has some, and the project's custom fields with
 * the case's values.
 */
export function CaseContentView({ testCase }: { testCase: TestCaseDetail }) {
  const fields = useCaseFields(testCase.project_id);
  const steps = shownSteps(testCase.steps);
  return (
    <div className="case-content">
      <dl className="case-facts">
        <div>
          <dt>Priority</dt>
          <dd>
            <PriorityBadge priority={testCase.priority} />
          </dd>
        </div>
        <div>
          <dt>Tags</dt>
          <dd>
            {testCase.tags.length === 0 ? (
              <span className="muted">No tags</span>
            ) : (
              <TagBadges tags={testCase.tags} />
            )}
          </dd>
        </div>
        {testCase.source_id ? (
          <div>
            <dt>Source id</dt>
            <dd>{testCase.source_id}</dd>
          </div>
        ) : null}
        {(fields.data ?? []).map((field) => (
          <div key={field.id}>
            <dt>{field.name}</dt>
            <dd>
              <FieldValue field={field} value={testCase.custom_fields[String(field.id)]} />
            </dd>
          </div>
        ))}
      </dl>
      {fields.isError ? (
        <LoadFailed what="the custom fields" error={fields.error} onRetry={() => void fields.refetch()} />
      ) : null}
      <section aria-labelledby="case-preconditions">
        <h2 className="case-section-title" id="case-preconditions">
          Preconditions
        </h2>
        {testCase.preconditions ? (
          <Markdown text={testCase.preconditions} />
        ) : (
          <p className="muted">No preconditions.</p>
        )}
      </section>
      <section aria-labelledby="case-steps">
        <h2 className="case-section-title" id="case-steps">
          Steps ({steps.length})
        </h2>
        <CaseStepList steps={steps} />
      </section>
      {testCase.parameters ? <CaseParametersView parameters={testCase.parameters} /> : null}
    </div>
  );
}
