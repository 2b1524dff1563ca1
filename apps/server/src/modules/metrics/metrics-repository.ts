import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

export interface WebhookQueueFigures {
  pending: number;
  overdue: number;
  failed: number;
}

/**
 * The webhook queue, read only when the metrics are scraped, in one pass over the deliveries (no
 * index covers every state); docs/decisions/152-metrics-figures.md says what that costs.
 * Overdue: pending deliveries whose attempt is more than a minute late, a sign the loop is stuck.
 */
export async function readWebhookQueue(db: Db): Promise<WebhookQueueFigures> {
  const [row] = await queryRows<WebhookQueueFigures>(
    db,
    sql`select
      count(*) filter (where state = 'pending')::int as pending,
      count(*) filter (where state = 'pending' and next_attempt_at < now() - interval '1 minute')::int as overdue,
      count(*) filter (where state = 'failed')::int as failed
    from webhook_deliveries`,
  );
  return row ?? { pending: 0, overdue: 0, failed: 0 };
}
