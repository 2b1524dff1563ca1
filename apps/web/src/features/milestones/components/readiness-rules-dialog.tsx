import type { ReadinessRules } from '@verdict/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { CheckboxField, FormActions, InputField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { focusFirstProblem } from '@/lib/focus-heading';

interface RulesValues {
  max_untested: string;
  min_pass_rate: string;
  no_new_failures: boolean;
  no_open_defects: boolean;
  max_unmet_requirements: string;
}
type RulesErrors = Partial<Record<'max_untested' | 'min_pass_rate' | 'max_unmet_requirements', string>>;

const valuesOf = (rules: ReadinessRules): RulesValues => ({
  max_untested: rules.max_untested === null ? '' : String(rules.max_untested),
  min_pass_rate: rules.min_pass_rate === null ? '' : String(rules.min_pass_rate),
  no_new_failures: rules.no_new_failures,
  no_open_defects: rules.no_open_defects,
  max_unmet_requirements:
    rules.max_unmet_requirements === undefined || rules.max_unmet_requirements === null
      ? ''
      : String(rules.max_unmet_requirements),
});

/** The rules the values say, or the errors at their fields; a blank number turns its rule off. */
export function rulesOf(values: RulesValues): { rules?: ReadinessRules; errors: RulesErrors } {
  const errors: RulesErrors = {};
  const untested = values.max_untested.trim();
  const rate = values.min_pass_rate.trim();
  const unmet = values.max_unmet_requirements.trim();
  if (untested !== '' && !/^\d{1,9}$/.test(untested)) errors.max_untested = 'Give a whole number, 0 or more';
  if (unmet !== '' && !/^\d{1,9}$/.test(unmet))
    errors.max_unmet_requirements = 'Give a whole number, 0 or more';
  if (rate !== '' && !(/^\d+(\.\d+)?$/.test(rate) && Number(rate) <= 100))
    errors.min_pass_rate = 'Give a percentage from 0 to 100';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    rules: {
      max_untested: untested === '' ? null : Number(untested),
      min_pass_rate: rate === '' ? null : Number(rate),
      no_new_failures: values.no_new_failures,
      no_open_defects: values.no_open_defects,
      max_unmet_requirements: unmet === '' ? null : Number(unmet),
    },
  };
}

export interface ReadinessRulesDialogProps {
  rules: ReadinessRules;
  busy: boolean;
  error: unknown;
  onSubmit: (rules: ReadinessRules) => void;
  onClose: () => void;
}

/** Edit Readiness Rules (docs/product/milestones.md, "Readiness"). */
export function ReadinessRulesDialog({ rules, busy, error, onSubmit, onClose }: ReadinessRulesDialogProps) {
  const [values, setValues] = useState(() => valuesOf(rules));
  const [errors, setErrors] = useState<RulesErrors>({});
  // Each refused submit moves focus to its first problem once drawn.
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (attempt > 0 || error) focusFirstProblem(formRef.current);
  }, [attempt, error]);
  const set = <K extends keyof RulesValues>(key: K, value: RulesValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = rulesOf(values);
    setErrors(checked.errors);
    if (checked.rules) onSubmit(checked.rules);
    else setAttempt((n) => n + 1);
  };
  return (
    <Modal title="Edit Readiness Rules" onClose={onClose} busy={busy} className="milestone-dialog">
      <form ref={formRef} onSubmit={submit} noValidate className="form">
        <InputField
          label="Untested items, at most"
          hint="Untested and to retest, over all its test cycles. Leave blank for no limit."
          inputMode="numeric"
          autoComplete="off"
          value={values.max_untested}
          error={errors.max_untested}
          onChange={(event) => set('max_untested', event.target.value)}
        />
        <InputField
          label="Pass rate per configuration, at least (%)"
          hint="Passed ÷ executed, for each configuration's test cycles. Leave blank for no minimum."
          inputMode="decimal"
          autoComplete="off"
          value={values.min_pass_rate}
          error={errors.min_pass_rate}
          onChange={(event) => set('min_pass_rate', event.target.value)}
        />
        <CheckboxField
          label="No new or still-failing failure in the latest import of its CI branch"
          checked={values.no_new_failures}
          onChange={(event) => set('no_new_failures', event.target.checked)}
        />
        <CheckboxField
          label="No defect linked to a failed result"
          checked={values.no_open_defects}
          onChange={(event) => set('no_open_defects', event.target.checked)}
        />
        <InputField
          label="Approved requirements not passing, at most"
          hint="Approved requirements whose coverage within the milestone is not passing. Leave blank for no limit."
          inputMode="numeric"
          autoComplete="off"
          value={values.max_unmet_requirements}
          error={errors.max_unmet_requirements}
          onChange={(event) => set('max_unmet_requirements', event.target.value)}
        />
        {error ? <ErrorBox message="Failed to save the readiness rules" error={error} /> : null}
        <FormActions>
          <Button type="submit" busy={busy}>
            Save Rules
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
        </FormActions>
      </form>
    </Modal>
  );
}
