import { Button, ButtonLink } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-field';

export interface SubmitActionsProps {
  /** The submit button's text, e.g. 'Create User'. */
  label: string;
  /** Its text while the form submits, e.g. 'Creating...'. */
  busyLabel: string;
  pending: boolean;
  /** Where 'Cancel' goes: the list the form belongs to. */
  cancelTo: string;
}

/** The bottom of every admin form: the submit button (busy while submitting) and 'Cancel'. */
export function SubmitActions({ label, busyLabel, pending, cancelTo }: SubmitActionsProps) {
  return (
    <FormActions>
      <Button type="submit" busy={pending}>
        {pending ? busyLabel : label}
      </Button>
      <ButtonLink to={cancelTo} variant="secondary">
        Cancel
      </ButtonLink>
    </FormActions>
  );
}
