import { ApiError } from '@/lib/api-client';
import { ErrorBox } from './error-box';

/** The sentence that names what is missing (docs/product/errors-and-keyboard.md, "No access"). */
export function accessText(permission: string): string {
  return `You need the ${permission} permission to see this page.`;
}

export interface AccessDeniedProps {
  /** The permission the user lacks, e.g. 'manage_admin_panel'. */
  permission: string;
  /** A screen's own fixed failure words, kept above the access sentence. */
  message?: string;
}

/**
 * What a screen shows instead of its content when the user lacks the permission it needs,
 * rather than zeros or an empty list (docs/product/errors-and-keyboard.md, "No access").
 */
export function AccessDenied({ permission, message }: AccessDeniedProps) {
  if (!message) return <ErrorBox message={accessText(permission)} />;
  return (
    <ErrorBox message={message}>
      <p className="error-box-detail">{accessText(permission)}</p>
    </ErrorBox>
  );
}

const REFUSAL = /^You do not have the permission "([^"]+)"/;

/**
 * The permission a 403 answer names ('You do not have the permission "{name}"', see
 * docs/product/README.md, "Errors"), or null for any other failure.
 */
export function missingPermission(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  return REFUSAL.exec(error.serverMessage ?? '')?.[1] ?? null;
}
