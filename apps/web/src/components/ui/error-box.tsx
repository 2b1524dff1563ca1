import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';
import { withWarningSign } from '@/lib/warning-sign';

export interface ErrorBoxProps {
  /** The message; nothing renders while it is empty. The '⚠️ ' prefix is added once. */
  message: string | null | undefined;
  /**
   * The failure behind the message. Each screen has fixed words for most failures ('Failed to
   * add user'); the server's reason ('That user is already a member of this project') helps
   * the user fix it, so it follows the message when it says something more.
   * docs/product/shell-and-navigation.md, "Shared behaviour of screens"; each screen's fixed words
   * are on its page.
   */
  error?: unknown;
  /** Optional extra content under the message, e.g. a retry button. */
  children?: ReactNode;
}

/**
 * An error box, prefixed with a warning sign, announced to screen readers
 * (docs/product/shell-and-navigation.md, "Shared behaviour of screens").
 */
export function ErrorBox({ message, error, children }: ErrorBoxProps) {
  if (!message) return null;
  const detail = error instanceof ApiError ? error.serverMessage : undefined;
  return (
    <div className="error-box" role="alert">
      <p>{withWarningSign(message)}</p>
      {detail && detail !== message ? <p className="error-box-detail">{detail}</p> : null}
      {children}
    </div>
  );
}
