import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { InputField, SelectField, type SelectOption } from '@/components/ui/form-field';
import { hasFilters, NO_FILTERS, type ReportFilterValues } from '../report-filters';

export interface ReportFiltersFormProps {
  /** The filters in the address; the form starts from them (key it by them to reset it). */
  filters: ReportFilterValues;
  testers: readonly SelectOption[];
  /** The Milestone select's choices; null when the caller cannot see milestones (no select). */
  milestones: readonly SelectOption[] | null;
  onApply: (filters: ReportFilterValues) => void;
}

const TO_BEFORE_FROM = 'To must be on or after From.';

/**
 * From, To, Milestone and Tester (docs/product/reports-screens.md, "Filters"): applied together
 * with 'Apply filters' (or Enter), so typing a date does not reload every report per key.
 */
export function ReportFiltersForm({ filters, testers, milestones, onApply }: ReportFiltersFormProps) {
  const [values, setValues] = useState(filters);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<ReportFilterValues>) => setValues((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (values.from !== '' && values.to !== '' && values.to < values.from) {
      setError(TO_BEFORE_FROM);
      return;
    }
    setError(null);
    onApply(values);
  };

  return (
    <form className="report-filters" aria-label="Report filters" onSubmit={submit}>
      <InputField
        label="From"
        type="date"
        value={values.from}
        onChange={(event) => set({ from: event.target.value })}
      />
      <InputField
        label="To"
        type="date"
        value={values.to}
        error={error}
        onChange={(event) => set({ to: event.target.value })}
      />
      {milestones === null ? null : (
        <SelectField
          label="Milestone"
          options={milestones}
          value={values.milestone_id}
          onChange={(event) => set({ milestone_id: event.target.value })}
        />
      )}
      <SelectField
        label="Tester"
        options={testers}
        value={values.tester}
        onChange={(event) => set({ tester: event.target.value })}
      />
      <div className="report-filters-actions">
        <Button type="submit">Apply filters</Button>
        {hasFilters(filters) ? (
          <Button variant="secondary" onClick={() => onApply(NO_FILTERS)}>
            Clear filters
          </Button>
        ) : null}
      </div>
    </form>
  );
}
