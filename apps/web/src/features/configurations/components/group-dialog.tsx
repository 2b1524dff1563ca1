import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormActions, InputField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { focusFirstProblem } from '@/lib/focus-heading';
import {
  configurationProblem,
  type GroupFormErrors,
  type GroupFormValues,
  serverFieldErrors,
  validateGroup,
} from '../group-form-values';
import { ConfigurationsInput } from './configurations-input';

export interface GroupDialogProps {
  editing: boolean;
  initial: GroupFormValues;
  busy: boolean;
  /** The server's refusal: at its field when it names one, else above the buttons. */
  error: unknown;
  onSubmit: (values: GroupFormValues) => void;
  onClose: () => void;
}

/** New / Edit Configuration Group (docs/product/milestones.md, "The configurations screen"). */
export function GroupDialog({ editing, initial, busy, error, onSubmit, onClose }: GroupDialogProps) {
  const [values, setValues] = useState(initial);
  const [typed, setTyped] = useState('');
  const [errors, setErrors] = useState<GroupFormErrors>({});
  // Each refused submit or add (here or by the server) moves focus to its first problem once drawn.
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const refused = serverFieldErrors(error);

  useEffect(() => {
    if (attempt > 0 || error) focusFirstProblem(formRef.current);
  }, [attempt, error]);

  const setConfigurations = (configurations: string[]) => {
    setValues((current) => ({ ...current, configurations }));
    setErrors((current) => ({ ...current, configurations: undefined }));
  };

  /** The configurations with what is typed added, or null when it cannot join (said at the field). */
  const withTyped = (): string[] | null => {
    const name = typed.trim();
    if (name === '') return values.configurations;
    const problem = configurationProblem(values.configurations, name);
    if (problem) {
      setErrors((current) => ({ ...current, configurations: problem }));
      return null;
    }
    return [...values.configurations, name];
  };

  const add = () => {
    const next = withTyped();
    if (next === null) return;
    setConfigurations(next);
    setTyped('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // A name typed but not yet added is part of what the reader asked for.
    const configurations = withTyped();
    const found = validateGroup(values);
    const invalid = Object.keys(found).length > 0;
    if (invalid) setErrors((current) => ({ ...current, ...found }));
    if (configurations === null || invalid) {
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    setValues((current) => ({ ...current, configurations }));
    setTyped('');
    onSubmit({ ...values, configurations });
  };

  const errorAt = (field: keyof GroupFormValues) => errors[field] ?? refused[field];
  const unplaced = Boolean(error) && Object.keys(refused).length === 0;
  return (
    <Modal
      title={editing ? 'Edit Configuration Group' : 'New Configuration Group'}
      onClose={onClose}
      busy={busy}
      className="configuration-dialog"
    >
      <form ref={formRef} onSubmit={submit} noValidate className="form configuration-form">
        <InputField
          label="Name"
          required
          autoComplete="off"
          hint="What the configurations vary, such as Browser or Operating system."
          value={values.name}
          error={errorAt('name')}
          onChange={(event) => {
            const name = event.target.value;
            setValues((current) => ({ ...current, name }));
            setErrors((current) => ({ ...current, name: undefined }));
          }}
        />
        <ConfigurationsInput
          names={values.configurations}
          typed={typed}
          error={errorAt('configurations')}
          onTyped={(text) => {
            setTyped(text);
            setErrors((current) => ({ ...current, configurations: undefined }));
          }}
          onAdd={add}
          onRemove={(name) => setConfigurations(values.configurations.filter((n) => n !== name))}
        />
        {unplaced ? <ErrorBox message="Failed to save the configuration group" error={error} /> : null}
        <FormActions>
          <Button type="submit" busy={busy}>
            {editing ? 'Save Group' : 'Create Group'}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
        </FormActions>
      </form>
    </Modal>
  );
}
