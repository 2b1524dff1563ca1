import { ErrorBox } from '@/components/ui/error-box';
import { ApiError } from '@/lib/api-client';
import './projects.css';

export interface FailureBoxProps {
  /** SPEC §8's fixed words for this failure, e.g. 'Failed to add user'. */
  message: string | null | undefined;
  /** The failure itself: the server's explanation, when it gave one, shows under the message. */
  error?: unknown;
}

/**
 * SPEC §8 gives a fixed text for most project, suite and case failures; the server's reason
 * ('That user is already a member of this project') helps the user fix it, so it follows.
 */
export function FailureBox({ message, error }: FailureBoxProps) {
  const detail = error instanceof ApiError ? error.serverMessage : undefined;
  return (
    <ErrorBox message={message}>
      {detail && detail !== message ? <p className="error-box-detail">{detail}</p> : null}
    </ErrorBox>
  );
}
