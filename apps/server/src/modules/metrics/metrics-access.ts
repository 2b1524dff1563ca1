import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors.ts';

export const METRICS_TOKEN_NEEDED =
  'The metrics need the metrics token: send Authorization: Bearer <METRICS_TOKEN>';
export const METRICS_TOKEN_WRONG = 'That is not the metrics token';
export const METRICS_LOOPBACK_ONLY =
  'The metrics are served only to this machine (127.0.0.1 or ::1, not through a proxy) while METRICS_TOKEN is not set';

// A reverse proxy on this machine connects from loopback for every caller it forwards; these
// headers say it is forwarding, so such a request is not taken as a local one.
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read /api/metrics (docs/decisions/151-metrics-access.md): with METRICS_TOKEN set, exactly
 * the callers that send it as a bearer token, from anywhere; without it, only direct connections
 * from this machine's loopback addresses.
 */
export function checkMetricsAccess(request: FastifyRequest, token: string | undefined): void {
  if (token) {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new UnauthorizedError(METRICS_TOKEN_NEEDED);
    // Compared as digests of equal length, in constant time.
    if (!timingSafeEqual(digest(match[1]), digest(token))) throw new UnauthorizedError(METRICS_TOKEN_WRONG);
    return;
  }
  // The connection's own peer, never X-Forwarded-For, even with TRUST_PROXY.
  const peer = request.socket.remoteAddress;
  const local = peer !== undefined && ipaddr.isValid(peer) && ipaddr.process(peer).range() === 'loopback';
  if (!local || FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) {
    throw new ForbiddenError(METRICS_LOOPBACK_ONLY, 'loopback_only');
  }
}
