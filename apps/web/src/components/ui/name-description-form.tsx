import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { FormActions, InputField, TextAreaField } from '@/components/ui/form-field';
import { fieldErrorsOf } from '@/lib/field-errors';
import { ErrorBox } from './error-box';

export interface NameDescription {
  name: string;
  description: string;
}

export interface NameDescriptionFormProps {
  nameLabel: string;
  descriptionLabel?: string;
  initial?: NameDescription;
  /**
   * For suites and cases the name must be non-empty after trimming, checked by the screen with
   * this message (docs/product/suites.md and docs/product/cases.md, each screen's name check and
   * message). Without it the name is only required browser-level (projects).
   */
  blankNameMessage?: string;
  /** Browser-level required description (create project). */
  descriptionRequired?: boolean;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /**
   * The failure of the last submit (the screen's fixed words), shown in an error box
   * (docs/product/shell-and-navigation.md, "Shared behaviour of screens").
   */
  error?: string | null;
  /** What failed, so the server's reason can follow the message. */
  errorCause?: unknown;
  /** Where 'Cancel' goes. */
  cancelTo: string;
  /** Receives the trimmed name and the description. */
  onSubmit: (value: NameDescription) => void;
  /** More fields below Description (the case forms' content), which the caller keeps. */
  children?: ReactNode;
}

/** The name + description form of the project, suite and case screens. */
export function NameDescriptionForm({
  nameLabel,
  descriptionLabel = 'Description',
  initial = { name: '', description: '' },
  blankNameMessage,
  descriptionRequired = false,
  submitLabel,
  busyLabel,
  busy,
  error,
  errorCause,
  cancelTo,
  onSubmit,
  children,
}: NameDescriptionFormProps) {
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const [nameError, setNameError] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  // A refusal about a field is also shown at it (docs/product/errors-and-keyboard.md, "Forms").
  const serverErrors = fieldErrorsOf(errorCause);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (name.trim() === '') {
      setNameError(blankNameMessage ?? `${nameLabel} is required`);
      nameInput.current?.focus();
      return;
    }
    setNameError(null);
    onSubmit({ name: name.trim(), description });
  };

  return (
    <form className="form" onSubmit={submit}>
      <ErrorBox message={error} error={errorCause} />
      <InputField
        ref={nameInput}
        label={nameLabel}
        name="name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          if (nameError) setNameError(null);
        }}
        error={nameError ?? serverErrors.name}
        // Suites and cases check the trimmed name themselves so their message shows
        // (docs/product/suites.md and docs/product/cases.md, each screen's name check and message).
        required={blankNameMessage === undefined}
        aria-required
        autoComplete="off"
      />
      <TextAreaField
        label={descriptionLabel}
        name="description"
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        required={descriptionRequired}
        error={serverErrors.description}
      />
      {children}
      <FormActions>
        <Button type="submit" busy={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
        <ButtonLink to={cancelTo} variant="secondary">
          Cancel
        </ButtonLink>
      </FormActions>
    </form>
  );
}
