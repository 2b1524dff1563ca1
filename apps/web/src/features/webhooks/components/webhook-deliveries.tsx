import type { WebhookDelivery } from '@verdict/contract';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { StatusBadge } from '@/components/ui/status-badge';
import { useToast } from '@/components/ui/toast';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { DELIVERIES_PAGE, useRedeliver, useWebhookDeliveries } from '../api/webhooks';

const STATE_LABELS: Record<WebhookDelivery['state'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

/**
 * The badge of a delivery state: delivered green, failed red, pending blue ("Retrying" once an
 * attempt has failed).
 */
export function DeliveryState({ state, tried }: { state: WebhookDelivery['state']; tried: boolean }) {
  const label = state === 'pending' && tried ? 'Retrying' : STATE_LABELS[state];
  return <StatusBadge value={state === 'delivered' ? 'passed' : state} label={label} />;
}

/** What the receiver answered, or why there was no answer. */
function answerOf(delivery: WebhookDelivery): string {
  if (delivery.response_code !== null) return `HTTP ${delivery.response_code}`;
  if (delivery.attempts === 0) return 'Not sent yet';
  return 'No answer';
}

/**
 * One endpoint's deliveries, newest first, a page at a time: state, event, the answer's code and
 * time, attempts, and "Redeliver" (docs/product/webhooks-screens.md, "Deliveries").
 */
export function WebhookDeliveries({ webhookId, id }: { webhookId: number; id: string }) {
  const [offset, setOffset] = useState(0);
  const deliveries = useWebhookDeliveries(webhookId, offset);
  const redeliver = useRedeliver();
  const { show } = useToast();

  const resend = (delivery: WebhookDelivery) =>
    redeliver.mutate(delivery.id, {
      onSuccess: (answer) => {
        show(`Delivery ${delivery.id} queued again as ${answer.delivery.id}`);
        setOffset(0);
      },
      onError: (error) => show(errorText(error, 'Failed to redeliver'), 'error'),
    });

  let body: ReactNode;
  if (deliveries.isPending) body = <p>Loading deliveries...</p>;
  else if (deliveries.isError)
    body = <ErrorBox message={errorText(deliveries.error, 'Failed to fetch the deliveries')} />;
  else if (deliveries.data.total === 0) body = <p className="muted">No deliveries yet.</p>;
  else {
    const { items, total } = deliveries.data;
    body = (
      <>
        <ul className="webhook-delivery-list" aria-label="Deliveries, newest first">
          {items.map((delivery) => (
            <li key={delivery.id} className="webhook-delivery">
              <div className="webhook-delivery-main">
                <DeliveryState
                  state={delivery.state}
                  tried={delivery.response_code !== null || delivery.error !== null}
                />
                <code className="webhook-delivery-event">{delivery.event}</code>
                <span className="muted">#{delivery.id}</span>
              </div>
              <dl className="webhook-delivery-facts">
                <div>
                  <dt>Queued</dt>
                  <dd>{formatDateTime(delivery.created_at)}</dd>
                </div>
                <div>
                  <dt>Answer</dt>
                  <dd>{answerOf(delivery)}</dd>
                </div>
                <div>
                  <dt>Time</dt>
                  <dd>{delivery.response_ms === null ? '-' : `${delivery.response_ms} ms`}</dd>
                </div>
                <div>
                  <dt>Attempts</dt>
                  <dd>{delivery.attempts}</dd>
                </div>
                {delivery.next_attempt_at && delivery.attempts > 0 ? (
                  <div>
                    <dt>Next attempt</dt>
                    <dd>{formatDateTime(delivery.next_attempt_at)}</dd>
                  </div>
                ) : null}
              </dl>
              {delivery.error ? <p className="webhook-delivery-error">{delivery.error}</p> : null}
              <Button
                size="sm"
                variant="secondary"
                className="webhook-redeliver"
                busy={redeliver.isPending && redeliver.variables === delivery.id}
                onClick={() => resend(delivery)}
                aria-label={`Redeliver delivery ${delivery.id} (${delivery.event})`}
              >
                Redeliver
              </Button>
            </li>
          ))}
        </ul>
        {total > DELIVERIES_PAGE ? (
          <div className="webhook-delivery-pages">
            <Button
              size="sm"
              variant="ghost"
              disabled={offset === 0}
              onClick={() => setOffset(offset - DELIVERIES_PAGE)}
            >
              Newer
            </Button>
            <span className="muted">
              {offset + 1}–{Math.min(offset + DELIVERIES_PAGE, total)} of {total}
            </span>
            <Button
              size="sm"
              variant="ghost"
              disabled={offset + DELIVERIES_PAGE >= total}
              onClick={() => setOffset(offset + DELIVERIES_PAGE)}
            >
              Older
            </Button>
          </div>
        ) : null}
      </>
    );
  }
  return (
    <section id={id} className="webhook-deliveries" aria-label="Deliveries">
      {body}
    </section>
  );
}
