import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { projects } from '../projects/projects-schema.ts';

/** The tables the webhooks module owns (decision 176; docs/database.md lists every table's owner). */

/**
 * A project's webhook endpoint (docs/product/webhooks.md): the events it takes (`result.recorded`
 * of failures only when `failures_only`), and the secret its deliveries are signed with.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    failuresOnly: boolean('failures_only').notNull().default(false),
    /** What is sent: Verdict's event JSON, or a chat service's message (docs/product/webhooks.md). */
    format: text('format').notNull().default('json'),
    secret: text('secret').notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhooks_project_idx').on(t.projectId),
    check('webhooks_format_check', sql`${t.format} in ('json', 'slack', 'teams', 'google-chat', 'discord')`),
  ],
);

/**
 * One event for one endpoint, queued in the transaction that made the event, delivered by the
 * servers' delivery loop (any instance takes it: FOR UPDATE SKIP LOCKED) and retried with
 * backoff for a day. `body` is the exact JSON sent and signed.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    body: text('body').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    responseCode: integer('response_code'),
    responseMs: integer('response_ms'),
    error: text('error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    check('webhook_deliveries_state_check', sql`${t.state} in ('pending', 'delivered', 'failed')`),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id),
  ],
);
