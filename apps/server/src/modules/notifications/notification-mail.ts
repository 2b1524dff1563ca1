import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type NotificationKind } from '@verdict/contract';
import type { NewMail } from '../mail/mail-service.ts';

/**
 * The mails of notifications (docs/product/notifications.md, "E-mail"): each with a plain-text and
 * an HTML part, the absolute link to the thing, and a one-click unsubscribe address (RFC 8058)
 * whose token names the person and the kind, signed with the server's signing key.
 */

/** What the mail loop and the unsubscribe routes need: set by the notifications plugin. */
export interface NotificationMailContext {
  publicUrl: URL;
  /** The server's signing key (JWT_SECRET or the one kept in the database). */
  key: string;
}

/** What an unsubscribe token names: one kind, or `digest` (every kind sent in the digest). */
export type UnsubscribeScope = NotificationKind | 'digest';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function signature(key: string, userId: number, scope: UnsubscribeScope): string {
  // A key of its own, derived from the signing key, so this token can never pass as a session's.
  return createHmac('sha256', key).update(`notification-unsubscribe:${userId}:${scope}`).digest('base64url');
}

export function unsubscribeToken(key: string, userId: number, scope: UnsubscribeScope): string {
  return `${userId}.${scope}.${signature(key, userId, scope)}`;
}

/** The person and scope a token names, or null when it is not one this server signed. */
export function readUnsubscribeToken(
  key: string,
  token: string,
): { userId: number; scope: UnsubscribeScope } | null {
  const [id, scope, mac, ...rest] = token.split('.');
  if (rest.length > 0 || !id || !scope || !mac || !/^[1-9]\d{0,9}$/.test(id)) return null;
  if (scope !== 'digest' && !(NOTIFICATION_KINDS as readonly string[]).includes(scope)) return null;
  const userId = Number(id);
  const expected = Buffer.from(signature(key, userId, scope as UnsubscribeScope));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, scope: scope as UnsubscribeScope };
}

export function unsubscribeUrl(context: NotificationMailContext, userId: number, scope: UnsubscribeScope) {
  const url = new URL('/api/notifications/unsubscribe', context.publicUrl);
  url.searchParams.set('token', unsubscribeToken(context.key, userId, scope));
  return url.href;
}

export const absoluteLink = (context: NotificationMailContext, link: string) =>
  new URL(link, context.publicUrl).href;

function page(paragraphs: string[]): string {
  return [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    ...paragraphs,
    '</body></html>',
  ].join('\n');
}

/** One notification sent now. */
export function notificationMail(
  context: NotificationMailContext,
  to: { id: number; username: string; email: string },
  notification: { kind: NotificationKind; title: string; link: string; projectName: string | null },
): NewMail {
  const link = absoluteLink(context, notification.link);
  const stop = unsubscribeUrl(context, to.id, notification.kind);
  const where = notification.projectName ? ` (project ${notification.projectName})` : '';
  const why = `You get this because "${NOTIFICATION_KIND_LABELS[notification.kind]}" is set to e-mail in your Verdict notification settings.`;
  const textBody = [
    `Hello ${to.username},`,
    '',
    `${notification.title}${where}`,
    '',
    link,
    '',
    why,
    `Stop these mails: ${stop}`,
    '',
  ].join('\n');
  const htmlBody = page([
    `<p>Hello ${escapeHtml(to.username)},</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(notification.title)}</a>${escapeHtml(where)}</p>`,
    `<p style="color: #555">${escapeHtml(why)} <a href="${escapeHtml(stop)}">Stop these mails</a></p>`,
  ]);
  return {
    recipient: to.email,
    userId: to.id,
    kind: `notification_${notification.kind}`,
    subject: `[Verdict] ${notification.title}`,
    textBody,
    htmlBody,
    unsubscribeUrl: stop,
  };
}

export interface DigestEntry {
  kind: NotificationKind;
  title: string;
  link: string;
  projectName: string | null;
}

/** The day's digest: the notifications grouped by project, then by kind. */
export function digestMail(
  context: NotificationMailContext,
  to: { id: number; username: string; email: string },
  entries: DigestEntry[],
): NewMail {
  const stop = unsubscribeUrl(context, to.id, 'digest');
  const byProject = new Map<string, Map<NotificationKind, DigestEntry[]>>();
  for (const entry of entries) {
    const project = entry.projectName ?? 'Everywhere';
    const kinds = byProject.get(project) ?? new Map<NotificationKind, DigestEntry[]>();
    kinds.set(entry.kind, [...(kinds.get(entry.kind) ?? []), entry]);
    byProject.set(project, kinds);
  }
  const text: string[] = [`Hello ${to.username},`, '', `What happened in Verdict since your last digest:`];
  const html: string[] = [
    `<p>Hello ${escapeHtml(to.username)},</p>`,
    '<p>What happened in Verdict since your last digest:</p>',
  ];
  for (const [project, kinds] of byProject) {
    text.push('', `== ${project} ==`);
    html.push(`<h2>${escapeHtml(project)}</h2>`);
    for (const [kind, list] of kinds) {
      text.push('', `${NOTIFICATION_KIND_LABELS[kind]}:`);
      html.push(`<h3>${escapeHtml(NOTIFICATION_KIND_LABELS[kind])}</h3>`, '<ul>');
      for (const entry of list) {
        const link = absoluteLink(context, entry.link);
        text.push(`- ${entry.title}`, `  ${link}`);
        html.push(`<li><a href="${escapeHtml(link)}">${escapeHtml(entry.title)}</a></li>`);
      }
      html.push('</ul>');
    }
  }
  text.push('', `Stop the daily digest: ${stop}`, '');
  html.push(`<p style="color: #555"><a href="${escapeHtml(stop)}">Stop the daily digest</a></p>`);
  const count = entries.length;
  return {
    recipient: to.email,
    userId: to.id,
    kind: 'notification_digest',
    subject: `[Verdict] Your daily digest: ${count} ${count === 1 ? 'notification' : 'notifications'}`,
    textBody: text.join('\n'),
    htmlBody: page(html),
    unsubscribeUrl: stop,
  };
}
