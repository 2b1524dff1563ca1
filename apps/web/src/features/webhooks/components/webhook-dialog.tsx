import { WEBHOOK_EVENTS, WEBHOOK_FORMATS, type WebhookFormat } from '@verdict/contract';
import { type FormEvent, Fragment, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { CheckboxField, FormActions, InputField, SelectField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { errorText } from '@/lib/api-client';
import { fieldErrorsOf } from '@/lib/field-errors';
import { focusFirstProblem } from '@/lib/focus-heading';
import {
  EVENT_LABELS,
  FORMAT_LABELS,
  validateWebhook,
  type WebhookFormErrors,
  type WebhookFormValues,
} from '../webhook-form-values';

export interface WebhookDialogProps {
  /** Adding a new endpoint (a secret may be given) or changing one. */
  creating: boolean;
  initial: WebhookFormValues;
  busy: boolean;
  /** The server's refusal, shown above the buttons. */
  error: unknown;
  onSubmit: (values: WebhookFormValues) => void;
  onClose: () => void;
}

const FORMAT_OPTIONS = WEBHOOK_FORMATS.map((format) => ({ value: format, label: FORMAT_LABELS[format] }));

/** The add/edit dialog: address, format, events, failures only, active and (adding only) a secret. */
export function WebhookDialog({ creating, initial, busy, error, onSubmit, onClose }: WebhookDialogProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<WebhookFormErrors>({});
  const eventsId = useId();
  const set = <K extends keyof WebhookFormValues>(key: K, value: WebhookFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const takesResults = values.events.includes('result.recorded');
  const formRef = useRef<HTMLFormElement>(null);
  // A refused address (400 naming `url`) shows at the field; anything else above the buttons.
  const refusedUrl = fieldErrorsOf(error).url;
  // A refusal moves focus to the field it names, else to its message: the busy button had it.
  useEffect(() => {
    if (error) focusFirstProblem(formRef.current);
  }, [error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateWebhook(values, creating);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };

  return (
    <Modal
      title={creating ? 'Add Webhook' : 'Edit Webhook'}
      onClose={onClose}
      busy={busy}
      className="webhook-dialog"
    >
      <form ref={formRef} onSubmit={submit} noValidate className="webhook-form">
        <InputField
          label="Payload URL"
          required
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://ci.example.com/verdict-hook"
          value={values.url}
          error={errors.url ?? refusedUrl}
          onChange={(event) => set('url', event.target.value)}
        />
        <SelectField
          label="Format"
          hint="What each delivery holds: Verdict's event JSON, or a message for a chat service's incoming webhook."
          options={FORMAT_OPTIONS}
          value={values.format}
          onChange={(event) => set('format', event.target.value as WebhookFormat)}
        />
        <fieldset
          className="webhook-events"
          aria-describedby={errors.events ? `${eventsId}-error` : undefined}
        >
          <legend>Events</legend>
          {WEBHOOK_EVENTS.map((name) => (
            <Fragment key={name}>
              <CheckboxField
                label={
                  <>
                    {EVENT_LABELS[name]} <code className="webhook-event-name">{name}</code>
                  </>
                }
                checked={values.events.includes(name)}
                onChange={(event) =>
                  set(
                    'events',
                    event.target.checked ? [...values.events, name] : values.events.filter((e) => e !== name),
                  )
                }
              />
              {name === 'result.recorded' ? (
                <CheckboxField
                  className="webhook-failures-only"
                  label="Only failed results"
                  checked={takesResults && values.failuresOnly}
                  disabled={!takesResults}
                  onChange={(event) => set('failuresOnly', event.target.checked)}
                />
              ) : null}
            </Fragment>
          ))}
          {errors.events ? (
            <p className="form-error" id={`${eventsId}-error`}>
              {errors.events}
            </p>
          ) : null}
        </fieldset>
        <CheckboxField
          label="Active"
          checked={values.active}
          onChange={(event) => set('active', event.target.checked)}
        />
        {creating ? (
          <InputField
            label="Secret (optional)"
            autoComplete="off"
            spellCheck={false}
            hint="Leave empty to have a random secret made. It signs every delivery and is shown only once."
            value={values.secret}
            error={errors.secret}
            onChange={(event) => set('secret', event.target.value)}
          />
        ) : null}
        {error && !refusedUrl ? <ErrorBox message={errorText(error, 'Failed to save the webhook')} /> : null}
        <FormActions>
          <Button type="submit" busy={busy}>
            {creating ? 'Add Webhook' : 'Save Webhook'}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
        </FormActions>
      </form>
    </Modal>
  );
}
