import { AUDIT_REDACTED } from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit-log/audit-entries.ts';
import { hashPassword, UNUSABLE_PASSWORD_HASH } from '../auth/password.ts';
import { findAdministratorWithHash, replacePasswordHash } from './bootstrap-repository.ts';

/**
 * ADMIN_PASSWORD after a restore without secrets (decision 158, docs/product/backup.md): the
 * account of ADMIN_EMAIL, when it is an active holder of the Administrator role that has no
 * password (the backup's unusable hash), gets ADMIN_PASSWORD, so the administrator can sign in
 * and set everyone else's in Admin › Users. Any other account, and one with a password, is left
 * alone: the setting left in place never changes a password someone chose. Answers whether it set it.
 */
export async function setRestoredAdministratorPassword(
  db: Db,
  options: { adminEmail: string; adminPassword: string | undefined },
): Promise<boolean> {
  if (!options.adminPassword) return false;
  const email = options.adminEmail.trim().toLowerCase();
  const account = await findAdministratorWithHash(db, email, UNUSABLE_PASSWORD_HASH);
  if (!account) return false;
  const hash = await hashPassword(options.adminPassword);
  return db.transaction(async (tx) => {
    if (!(await replacePasswordHash(tx, account.id, UNUSABLE_PASSWORD_HASH, hash))) return false;
    await recordAudit(tx, null, {
      action: 'update',
      entity: 'user',
      entityId: account.id,
      summary: `Set the password of ${account.email} from ADMIN_PASSWORD: the account came from a backup without secrets`,
      changes: { password: { before: AUDIT_REDACTED, after: AUDIT_REDACTED } },
    });
    return true;
  });
}
