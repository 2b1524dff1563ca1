import type { Webhook, WebhookDelivery, WebhookEvent, WebhookFormat } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { isoTime, isoTimeOrNull } from '../../lib/timestamps.ts';

/** SQL of webhooks and their deliveries (docs/product/webhooks.md). */

interface WebhookRow {
  id: number;
  project_id: number;
  url: string;
  events: string[];
  failures_only: boolean;
  format: WebhookFormat;
  active: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  last_id: number | string | null;
  last_state: WebhookDelivery['state'] | null;
  last_code: number | null;
  last_at: Date | string | null;
}

function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    project_id: row.project_id,
    url: row.url,
    events: row.events as WebhookEvent[],
    failures_only: row.failures_only,
    format: row.format,
    active: row.active,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    last_delivery:
      row.last_id === null
        ? null
        : {
            id: Number(row.last_id),
            state: row.last_state!,
            response_code: row.last_code,
            created_at: isoTime(row.last_at!),
          },
  };
}

const selectWebhooks = sql`
  select w.id, w.project_id, w.url, w.events, w.failures_only, w.format, w.active, w.created_at, w.updated_at,
    d.id as last_id, d.state as last_state, d.response_code as last_code, d.created_at as last_at
  from webhooks w
    left join lateral (
      select id, state, response_code, created_at from webhook_deliveries
      where webhook_id = w.id order by id desc limit 1
    ) d on true`;

export async function listWebhooks(db: Tx, projectId: number): Promise<Webhook[]> {
  const rows = await queryRows<WebhookRow>(
    db,
    sql`${selectWebhooks} where w.project_id = ${projectId} order by w.id`,
  );
  return rows.map(toWebhook);
}

export async function findWebhook(db: Tx, id: number): Promise<Webhook | null> {
  const [row] = await queryRows<WebhookRow>(db, sql`${selectWebhooks} where w.id = ${id}`);
  return row ? toWebhook(row) : null;
}

export async function findWebhookProjectId(db: Tx, id: number): Promise<number | undefined> {
  const [row] = await queryRows<{ project_id: number }>(
    db,
    sql`select project_id from webhooks where id = ${id}`,
  );
  return row?.project_id;
}

export async function countWebhooks(db: Tx, projectId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from webhooks where project_id = ${projectId}`,
  );
  return row?.n ?? 0;
}

export async function insertWebhook(
  db: Tx,
  values: {
    projectId: number;
    url: string;
    events: readonly string[];
    failuresOnly: boolean;
    format: WebhookFormat;
    active: boolean;
    secret: string;
    createdBy: number;
  },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into webhooks (project_id, url, events, failures_only, format, active, secret, created_by)
      values (${values.projectId}, ${values.url}, ${sql.param([...values.events])}::text[], ${values.failuresOnly},
        ${values.format}, ${values.active}, ${values.secret}, ${values.createdBy})
      returning id`,
  );
  return row!.id;
}

export async function updateWebhookRow(
  db: Tx,
  id: number,
  values: {
    url?: string;
    events?: readonly string[];
    failuresOnly?: boolean;
    format?: WebhookFormat;
    active?: boolean;
  },
): Promise<void> {
  await db.execute(sql`
    update webhooks set
      url = coalesce(${values.url ?? null}, url),
      events = coalesce(${values.events ? sql.param([...values.events]) : null}::text[], events),
      failures_only = coalesce(${values.failuresOnly ?? null}::boolean, failures_only),
      format = coalesce(${values.format ?? null}, format),
      active = coalesce(${values.active ?? null}::boolean, active),
      updated_at = now()
    where id = ${id}`);
}

export async function deleteWebhookRow(db: Tx, id: number): Promise<boolean> {
  const rows = await queryRows(db, sql`delete from webhooks where id = ${id} returning id`);
  return rows.length > 0;
}

// ---- Deliveries ----

interface DeliveryRow {
  id: number | string;
  webhook_id: number;
  event: string;
  state: WebhookDelivery['state'];
  attempts: number;
  response_code: number | null;
  response_ms: number | null;
  error: string | null;
  created_at: Date | string;
  next_attempt_at: Date | string;
  delivered_at: Date | string | null;
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: Number(row.id),
    webhook_id: row.webhook_id,
    event: row.event as WebhookEvent,
    state: row.state,
    attempts: row.attempts,
    response_code: row.response_code,
    response_ms: row.response_ms,
    error: row.error,
    created_at: isoTime(row.created_at),
    next_attempt_at: row.state === 'pending' ? isoTime(row.next_attempt_at) : null,
    delivered_at: isoTimeOrNull(row.delivered_at),
  };
}

const deliveryColumns = sql`id, webhook_id, event, state, attempts, response_code, response_ms, error,
  created_at, next_attempt_at, delivered_at`;

export async function listDeliveries(
  db: Tx,
  webhookId: number,
  page: { limit: number; offset: number },
): Promise<{ items: WebhookDelivery[]; total: number }> {
  const rows = await queryRows<DeliveryRow>(
    db,
    sql`select ${deliveryColumns} from webhook_deliveries where webhook_id = ${webhookId}
      order by id desc limit ${page.limit} offset ${page.offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from webhook_deliveries where webhook_id = ${webhookId}`,
  );
  return { items: rows.map(toDelivery), total: count?.n ?? 0 };
}

export async function findDeliveryProjectId(db: Tx, id: number): Promise<number | undefined> {
  const [row] = await queryRows<{ project_id: number }>(
    db,
    sql`select w.project_id from webhook_deliveries d join webhooks w on w.id = d.webhook_id where d.id = ${id}`,
  );
  return row?.project_id;
}

/** A new delivery of the same body to the same endpoint, due now. */
export async function copyDelivery(db: Tx, id: number): Promise<WebhookDelivery | null> {
  const [row] = await queryRows<DeliveryRow>(
    db,
    sql`insert into webhook_deliveries (webhook_id, event, body)
      select webhook_id, event, body from webhook_deliveries where id = ${id}
      returning ${deliveryColumns}`,
  );
  return row ? toDelivery(row) : null;
}
