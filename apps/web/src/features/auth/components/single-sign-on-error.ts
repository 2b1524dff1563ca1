import { SSO_ERROR_CODES, type SsoErrorCode } from '@verdict/contract';

/** What the sign-in screen says for each `sso_error` code (docs/product/single-sign-on.md, "On the screen"). */
const TEXTS: Record<SsoErrorCode, string> = {
  provider_refused: 'The sign-in provider did not sign you in; try again, or ask an administrator',
  provider_unreachable: 'The sign-in provider is not reachable; try again shortly',
  other_browser: 'This sign-in was started in another browser or has expired; start again',
  expired: 'This sign-in attempt has expired or was already used; start again',
  email_not_verified:
    'The sign-in provider has not confirmed that your email address is verified, so it cannot open the account with that address; ask an administrator',
  email_linked_elsewhere: 'This email address belongs to an account linked to another sign-in',
  no_email: 'The sign-in provider gave no email address; ask an administrator',
  inactive: 'This account is inactive',
  role_missing: 'Single sign-on is set to give a role that does not exist; ask an administrator',
  failed: 'Single sign-on failed; try again',
};

const isCode = (code: string): code is SsoErrorCode => (SSO_ERROR_CODES as readonly string[]).includes(code);

/** The fixed text for a code; anything else, whatever it says, gets the generic one. */
export function singleSignOnErrorText(code: string): string {
  return TEXTS[isCode(code) ? code : 'failed'];
}
