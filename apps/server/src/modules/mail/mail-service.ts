import type { Tx } from '../../db/client.ts';
import { insertMail } from './mail-repository.ts';

/** What other modules use of the mail module: queueing a mail (docs/product/operations.md, "E-mail"). */

export interface NewMail {
  recipient: string;
  userId: number | null;
  /** What the mail is, for people reading the table: 'password_reset', … */
  kind: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  /**
   * A mail a person may stop getting (notifications) carries the address that stops it: it is
   * sent with List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). Transactional mail has none.
   */
  unsubscribeUrl?: string | null;
}

/**
 * Queues one mail in the caller's transaction; every instance's loop is woken when it commits, so
 * a mail is sent only if what made it happened.
 */
export function queueMail(tx: Tx, mail: NewMail): Promise<number> {
  return insertMail(tx, mail);
}
