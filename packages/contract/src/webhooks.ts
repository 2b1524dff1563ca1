import { type Static, Type } from 'typebox';

/** Webhooks: a project's endpoints told of its events (docs/product/webhooks.md). */

export const WEBHOOK_EVENTS = [
  'cycle.created',
  'cycle.closed',
  'result.recorded',
  'import.finished',
  'case.changed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * What an endpoint is sent: Verdict's event JSON (`json`), or a chat service's message built from
 * the event (docs/product/webhooks.md, "Chat formats").
 */
export const WEBHOOK_FORMATS = ['json', 'slack', 'teams', 'google-chat', 'discord'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_SECRET_MIN = 16;
export const WEBHOOK_SECRET_MAX = 200;
/** A project may have this many endpoints. */
export const WEBHOOKS_PER_PROJECT_MAX = 20;
/** One `case.changed` of a bulk change names at most this many cases (`truncated` says when more). */
export const WEBHOOK_CASE_IDS_MAX = 1000;

/** The headers of every delivery. */
export const WEBHOOK_HEADERS = {
  signature: 'x-verdict-signature',
  delivery: 'x-verdict-delivery',
  timestamp: 'x-verdict-timestamp',
  event: 'x-verdict-event',
} as const;

export const WebhookEventName = Type.Union([
  Type.Literal('cycle.created'),
  Type.Literal('cycle.closed'),
  Type.Literal('result.recorded'),
  Type.Literal('import.finished'),
  Type.Literal('case.changed'),
]);

export const WebhookFormatName = Type.Union([
  Type.Literal('json'),
  Type.Literal('slack'),
  Type.Literal('teams'),
  Type.Literal('google-chat'),
  Type.Literal('discord'),
]);

export const WebhookDeliveryState = Type.Union([
  Type.Literal('pending'),
  Type.Literal('delivered'),
  Type.Literal('failed'),
]);
export type WebhookDeliveryState = Static<typeof WebhookDeliveryState>;

/** The last delivery of an endpoint, as its list shows it. */
export const WebhookLastDelivery = Type.Object({
  id: Type.Integer(),
  state: WebhookDeliveryState,
  response_code: Type.Union([Type.Integer(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
});

/** An endpoint as listed: never its secret. */
export const Webhook = Type.Object({
  id: Type.Integer(),
  project_id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(WebhookEventName),
  failures_only: Type.Boolean(),
  format: WebhookFormatName,
  active: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  last_delivery: Type.Union([WebhookLastDelivery, Type.Null()]),
});
export type Webhook = Static<typeof Webhook>;
export const WebhookList = Type.Array(Webhook);
export type WebhookList = Static<typeof WebhookList>;

const WebhookUrl = Type.String({ minLength: 1, maxLength: WEBHOOK_URL_MAX });
const WebhookEvents = Type.Array(WebhookEventName, { minItems: 1, maxItems: WEBHOOK_EVENTS.length });

export const CreateWebhookBody = Type.Object(
  {
    url: WebhookUrl,
    events: WebhookEvents,
    failures_only: Type.Optional(Type.Boolean()),
    /** `json` when left out. */
    format: Type.Optional(WebhookFormatName),
    active: Type.Optional(Type.Boolean()),
    secret: Type.Optional(Type.String({ minLength: WEBHOOK_SECRET_MIN, maxLength: WEBHOOK_SECRET_MAX })),
  },
  { additionalProperties: false },
);
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;

/** Omitted fields keep their value; the secret cannot be changed here. */
export const UpdateWebhookBody = Type.Object(
  {
    url: Type.Optional(WebhookUrl),
    events: Type.Optional(WebhookEvents),
    failures_only: Type.Optional(Type.Boolean()),
    format: Type.Optional(WebhookFormatName),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateWebhookBody = Static<typeof UpdateWebhookBody>;

/** The answer of a create: the only time the secret is shown. */
export const WebhookCreated = Type.Object({
  message: Type.String(),
  webhook: Webhook,
  secret: Type.String({ description: 'The signing secret; shown only in this answer' }),
});
export type WebhookCreated = Static<typeof WebhookCreated>;

export const WebhookMutation = Type.Object({ message: Type.String(), webhook: Webhook });
export type WebhookMutation = Static<typeof WebhookMutation>;

export const WebhookDelivery = Type.Object({
  id: Type.Integer(),
  webhook_id: Type.Integer(),
  event: WebhookEventName,
  state: WebhookDeliveryState,
  attempts: Type.Integer(),
  response_code: Type.Union([Type.Integer(), Type.Null()]),
  response_ms: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  next_attempt_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  delivered_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WebhookDeliveryList = Type.Object({
  items: Type.Array(WebhookDelivery),
  total: Type.Integer(),
});
export type WebhookDeliveryList = Static<typeof WebhookDeliveryList>;

export const WebhookDeliveryQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);
export type WebhookDeliveryQuery = Static<typeof WebhookDeliveryQuery>;

export const WebhookDeliveryQueued = Type.Object({ message: Type.String(), delivery: WebhookDelivery });
export type WebhookDeliveryQueued = Static<typeof WebhookDeliveryQueued>;
