import type { NewMail } from '../mail/mail-service.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The "Forgot password?" mail: the same words as plain text and as HTML, with the link to
 * {PUBLIC_URL}/reset-password. Transactional, so it has no unsubscribe link.
 */
export function passwordResetMail(
  account: { id: number; username: string; email: string },
  link: string,
): NewMail {
  const lines = [
    `Someone, hopefully you, asked to reset the password of the Verdict account ${account.email}.`,
    'Open this link within an hour to choose a new password. It works once.',
  ];
  const ignore = 'If you did not ask for this, ignore this mail: your password stays as it is.';
  const textBody = [`Hello ${account.username},`, '', ...lines, '', link, '', ignore, ''].join('\n');
  const htmlBody = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>Hello ${escapeHtml(account.username)},</p>`,
    `<p>${lines.map(escapeHtml).join('<br>')}</p>`,
    `<p><a href="${escapeHtml(link)}">Choose a new password</a></p>`,
    `<p>Or copy this address into your browser: ${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(ignore)}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    recipient: account.email,
    userId: account.id,
    kind: 'password_reset',
    subject: 'Reset your Verdict password',
    textBody,
    htmlBody,
    unsubscribeUrl: null,
  };
}
