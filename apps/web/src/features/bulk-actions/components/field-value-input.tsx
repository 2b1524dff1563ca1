import type { CaseField } from '@verdict/contract';
import { CheckboxField, InputField, SelectField, TextAreaField } from '@/components/ui/form-field';

const INPUT_TYPES = { text: 'text', number: 'number', url: 'url', date: 'date' } as const;
const CLEARS = 'Leave it empty to clear the field.';

/** The value control of a field's type; empty clears the field. */
export function FieldValueInput({
  field,
  value,
  onChange,
}: {
  field: CaseField;
  value: string | string[];
  onChange: (value: string | string[]) => void;
}) {
  const text = typeof value === 'string' ? value : '';
  const label = `Value of ${field.name}`;
  switch (field.type) {
    case 'textarea':
      return (
        <TextAreaField label={label} value={text} hint={CLEARS} onChange={(e) => onChange(e.target.value)} />
      );
    case 'select':
      return (
        <SelectField
          label={label}
          value={text}
          placeholderOption="-- None (clear) --"
          options={field.options.map((o) => ({ value: o, label: o }))}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'checkbox':
      return (
        <SelectField
          label={label}
          value={text}
          placeholderOption="-- None (clear) --"
          options={[
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ]}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'multiselect': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset className="bulk-fieldset">
          <legend className="form-label">{label}</legend>
          {field.options.map((option) => (
            <CheckboxField
              key={option}
              label={option}
              checked={chosen.includes(option)}
              onChange={(e) =>
                onChange(field.options.filter((o) => (o === option ? e.target.checked : chosen.includes(o))))
              }
            />
          ))}
          <p className="form-hint">None ticked clears the field.</p>
        </fieldset>
      );
    }
    default:
      return (
        <InputField
          label={label}
          type={INPUT_TYPES[field.type]}
          step={field.type === 'number' ? 'any' : undefined}
          value={text}
          hint={CLEARS}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}
