import {
  type MarkNotificationsRead,
  type MarkNotificationsReadResult,
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_LIMITS,
  type NotificationKind,
  type NotificationList,
  type NotificationListQuery,
  type NotificationSettings,
  type NotificationSettingsBody,
  type ProjectWatch,
} from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { type Principal, requireProject } from '../authz/authorization.ts';
import { queueMail } from '../mail/mail-service.ts';
import {
  type NotificationMailContext,
  notificationMail,
  readUnsubscribeToken,
  type UnsubscribeScope,
} from './notification-mail.ts';
import {
  insertNotifications,
  isWatching,
  markRead,
  notificationPage,
  projectName,
  recipientsOf,
  saveSetting,
  settingsOf,
  setWatching,
  turnOff,
  unreadCount,
  viewersAmong,
} from './notifications-repository.ts';

/**
 * Notifications (docs/product/notifications.md): what other modules call, in the transaction of
 * the action, to tell people of it; and the inbox, the bell's count and the settings.
 */

let mailContext: NotificationMailContext | null = null;
let digestHour = 7;

/**
 * Set by the notifications plugin when the app starts: where links in mails point and the key
 * that signs unsubscribe links, or null when this server sends no e-mail (then e-mail and digest
 * choices act as in-app). One app per process; a test file builds its own app and sets it again.
 */
export function configureNotificationMail(context: NotificationMailContext | null, hour: number): void {
  mailContext = context;
  digestHour = hour;
}

export const notificationMailContext = () => mailContext;

export interface NotificationEvent {
  kind: NotificationKind;
  /** Who it concerns; the actor, inactive users and those who no longer see the project are left out. */
  userIds: number[];
  projectId: number | null;
  title: string;
  /** A path inside the web app. */
  link: string;
  actorId: number | null;
  /** Set by daily checks: a person gets one notification per key. */
  dedupeKey?: string;
}

/**
 * Writes the notifications of one event in the caller's transaction, queues the mails of those
 * who chose e-mail now, and tells their open streams at commit. Answers who was notified.
 */
export async function notify(tx: Tx, event: NotificationEvent): Promise<number[]> {
  let userIds = [...new Set(event.userIds)].filter((id) => id !== event.actorId);
  if (event.projectId !== null && userIds.length > 0) {
    const viewers = await viewersAmong(tx, event.projectId, userIds);
    userIds = userIds.filter((id) => viewers.has(id));
  }
  const recipients = (await recipientsOf(tx, userIds, event.kind, NOTIFICATION_DEFAULTS[event.kind])).filter(
    (r) => r.channel !== 'off',
  );
  const written = await insertNotifications(
    tx,
    recipients.map((r) => ({
      userId: r.id,
      kind: event.kind,
      projectId: event.projectId,
      title: event.title,
      link: event.link,
      actorId: event.actorId,
      dedupeKey: event.dedupeKey ?? null,
      digestPending: mailContext !== null && r.channel === 'digest',
    })),
  );
  const notified = new Set(written.map((w) => w.user_id));
  const context = mailContext;
  const mailTo = recipients.filter((r) => r.channel === 'email' && notified.has(r.id));
  if (context && mailTo.length > 0) {
    const name = event.projectId === null ? null : await projectName(tx, event.projectId);
    for (const to of mailTo) {
      await queueMail(tx, notificationMail(context, to, { ...event, projectName: name }));
    }
  }
  return [...notified];
}

export async function listNotifications(
  db: Db,
  principal: Principal,
  query: NotificationListQuery,
): Promise<NotificationList> {
  const limit = query.limit ?? NOTIFICATION_LIMITS.pageDefault;
  // One more than asked tells whether an older page exists.
  const rows = await notificationPage(db, principal, {
    unread: query.unread === true,
    before: query.cursor ?? null,
    limit: limit + 1,
  });
  const items = rows.slice(0, limit);
  return {
    items,
    unread: await unreadCount(db, principal),
    next: rows.length > limit ? items[items.length - 1]!.id : null,
  };
}

