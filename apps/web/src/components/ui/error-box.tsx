import type { ReactNode } from 'react';
import { withWarningSign } from '@/lib/warning-sign';

export interface ErrorBoxProps {
  /** The message; nothing renders while it is empty. The '⚠️ ' prefix is added once. */
  message: string | null | undefined;
  /** Optional extra content under the message, e.g. a retry button. */
  children?: ReactNode;
}

/** SPEC §8: an error box, prefixed with a warning sign, announced to screen readers. */
export function ErrorBox({ message, children }: ErrorBoxProps) {
  if (!message) return null;
  return (
    <div className="error-box" role="alert">
      <p>{withWarningSign(message)}</p>
      {children}
    </div>
  );
}
