import { randomBytes } from 'node:crypto';
import {
  type CreateWebhookBody,
  type UpdateWebhookBody,
  WEBHOOKS_PER_PROJECT_MAX,
  type Webhook,
  type WebhookDeliveryList,
  type WebhookDeliveryQuery,
  type WebhookDeliveryQueued,
} from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { LOCK, lockProject } from '../../db/row-locks.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { type Audited, auditCreated, auditDeleted, auditUpdated } from '../audit-log/audit-entries.ts';
import { type Principal, requireProject, requireProjectOf } from '../authz/authorization.ts';
import { checkWebhookUrl, WebhookAddressError } from './webhook-address.ts';
import { notifyDeliveryLoops } from './webhook-deliveries-repository.ts';
import {
  copyDelivery,
  countWebhooks,
  deleteWebhookRow,
  findDeliveryProjectId,
  findWebhook,
  findWebhookProjectId,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  updateWebhookRow,
} from './webhooks-repository.ts';

/** Webhooks of a project and their deliveries (docs/product/webhooks.md). */

export const WEBHOOK_NOT_FOUND = 'Webhook not found';
export const DELIVERY_NOT_FOUND = 'Webhook delivery not found';
const DELIVERIES_PAGE_DEFAULT = 50;

/** The url as given, once its scheme and every address of its host passed the rule. */
async function checkedUrl(url: string, allowPrivate: boolean): Promise<string> {
  try {
    await checkWebhookUrl(url, allowPrivate);
    return url;
  } catch (error) {
    if (!(error instanceof WebhookAddressError)) throw error;
    throw new BadRequestError(error.message, [{ field: 'url', message: error.message }]);
  }
}

const uniqueEvents = <T>(events: readonly T[]) => [...new Set(events)];

export async function projectWebhooks(db: Db, principal: Principal, projectId: number): Promise<Webhook[]> {
  await requireProject(db, principal, projectId, 'manage_webhooks');
  return listWebhooks(db, projectId);
}

/** A new endpoint; its secret (generated unless given) is answered here and never again. */
export async function createWebhook(
  db: Db,
  principal: Principal,
  projectId: number,
  body: CreateWebhookBody,
  allowPrivate: boolean,
): Promise<{ webhook: Webhook; secret: string }> {
  await requireProject(db, principal, projectId, 'manage_webhooks');
  // Resolved outside the transaction: a slow DNS answer must not hold a connection.
  const url = await checkedUrl(body.url, allowPrivate);
  const secret = body.secret ?? randomBytes(32).toString('hex');
  return db.transaction(async (tx) => {
    await requireProject(tx, principal, projectId, 'manage_webhooks');
    if (!(await lockProject(tx, projectId, LOCK.noKeyUpdate))) throw new NotFoundError('Project not found');
    if ((await countWebhooks(tx, projectId)) >= WEBHOOKS_PER_PROJECT_MAX) {
      throw new ConflictError(
        `A project may have at most ${WEBHOOKS_PER_PROJECT_MAX} webhooks`,
        'limit_reached',
      );
    }
    const id = await insertWebhook(tx, {
      projectId,
      url,
      events: uniqueEvents(body.events),
      failuresOnly: body.failures_only ?? false,
      format: body.format ?? 'json',
      active: body.active ?? true,
      secret,
      createdBy: principal.id,
    });
    const webhook = (await findWebhook(tx, id))!;
    await auditCreated(tx, principal, audited(webhook), auditedFields(webhook));
    return { webhook, secret };
  });
}

/**
 * Endpoint changes in the audit log (docs/product/webhooks.md, "The calls"): named by their
 * address; the secret is never written, not even redacted, as it is not a field of the webhook.
 */
const audited = (webhook: Webhook): Audited => ({
  entity: 'webhook',
  id: webhook.id,
  name: webhook.url,
  projectId: webhook.project_id,
});
const auditedFields = (webhook: Webhook) => ({
  url: webhook.url,
  events: webhook.events,
  failures_only: webhook.failures_only,
  format: webhook.format,
  active: webhook.active,
});

export async function updateWebhook(
  db: Db,
  principal: Principal,
  id: number,
  body: UpdateWebhookBody,
  allowPrivate: boolean,
): Promise<Webhook> {
  await requireProjectOf(
    db,
    principal,
    await findWebhookProjectId(db, id),
    WEBHOOK_NOT_FOUND,
    'manage_webhooks',
  );
  const url = body.url === undefined ? undefined : await checkedUrl(body.url, allowPrivate);
  return db.transaction(async (tx) => {
    const before = await findWebhook(tx, id);
    await updateWebhookRow(tx, id, {
      url,
      events: body.events && uniqueEvents(body.events),
      failuresOnly: body.failures_only,
      format: body.format,
      active: body.active,
    });
    const webhook = await findWebhook(tx, id);
    if (!webhook || !before) throw new NotFoundError(WEBHOOK_NOT_FOUND);
    await auditUpdated(tx, principal, audited(webhook), auditedFields(before), auditedFields(webhook));
    return webhook;
  });
}

/** The endpoint and all its deliveries, pending ones included. */
export async function deleteWebhook(db: Db, principal: Principal, id: number): Promise<void> {
  await requireProjectOf(
    db,
    principal,
    await findWebhookProjectId(db, id),
    WEBHOOK_NOT_FOUND,
    'manage_webhooks',
  );
  await db.transaction(async (tx) => {
    const webhook = await findWebhook(tx, id);
    if (!webhook || !(await deleteWebhookRow(tx, id))) throw new NotFoundError(WEBHOOK_NOT_FOUND);
    await auditDeleted(tx, principal, audited(webhook), auditedFields(webhook));
  });
}

export async function webhookDeliveries(
  db: Db,
  principal: Principal,
  id: number,
  query: WebhookDeliveryQuery,
): Promise<WebhookDeliveryList> {
  await requireProjectOf(
    db,
    principal,
    await findWebhookProjectId(db, id),
    WEBHOOK_NOT_FOUND,
    'manage_webhooks',
  );
  return listDeliveries(db, id, { limit: query.limit ?? DELIVERIES_PAGE_DEFAULT, offset: query.offset ?? 0 });
}

/** Queues the same body to the same endpoint again, as a new delivery with its own id. */
export async function redeliver(
  db: Db,
  principal: Principal,
  deliveryId: number,
): Promise<WebhookDeliveryQueued> {
  const projectId = await findDeliveryProjectId(db, deliveryId);
  await requireProjectOf(db, principal, projectId, DELIVERY_NOT_FOUND, 'manage_webhooks');
  return db.transaction(async (tx) => {
    const delivery = await copyDelivery(tx, deliveryId);
    if (!delivery) throw new NotFoundError(DELIVERY_NOT_FOUND);
    await notifyDeliveryLoops(tx);
    return { message: 'Delivery queued again', delivery };
  });
}
