import { CASE_PRIORITIES, type CasePriority } from '@verdict/contract';
import { useState } from 'react';
import { SelectField } from '@/components/ui/form-field';
import { PRIORITY_LABELS } from '@/entities/case/case-priority';
import type { BodyPart } from './action-part';

/** Set priority: one priority for every selected case. */
export function PriorityFields({ onChange }: { onChange: (part: BodyPart) => void }) {
  const [priority, setPriority] = useState('');
  return (
    <SelectField
      label="Priority"
      value={priority}
      placeholderOption="-- Choose --"
      options={CASE_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
      onChange={(event) => {
        setPriority(event.target.value);
        onChange(event.target.value === '' ? null : { priority: event.target.value as CasePriority });
      }}
    />
  );
}
