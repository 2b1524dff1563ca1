import type { CaseField } from '@verdict/contract';
import { CASE_FIELD_LIMITS } from '@verdict/contract';
import { CheckboxField, InputField, SelectField, TextAreaField } from '@/components/ui/form-field';

interface CustomFieldInputProps {
  field: CaseField;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string | undefined;
}

const INPUT_TYPES = { text: 'text', number: 'number', url: 'url', date: 'date' } as const;

/** One control per custom field type; a required field is marked and required by the browser too. */
export function CustomFieldInput({ field, value, onChange, error }: CustomFieldInputProps) {
  const text = typeof value === 'string' ? value : '';
  switch (field.type) {
    case 'textarea':
      return (
        <TextAreaField
          label={field.name}
          value={text}
          required={field.required}
          maxLength={CASE_FIELD_LIMITS.textMax}
          error={error}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'select':
      return (
        <SelectField
          label={field.name}
          value={text}
          required={field.required}
          error={error}
          placeholderOption="-- None --"
          options={field.options.map((option) => ({ value: option, label: option }))}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'multiselect':
      return <MultiselectInput field={field} value={value} onChange={onChange} error={error} />;
    case 'checkbox':
      return (
        <div className={error ? 'form-field has-error' : 'form-field'}>
          <CheckboxField
            label={field.name}
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
          />
          {error ? <p className="form-error">{error}</p> : null}
        </div>
      );
    default:
      return (
        <InputField
          label={field.name}
          type={INPUT_TYPES[field.type]}
          step={field.type === 'number' ? 'any' : undefined}
          value={text}
          required={field.required}
          maxLength={field.type === 'text' || field.type === 'url' ? CASE_FIELD_LIMITS.textMax : undefined}
          placeholder={field.type === 'url' ? 'https://' : undefined}
          error={error}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}

function MultiselectInput({ field, value, onChange, error }: CustomFieldInputProps) {
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  const errorId = `custom-field-${field.id}-error`;
  return (
    <fieldset
      className={error ? 'form-field custom-field-options has-error' : 'form-field custom-field-options'}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="form-label">
        {field.name}
        {field.required ? (
          <span className="form-required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
        {field.required ? <span className="visually-hidden"> (required)</span> : null}
      </legend>
      {field.options.map((option) => (
        <CheckboxField
          key={option}
          label={option}
          checked={chosen.includes(option)}
          onChange={(event) =>
            // Kept in the field's order of options, so versions compare calmly.
            onChange(field.options.filter((o) => (o === option ? event.target.checked : chosen.includes(o))))
          }
        />
      ))}
      {error ? (
        <p className="form-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
