import type { Webhook } from '@verdict/contract';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDateTime } from '@/lib/format-date';
import { FORMAT_LABELS } from '../webhook-form-values';
import { DeliveryState, WebhookDeliveries } from './webhook-deliveries';

export interface WebhookRowProps {
  webhook: Webhook;
  onEdit: () => void;
  onDelete: () => void;
}

/** One endpoint: its address, format, events, whether it is on, its last delivery, and its actions. */
export function WebhookRow({ webhook, onEdit, onDelete }: WebhookRowProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const last = webhook.last_delivery;
  return (
    <li className="webhook-row">
      <div className="webhook-summary">
        <span className="webhook-url">{webhook.url}</span>
        <StatusBadge
          value={webhook.active ? 'active' : 'inactive'}
          label={webhook.active ? 'Active' : 'Off'}
        />
      </div>
      <p className="webhook-format">Format: {FORMAT_LABELS[webhook.format]}</p>
      <ul className="webhook-event-list" aria-label={`Events of ${webhook.url}`}>
        {webhook.events.map((event) => (
          <li key={event}>
            <code>{event}</code>
            {event === 'result.recorded' && webhook.failures_only ? ' (failures only)' : null}
          </li>
        ))}
      </ul>
      <p className="webhook-last">
        Last delivery:{' '}
        {last ? (
          <>
            <DeliveryState state={last.state} tried={last.response_code !== null} />{' '}
            {last.response_code === null ? '' : `HTTP ${last.response_code}, `}
            {formatDateTime(last.created_at)}
          </>
        ) : (
          'none yet'
        )}
      </p>
      <div className="webhook-actions">
        <Button
          size="sm"
          variant="secondary"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          aria-label={`${open ? 'Hide Deliveries' : 'Deliveries'} of ${webhook.url}`}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide Deliveries' : 'Deliveries'}
        </Button>
        <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit webhook to ${webhook.url}`}>
          Edit
        </Button>
        <Button size="sm" variant="danger" onClick={onDelete} aria-label={`Delete webhook to ${webhook.url}`}>
          Delete
        </Button>
      </div>
      {open ? <WebhookDeliveries webhookId={webhook.id} id={panelId} /> : null}
    </li>
  );
}
