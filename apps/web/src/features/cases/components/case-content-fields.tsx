import { CASE_CONTENT_LIMITS, CASE_PRIORITIES, type TestCaseDetail } from '@verdict/contract';
import { SelectField, TextAreaField } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { PRIORITY_LABELS } from '@/entities/case/case-priority';
import { StepsEditor } from '@/entities/case/steps-editor';
import type { FieldErrors } from '@/lib/field-errors';
import { useCaseFields } from '../api/case-fields';
import { fieldValue, type RichContent } from '../case-content';
import { CustomFieldInput } from './custom-field-input';
import { ParametersEditor } from './parameters-editor';
import { TagInput } from './tag-input';
import './case-content.css';

interface CaseContentFieldsProps {
  projectId: number | null | undefined;
  /** The case being edited; null on the add screens. */
  testCase: TestCaseDetail | null;
  content: RichContent;
  onChange: (content: RichContent) => void;
  errors: FieldErrors;
}

const PRIORITY_OPTIONS = CASE_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }));

/** Server errors about one custom field read '{field} {problem}' when several came; keep the problem. */
function customFieldError(errors: FieldErrors, id: number): string | undefined {
  const key = `custom_fields.${id}`;
  const message = errors[key];
  return message?.startsWith(`${key} `) ? message.slice(key.length + 1) : message;
}

/**
 * What the case forms show below Name and Description (docs/product/rich-cases-screens.md):
 * Preconditions, Priority, Tags, Steps, Parameters, then the project's custom fields.
 */
export function CaseContentFields({
  projectId,
  testCase,
  content,
  onChange,
  errors,
}: CaseContentFieldsProps) {
  const fields = useCaseFields(projectId);
  const set = <K extends keyof RichContent>(key: K, value: RichContent[K]) =>
    onChange({ ...content, [key]: value });
  return (
    <>
      <TextAreaField
        label="Preconditions"
        name="preconditions"
        value={content.preconditions}
        maxLength={CASE_CONTENT_LIMITS.preconditionsMax}
        hint="Markdown."
        error={errors.preconditions}
        onChange={(event) => set('preconditions', event.target.value)}
      />
      <SelectField
        label="Priority"
        name="priority"
        value={content.priority}
        options={PRIORITY_OPTIONS}
        error={errors.priority}
        onChange={(event) => set('priority', event.target.value as RichContent['priority'])}
      />
      <TagInput
        projectId={projectId}
        tags={content.tags}
        onChange={(tags) => set('tags', tags)}
        error={errors.tags ?? Object.entries(errors).find(([key]) => key.startsWith('tags.'))?.[1]}
      />
      <StepsEditor
        steps={content.steps}
        onChange={(steps) => set('steps', steps)}
        errors={errors}
        sharedStepsOf={projectId}
      />
      <ParametersEditor
        parameters={content.parameters}
        onChange={(parameters) => set('parameters', parameters)}
        errors={errors}
      />
      {fields.isError ? (
        <LoadFailed what="the custom fields" error={fields.error} onRetry={() => void fields.refetch()} />
      ) : null}
      {fields.data && fields.data.length > 0 ? (
        <fieldset className="custom-fields">
          <legend className="form-label">Custom fields</legend>
          {fields.data.map((field) => (
            <CustomFieldInput
              key={field.id}
              field={field}
              value={fieldValue(content, field, testCase)}
              onChange={(value) =>
                set('custom_fields', { ...content.custom_fields, [String(field.id)]: value })
              }
              error={customFieldError(errors, field.id)}
            />
          ))}
        </fieldset>
      ) : null}
    </>
  );
}
