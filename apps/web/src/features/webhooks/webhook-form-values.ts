import {
  type CreateWebhookBody,
  type UpdateWebhookBody,
  WEBHOOK_EVENTS,
  WEBHOOK_SECRET_MAX,
  WEBHOOK_SECRET_MIN,
  type Webhook,
  type WebhookEvent,
  type WebhookFormat,
} from '@verdict/contract';

/** What the add/edit form holds (docs/product/webhooks-screens.md). */
export interface WebhookFormValues {
  url: string;
  events: WebhookEvent[];
  failuresOnly: boolean;
  format: WebhookFormat;
  active: boolean;
  secret: string;
}

export const EVENT_LABELS: Record<WebhookEvent, string> = {
  'cycle.created': 'Test cycle created',
  'cycle.closed': 'Test cycle closed',
  'result.recorded': 'Result recorded',
  'import.finished': 'JUnit import finished',
  'case.changed': 'Test case changed',
};

/** The services' names as people know them (docs/product/webhooks-screens.md). */
export const FORMAT_LABELS: Record<WebhookFormat, string> = {
  json: 'JSON (Verdict events)',
  slack: 'Slack',
  teams: 'Microsoft Teams',
  'google-chat': 'Google Chat',
  discord: 'Discord',
};

export const BLANK_WEBHOOK: WebhookFormValues = {
  url: '',
  events: [...WEBHOOK_EVENTS],
  failuresOnly: false,
  format: 'json',
  active: true,
  secret: '',
};

export function formValuesOf(webhook: Webhook): WebhookFormValues {
  return {
    url: webhook.url,
    events: [...webhook.events],
    failuresOnly: webhook.failures_only,
    format: webhook.format,
    active: webhook.active,
    secret: '',
  };
}

export type WebhookFormErrors = Partial<Record<'url' | 'events' | 'secret', string>>;

/** The checks the browser can make; the server checks the address's host again. */
export function validateWebhook(values: WebhookFormValues, creating: boolean): WebhookFormErrors {
  const errors: WebhookFormErrors = {};
  const url = values.url.trim();
  if (!url) errors.url = 'Enter the address to send events to';
  else if (!/^https?:\/\/[^\s/]+/i.test(url)) errors.url = 'The address must start with http:// or https://';
  if (values.events.length === 0) errors.events = 'Choose at least one event';
  const secret = values.secret.trim();
  if (creating && secret && (secret.length < WEBHOOK_SECRET_MIN || secret.length > WEBHOOK_SECRET_MAX)) {
    errors.secret = `A secret has ${WEBHOOK_SECRET_MIN} to ${WEBHOOK_SECRET_MAX} characters; leave it empty to have one made`;
  }
  return errors;
}

/** Events in the catalogue's order, whichever order they were ticked in. */
const ordered = (events: WebhookEvent[]) => WEBHOOK_EVENTS.filter((event) => events.includes(event));

export function createBodyOf(values: WebhookFormValues): CreateWebhookBody {
  const secret = values.secret.trim();
  return {
    url: values.url.trim(),
    events: ordered(values.events),
    failures_only: values.events.includes('result.recorded') && values.failuresOnly,
    format: values.format,
    active: values.active,
    ...(secret ? { secret } : {}),
  };
}

export function updateBodyOf(values: WebhookFormValues): UpdateWebhookBody {
  return {
    url: values.url.trim(),
    events: ordered(values.events),
    failures_only: values.events.includes('result.recorded') && values.failuresOnly,
    format: values.format,
    active: values.active,
  };
}
