import { RUN_STATUSES, type RunStatusValue } from '@verdict/contract';
import { SelectField } from '@/components/ui/form-field';

const LABELS: Record<RunStatusValue, string> = { passed: 'Passed', failed: 'Failed' };
const OPTIONS = RUN_STATUSES.map((status) => ({ value: status, label: LABELS[status] }));

export interface RunStatusFieldProps {
  value: RunStatusValue;
  onChange: (value: RunStatusValue) => void;
}

/** The Status select of the run screens: Passed or Failed. */
export function RunStatusField({ value, onChange }: RunStatusFieldProps) {
  return (
    <SelectField
      label="Status"
      name="status"
      options={OPTIONS}
      value={value}
      onChange={(event) => onChange(event.target.value === 'failed' ? 'failed' : 'passed')}
    />
  );
}
