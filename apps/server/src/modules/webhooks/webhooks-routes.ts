import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateWebhookBody,
  IdParams,
  MessageResponse,
  UpdateWebhookBody,
  WebhookCreated,
  WebhookDeliveryList,
  WebhookDeliveryQuery,
  WebhookDeliveryQueued,
  WebhookList,
  WebhookMutation,
} from '@verdict/contract';
import { runWithApp } from '../../lib/outbox-loop.ts';
import { principalOf } from '../../plugins/auth.ts';
import { setChatLinkBase } from './chat-formats/chat-links.ts';
import { WEBHOOKS_CHANNEL } from './webhook-deliveries-repository.ts';
import { webhookLoop } from './webhook-worker.ts';
import {
  createWebhook,
  deleteWebhook,
  projectWebhooks,
  redeliver,
  updateWebhook,
  webhookDeliveries,
} from './webhooks-service.ts';

const tags = ['webhooks'];
/**
 * Deliveries in flight at once from one server instance. One endpoint has at most one in flight
 * and one project at most PROJECT_IN_FLIGHT_MAX (webhook-deliveries-repository.ts), so a project whose receivers
 * hang leaves the other slots to other projects.
 */
const DELIVERY_CONCURRENCY = 8;

/** docs/product/webhooks.md: the endpoints, their deliveries, and this instance's delivery loop. */
export const webhooksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const allowPrivate = app.config.webhookAllowPrivate;
  setChatLinkBase(app.config.publicUrl);
  const loop = webhookLoop(app.db, {
    allowPrivate,
    retryBaseMs: app.config.webhookRetryBaseMs,
    concurrency: DELIVERY_CONCURRENCY,
    log: app.log,
  });
  await runWithApp(app, WEBHOOKS_CHANNEL, loop);

  app.get(
    '/api/projects/:id/webhooks',
    {
      config: { access: { project: 'manage_webhooks' }, errors: [404] },
      schema: {
        tags,
        summary: "A project's webhooks (never their secrets), each with its last delivery",
        params: IdParams,
        response: { 200: WebhookList },
      },
    },
    (request) => projectWebhooks(app.db, principalOf(request), request.params.id),
  );

  app.post(
    '/api/projects/:id/webhooks',
    {
      config: { access: { project: 'manage_webhooks' }, authCache: 'keeps', errors: [404, 409] },
      schema: {
        tags,
        summary: 'Add a webhook; its signing secret (generated unless given) is answered only here',
        params: IdParams,
        body: CreateWebhookBody,
        response: { 201: WebhookCreated },
      },
    },
    async (request, reply) => {
      const created = await createWebhook(
        app.db,
        principalOf(request),
        request.params.id,
        request.body,
        allowPrivate,
      );
      return reply.status(201).send({ message: 'Webhook added', ...created });
    },
  );

  app.put(
    '/api/webhooks/:id',
    {
      config: { access: { project: 'manage_webhooks' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary:
          "Change a webhook's address, events, failures-only, format or active; omitted fields are kept",
        params: IdParams,
        body: UpdateWebhookBody,
        response: { 200: WebhookMutation },
      },
    },
    async (request) => {
      const webhook = await updateWebhook(
        app.db,
        principalOf(request),
        request.params.id,
        request.body,
        allowPrivate,
      );
      return { message: 'Webhook saved', webhook };
    },
  );

  app.delete(
    '/api/webhooks/:id',
    {
      config: { access: { project: 'manage_webhooks' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: 'Delete a webhook and its deliveries',
        params: IdParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await deleteWebhook(app.db, principalOf(request), request.params.id);
      return { message: 'Webhook deleted' };
    },
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      config: { access: { project: 'manage_webhooks' }, errors: [404] },
      schema: {
        tags,
        summary: "A webhook's deliveries, newest first, paged (`limit` 1–200, default 50; `offset`)",
        params: IdParams,
        querystring: WebhookDeliveryQuery,
        response: { 200: WebhookDeliveryList },
      },
    },
    (request) => webhookDeliveries(app.db, principalOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/webhook-deliveries/:id/redeliver',
    {
      config: { access: { project: 'manage_webhooks' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: 'Send a delivery again: a new delivery of the same body, due at once',
        params: IdParams,
        response: { 201: WebhookDeliveryQueued },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await redeliver(app.db, principalOf(request), request.params.id)),
  );
};
