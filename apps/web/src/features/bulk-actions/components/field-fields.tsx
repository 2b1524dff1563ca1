import type { CaseField } from '@verdict/contract';
import { useState } from 'react';
import { SelectField } from '@/components/ui/form-field';
import { Loading } from '@/components/ui/loading';
import { useFields } from '../api/bulk-api';
import { fieldValueBody, problemLines } from '../bulk-text';
import type { BodyPart } from './action-part';
import { FieldValueInput } from './field-value-input';

/** Set field: one of the project's custom fields and its new value. */
export function FieldFields({
  projectId,
  onChange,
}: {
  projectId: number;
  onChange: (part: BodyPart) => void;
}) {
  const fields = useFields(projectId, true);
  const [fieldId, setFieldId] = useState('');
  const [value, setValue] = useState<string | string[]>('');
  const field = fields.data?.find((f) => String(f.id) === fieldId);
  const update = (next: CaseField | undefined, nextValue: string | string[]) => {
    setValue(nextValue);
    onChange(next ? { field_id: next.id, value: fieldValueBody(next, nextValue) } : null);
  };
  if (fields.isError) return <p className="form-error">{problemLines(fields.error).join(' ')}</p>;
  if (!fields.data) return <Loading text="Loading fields..." />;
  if (fields.data.length === 0) return <p className="bulk-hint">This project has no custom fields.</p>;
  return (
    <>
      <SelectField
        label="Field"
        value={fieldId}
        placeholderOption="-- Choose --"
        options={fields.data.map((f) => ({ value: String(f.id), label: f.name }))}
        onChange={(event) => {
          setFieldId(event.target.value);
          const next = fields.data?.find((f) => String(f.id) === event.target.value);
          update(next, next?.type === 'multiselect' ? [] : '');
        }}
      />
      {field ? (
        <FieldValueInput field={field} value={value} onChange={(next) => update(field, next)} />
      ) : null}
    </>
  );
}
