import { ErrorBox } from '@/components/ui/error-box';
import { ApiError } from '@/lib/api-client';
import './admin.css';

export interface UpdateErrorBoxProps {
  /** SPEC §8's text, e.g. 'Failed to update user.'. */
  text: string;
  error: unknown;
}

/**
 * SPEC §8 words a failed user or sub-user update as one fixed sentence; the server's own
 * message (a clash, a refused deactivation) follows it, so the user learns what to change.
 */
export function UpdateErrorBox({ text, error }: UpdateErrorBoxProps) {
  if (!error) return null;
  const detail = error instanceof ApiError ? error.serverMessage : undefined;
  return <ErrorBox message={text}>{detail ? <p className="admin-error-detail">{detail}</p> : null}</ErrorBox>;
}
