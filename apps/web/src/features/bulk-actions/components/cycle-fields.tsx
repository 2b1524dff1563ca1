import { useState } from 'react';
import { SelectField } from '@/components/ui/form-field';
import { Loading } from '@/components/ui/loading';
import { useProjectCycles } from '@/entities/cycle/cycle-api';
import { problemLines } from '../bulk-text';
import type { BodyPart } from './action-part';

/** Add to cycle: one of the project's open test cycles. */
export function CycleFields({
  projectId,
  onChange,
}: {
  projectId: number;
  onChange: (part: BodyPart) => void;
}) {
  const cycles = useProjectCycles(projectId);
  const [cycleId, setCycleId] = useState('');
  if (cycles.isError) return <p className="form-error">{problemLines(cycles.error).join(' ')}</p>;
  if (!cycles.data) return <Loading text="Loading test cycles..." />;
  const open = cycles.data.filter((cycle) => cycle.state === 'open');
  if (open.length === 0) return <p className="bulk-hint">This project has no open test cycles.</p>;
  return (
    <SelectField
      label="Test cycle"
      value={cycleId}
      placeholderOption="-- Choose --"
      options={open.map((cycle) => ({ value: String(cycle.id), label: cycle.name }))}
      hint="Cases already in it are left as they are."
      onChange={(event) => {
        setCycleId(event.target.value);
        onChange(event.target.value === '' ? null : { cycle_id: Number(event.target.value) });
      }}
    />
  );
}
