import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';

/**
 * Labelled form controls. Every control gets a real `<label htmlFor>`, and its error is tied to
 * it with aria-describedby. They accept all native props, including `ref`, so
 * react-hook-form's `{...register('name')}` spreads straight in.
 */

interface FieldFrameProps {
  label: ReactNode;
  /** Validation message under the control; marks the control aria-invalid. */
  error?: string | null;
  /** Help text under the control. */
  hint?: ReactNode;
  /**
   * Marks the field required: an asterisk after the label, hidden from assistive technology,
   * which hears `required`/`aria-required` on the control instead. The asterisk sits outside the
   * `<label>`, so the label's text and the control's accessible name stay exactly the label.
   */
  required?: boolean | undefined;
}

/** Props a custom control must spread to be labelled and described by the field. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

export interface FormFieldProps extends FieldFrameProps {
  /** Use a given id instead of a generated one. */
  id?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** The generic frame: label, any control (render prop), hint and error. */
export function FormField({ label, error, hint, id, required, children }: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'form-field has-error' : 'form-field'}>
      {required ? (
        <div className="form-label-row">
          <FieldLabel htmlFor={controlId} label={label} />
          <span className="form-required" aria-hidden="true">
            *
          </span>
        </div>
      ) : (
        <FieldLabel htmlFor={controlId} label={label} />
      )}
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required ? true : undefined,
      })}
      {hint ? (
        <p className="form-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="form-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function FieldLabel({ htmlFor, label }: { htmlFor: string; label: ReactNode }) {
  return (
    <label className="form-label" htmlFor={htmlFor}>
      {label}
    </label>
  );
}

/** True when a native control's props make it required, either way of saying so. */
function isRequired(props: { required?: boolean | undefined; 'aria-required'?: unknown }): boolean {
  const aria = props['aria-required'];
  return props.required === true || aria === true || aria === 'true';
}

export type InputFieldProps = FieldFrameProps & ComponentPropsWithRef<'input'>;

export function InputField({ label, error, hint, id, className, ...input }: InputFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} id={id} required={isRequired(input)}>
      {(control) => <input className={className ? `input ${className}` : 'input'} {...control} {...input} />}
    </FormField>
  );
}

export type TextAreaFieldProps = FieldFrameProps & ComponentPropsWithRef<'textarea'>;

export function TextAreaField({ label, error, hint, id, className, ...rest }: TextAreaFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} id={id} required={isRequired(rest)}>
      {(control) => (
        <textarea
          className={className ? `input textarea ${className}` : 'input textarea'}
          rows={4}
          {...control}
          {...rest}
        />
      )}
    </FormField>
  );
}

export interface SelectOption {
  value: string | number;
  label: string;
}

export type SelectFieldProps = FieldFrameProps &
  ComponentPropsWithRef<'select'> & {
    options: readonly SelectOption[];
    /** A first option with an empty value, e.g. '-- Select Role --'. */
    placeholderOption?: string;
  };

export function SelectField({
  label,
  error,
  hint,
  id,
  className,
  options,
  placeholderOption,
  ...select
}: SelectFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} id={id} required={isRequired(select)}>
      {(control) => (
        <select className={className ? `input ${className}` : 'input'} {...control} {...select}>
          {placeholderOption !== undefined ? <option value="">{placeholderOption}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

export type CheckboxFieldProps = Omit<ComponentPropsWithRef<'input'>, 'type'> & {
  label: ReactNode;
};

/** A checkbox with its label on the right, e.g. 'Remember Me'. */
export function CheckboxField({ label, id, className, ...input }: CheckboxFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  return (
    <div className={className ? `checkbox-field ${className}` : 'checkbox-field'}>
      <input type="checkbox" id={controlId} {...input} />
      <label htmlFor={controlId}>{label}</label>
    </div>
  );
}

/** The row of buttons at the bottom of a form. */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className="form-actions">{children}</div>;
}
