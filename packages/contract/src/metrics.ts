import { Type } from 'typebox';

/** GET /api/ready when the server can take requests (docs/product/operations.md). */
export const ReadyResponse = Type.Object({ status: Type.Literal('ready') });

/** GET /api/metrics: the Prometheus text exposition format, version 0.0.4. */
export const MetricsText = Type.String({
  description:
    'The Prometheus text format (text/plain; version=0.0.4): # HELP and # TYPE lines, then samples',
});
