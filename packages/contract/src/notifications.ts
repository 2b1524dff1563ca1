import { type Static, Type } from 'typebox';
import { UserRef } from './cycles.ts';

/**
 * Notifications (docs/product/notifications.md): a person's inbox of what concerns them, the
 * bell's unread count, and how each kind reaches them.
 */

export const NOTIFICATION_KINDS = [
  'assigned',
  'mentioned',
  'replied',
  'cycle_closed',
  'plan_finished',
  'gate_failure',
  'quarantine_ended',
  'milestone_due',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What each kind is, as the settings screen and the digest name it. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  assigned: 'Items assigned to you',
  mentioned: 'Mentions of you',
  replied: 'Replies in threads you wrote in',
  cycle_closed: 'Cycles you created closed',
  plan_finished: 'Plans you created finished',
  gate_failure: 'New failures on a watched gate',
  quarantine_ended: 'Quarantines of your cases ended',
  milestone_due: 'Milestones due in two days with untested items',
};

export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'digest', 'off'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** What a kind does until its person chooses (docs/decisions/244-notification-preferences.md). */
export const NOTIFICATION_DEFAULTS: Record<NotificationKind, NotificationChannel> = {
  assigned: 'email',
  mentioned: 'email',
  replied: 'in_app',
  cycle_closed: 'in_app',
  plan_finished: 'in_app',
  gate_failure: 'in_app',
  quarantine_ended: 'in_app',
  milestone_due: 'digest',
};

export const NOTIFICATION_LIMITS = {
  /** The most notifications one page answers. */
  pageMax: 100,
  /** The page size when none is asked for. */
  pageDefault: 30,
  /** The most ids one "mark read" names. */
  readIdsMax: 500,
} as const;

export const NotificationKindSchema = Type.Union([
  Type.Literal('assigned'),
  Type.Literal('mentioned'),
  Type.Literal('replied'),
  Type.Literal('cycle_closed'),
  Type.Literal('plan_finished'),
  Type.Literal('gate_failure'),
  Type.Literal('quarantine_ended'),
  Type.Literal('milestone_due'),
]);
export const NotificationChannelSchema = Type.Union([
  Type.Literal('in_app'),
  Type.Literal('email'),
  Type.Literal('digest'),
  Type.Literal('off'),
]);

export const Notification = Type.Object({
  id: Type.Integer(),
  kind: NotificationKindSchema,
  title: Type.String(),
  /** A path inside Verdict: `/projects/3/cycles/9/items/41`. */
  link: Type.String(),
  project: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  /** Who did it; null for what a daily check found, or once their account is deleted. */
  actor: Type.Union([UserRef, Type.Null()]),
  created_at: Type.String(),
  read: Type.Boolean(),
});
export type Notification = Static<typeof Notification>;

export const NotificationListQuery = Type.Object(
  {
    /** true: only the unread ones. */
    unread: Type.Optional(Type.Boolean()),
    /** The `next` of the page before: the notifications older than it. */
    cursor: Type.Optional(Type.Integer({ minimum: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: NOTIFICATION_LIMITS.pageMax })),
  },
  { additionalProperties: false },
);
export type NotificationListQuery = Static<typeof NotificationListQuery>;

export const NotificationList = Type.Object({
  /** Newest first. */
  items: Type.Array(Notification),
  /** How many of the caller's notifications are unread (the bell). */
  unread: Type.Integer(),
  /** The cursor of the next (older) page, or null when this is the last. */
  next: Type.Union([Type.Integer(), Type.Null()]),
});
export type NotificationList = Static<typeof NotificationList>;

export const MarkNotificationsRead = Type.Union([
  Type.Object(
    {
      ids: Type.Array(Type.Integer({ minimum: 1 }), {
        minItems: 1,
        maxItems: NOTIFICATION_LIMITS.readIdsMax,
      }),
    },
    { additionalProperties: false },
  ),
  Type.Object({ all: Type.Literal(true) }, { additionalProperties: false }),
]);
export type MarkNotificationsRead = Static<typeof MarkNotificationsRead>;

export const MarkNotificationsReadResult = Type.Object({
  message: Type.String(),
  /** How many were marked read. */
  updated: Type.Integer(),
  unread: Type.Integer(),
});
export type MarkNotificationsReadResult = Static<typeof MarkNotificationsReadResult>;

export const NotificationSetting = Type.Object(
  { kind: NotificationKindSchema, channel: NotificationChannelSchema },
  { additionalProperties: false },
);
export type NotificationSetting = Static<typeof NotificationSetting>;

export const NotificationSettings = Type.Object({
  settings: Type.Array(NotificationSetting),
  /** False when the server sends no e-mail: email and digest cannot be chosen. */
  mail_available: Type.Boolean(),
  /** The hour (UTC) the daily digest is sent. */
  digest_hour: Type.Integer(),
});
export type NotificationSettings = Static<typeof NotificationSettings>;

export const NotificationSettingsBody = Type.Object(
  { settings: Type.Array(NotificationSetting, { minItems: 1, maxItems: NOTIFICATION_KINDS.length }) },
  { additionalProperties: false },
);
export type NotificationSettingsBody = Static<typeof NotificationSettingsBody>;

export const UnsubscribeQuery = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);
export type UnsubscribeQuery = Static<typeof UnsubscribeQuery>;

export const ProjectWatch = Type.Object({ watching: Type.Boolean() });
export type ProjectWatch = Static<typeof ProjectWatch>;

export const ProjectWatchBody = Type.Object({ watching: Type.Boolean() }, { additionalProperties: false });
export type ProjectWatchBody = Static<typeof ProjectWatchBody>;
