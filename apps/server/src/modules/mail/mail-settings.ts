/**
 * How Verdict sends e-mail (README, "Settings"; docs/product/operations.md, "E-mail"): the SMTP
 * server, the sender's address, and the first retry's delay. Read once at start with the other
 * settings. Neither SMTP_URL nor MAIL_FROM set means no e-mail at all, never an error.
 */
export interface MailSettings {
  /** smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://… (TLS from the start). */
  smtpUrl: string;
  /** The From of every mail: an address, or "Name <address>". */
  from: string;
  /** Where links in mails point: {publicUrl}/reset-password?token=… (PUBLIC_URL). */
  publicUrl: URL;
}

type Text = (name: string) => string | undefined;

/** "Name <a@b.c>" or "a@b.c": one address, nothing that could add a header. */
const FROM = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

/**
 * The mail settings, or undefined when e-mail is off. SMTP_URL's value is never echoed in a
 * problem: it may hold a password.
 */
export function readMailSettings(
  text: Text,
  publicUrl: URL | undefined,
  problems: string[],
): MailSettings | undefined {
  const smtpUrl = text('SMTP_URL');
  const from = text('MAIL_FROM');
  if (smtpUrl === undefined) {
    if (from !== undefined) problems.push('SMTP_URL must be set when MAIL_FROM is');
    return undefined;
  }
  let url: URL | undefined;
  try {
    url = new URL(smtpUrl);
  } catch {
    // Reported below.
  }
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    problems.push('SMTP_URL must read smtp://[user:password@]host[:port] or smtps://…');
  }
  if (from === undefined) problems.push('MAIL_FROM must be set when SMTP_URL is');
  else if (!FROM.test(from)) {
    problems.push(`MAIL_FROM must be an address or "Name <address>" (got "${from}")`);
  }
  // A link in a mail is opened outside any request, so its address cannot come from one; and a
  // Host header chosen by whoever asked for a reset must never pick where the link goes.
  if (!publicUrl) problems.push('PUBLIC_URL must be set when SMTP_URL is: links in e-mails need it');
  if (!url || from === undefined || !publicUrl) return undefined;
  return { smtpUrl, from, publicUrl };
}
