import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { projects } from '../projects/projects-schema.ts';
import { users } from '../users/users-schema.ts';

/** The tables the notifications module owns (decision 176; docs/database.md lists every table's owner). */

/**
 * One notice in a person's inbox (docs/product/notifications.md), written in the transaction of
 * what caused it. `digest_pending`: its kind goes to the daily digest and it has not been in one
 * yet. `dedupe_key` keeps a daily check from telling one thing twice.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    link: text('link').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    dedupeKey: text('dedupe_key'),
    digestPending: boolean('digest_pending').notNull().default(false),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_digest_idx').on(t.userId).where(sql`${t.digestPending}`),
    uniqueIndex('notifications_dedupe_key').on(t.userId, t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
  ],
);

/** A person's choice for one kind: in_app, email (now), digest (daily) or off; no row: the default. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('notification_settings_channel_check', sql`${t.channel} in ('in_app', 'email', 'digest', 'off')`),
  ],
);

/** Who watches a project's CI gate: told of new failures on the gate's branch. */
export const projectWatches = pgTable(
  'project_watches',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_watches_user_idx').on(t.userId)],
);

/**
 * The daily digests sent: one row per person and day (UTC), inserted in the transaction that
 * queues the digest, so only one server instance sends it.
 */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
