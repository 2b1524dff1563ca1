// No TypeBox here: the web's first load imports these and should not carry the schema library.

/**
 * The machine-readable `code` of every error answer (docs/product/README.md, "Errors"). Screens
 * and scripts switch on the code; the `message` beside it is for people and may be reworded. A
 * code, once answered, keeps its meaning; new ones are added at the end of their group.
 */
export const ERROR_CODES = [
  // Any route, by what went wrong.
  'invalid_request',
  'invalid_json',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'unsupported_media_type',
  'rate_limited',
  'unavailable',
  'internal',
  'already_exists',
  'in_use',
  'method_not_allowed',
  // Who may do what.
  'permission_missing',
  'grant_not_held',
  'administrator_role_required',
  'session_required',
  'loopback_only',
  // Signing in and the account.
  'credentials_wrong',
  'account_inactive',
  'password_sign_in_off',
  'current_password_wrong',
  'totp_setup_required',
  'totp_code_required',
  'totp_code_wrong',
  'totp_already_on',
  'totp_not_on',
  'totp_required_for_admins',
  'totp_setup_not_started',
  'totp_setup_changed',
  'sign_on_refused',
  'mail_off',
  'password_reset_invalid',
  'password_reset_used',
  'password_reset_expired',
  // The objects.
  'name_taken',
  'already_member',
  'built_in',
  'self_action',
  'limit_reached',
  'already_linked',
  'cycle_closed',
  'selection_empty',
  'nothing_selected',
  'undo_window_passed',
  'not_latest_result',
  'not_your_result',
  'imported_cycle_result',
  'milestone_too_deep',
  'merge_same_case',
  'merge_across_projects',
  'merge_has_children',
  'not_your_comment',
  'not_an_import',
  'not_your_import',
  'unsubscribe_link_invalid',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Whether a value is one of the codes. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return (ERROR_CODES as readonly unknown[]).includes(value);
}

/**
 * Why a single sign-on came back without a session: the code in `/?sso_error=<code>`
 * (docs/product/single-sign-on.md, "On the screen"). The sign-in screen shows a fixed text per code
 * and one generic text for anything else, never text from the address; the server logs the details.
 */
export const SSO_ERROR_CODES = [
  'provider_refused',
  'provider_unreachable',
  'other_browser',
  'expired',
  'email_not_verified',
  'email_linked_elsewhere',
  'no_email',
  'inactive',
  'role_missing',
  'failed',
] as const;
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number];