/** Marks some (only the caller's: others' ids are ignored) or all of the caller's notifications read. */
export async function readNotifications(
  db: Db,
  principal: Principal,
  body: MarkNotificationsRead,
): Promise<MarkNotificationsReadResult> {
  const updated = await markRead(db, principal, 'all' in body ? null : [...new Set(body.ids)]);
  return {
    message: updated === 1 ? 'Marked 1 notification read' : `Marked ${updated} notifications read`,
    updated,
    unread: await unreadCount(db, principal),
  };
}

export async function notificationSettings(db: Tx, principal: Principal): Promise<NotificationSettings> {
  const chosen = new Map((await settingsOf(db, principal.id)).map((s) => [s.kind, s.channel]));
  return {
    settings: NOTIFICATION_KINDS.map((kind) => ({
      kind,
      channel: chosen.get(kind) ?? NOTIFICATION_DEFAULTS[kind],
    })),
    mail_available: mailContext !== null,
    digest_hour: digestHour,
  };
}

export const MAIL_CHOICE_OFF =
  'This server does not send e-mail, so notifications can only be shown in Verdict or turned off';

/** Saves the kinds named; the others keep theirs. E-mail choices are refused while mail is off. */
export async function saveNotificationSettings(
  db: Db,
  principal: Principal,
  body: NotificationSettingsBody,
): Promise<NotificationSettings> {
  const kinds = body.settings.map((s) => s.kind);
  if (new Set(kinds).size < kinds.length) {
    throw new BadRequestError('Name each kind once', [{ field: 'settings', message: 'names a kind twice' }]);
  }
  if (!mailContext && body.settings.some((s) => s.channel === 'email' || s.channel === 'digest')) {
    throw new BadRequestError(MAIL_CHOICE_OFF, [{ field: 'settings', message: MAIL_CHOICE_OFF }], 'mail_off');
  }
  return db.transaction(async (tx) => {
    for (const setting of body.settings) await saveSetting(tx, principal.id, setting.kind, setting.channel);
    return notificationSettings(tx, principal);
  });
}

export const UNSUBSCRIBE_INVALID =
  'This unsubscribe link is not valid; change what you get in your notification settings instead';

/** The person and what a link would stop, after its signature was checked (400 otherwise). */
export function checkedUnsubscribe(token: string): { userId: number; scope: UnsubscribeScope } {
  const found = mailContext ? readUnsubscribeToken(mailContext.key, token) : null;
  if (!found)
    throw new BadRequestError(
      UNSUBSCRIBE_INVALID,
      [{ field: 'token', message: 'is not valid' }],
      'unsubscribe_link_invalid',
    );
  return found;
}

/** What a scope is called on the unsubscribe page. */
export const scopeLabel = (scope: UnsubscribeScope) =>
  scope === 'digest' ? 'The daily digest' : NOTIFICATION_KIND_LABELS[scope];

/**
 * One-click unsubscribe (RFC 8058), without a session: the signed link is the proof. A kind is
 * turned off; the digest turns off every kind sent in it.
 */
export async function unsubscribe(db: Db, token: string): Promise<UnsubscribeScope> {
  const { userId, scope } = checkedUnsubscribe(token);
  if (scope === 'digest') {
    // Kinds on the digest by default have no row: they get one saying off.
    const chosen = new Map((await settingsOf(db, userId)).map((s) => [s.kind, s.channel]));
    const byDefault = NOTIFICATION_KINDS.filter(
      (kind) => !chosen.has(kind) && NOTIFICATION_DEFAULTS[kind] === 'digest',
    );
    await db.transaction(async (tx) => {
      await turnOff(tx, userId, null);
      if (byDefault.length > 0) await turnOff(tx, userId, byDefault);
    });
  } else {
    await turnOff(db, userId, [scope]);
  }
  return scope;
}

export async function watchState(db: Db, principal: Principal, projectId: number): Promise<ProjectWatch> {
  await requireProject(db, principal, projectId);
  return { watching: await isWatching(db, projectId, principal.id) };
}

/** Watching a project's gate needs only seeing the project. */
export async function setWatch(
  db: Db,
  principal: Principal,
  projectId: number,
  watching: boolean,
): Promise<ProjectWatch> {
  return db.transaction(async (tx) => {
    await requireProject(tx, principal, projectId);
    await setWatching(tx, projectId, principal.id, watching);
    return { watching };
  });
}
