// No router here: the sign-in screen uses Button and loads without the router (main.tsx).
import type { ButtonHTMLAttributes, Ref } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'success' | 'ghost';
export type ButtonSize = 'md' | 'sm';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function buttonClass({ variant = 'primary', size = 'md' }: StyleProps, extra?: string) {
  return ['btn', `btn-${variant}`, size === 'sm' ? 'btn-sm' : '', extra ?? ''].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, StyleProps {
  /** Disables the button and marks it aria-busy; pass the busy text as children yourself. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A styled `<button>`; `type` defaults to 'button' so only explicit submit buttons submit. */
export function Button({ variant, size, busy, className, type, disabled, ...rest }: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={buttonClass({ variant, size }, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    />
  );
}
