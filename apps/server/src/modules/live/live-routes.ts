import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { principalOf } from '../../plugins/auth.ts';
import type { OpenSession } from '../authz/stream-access.ts';
import { NOTIFICATIONS_CHANNEL, notifiedUsers } from '../notifications/notifications-channel.ts';
import { CHANGES_CHANNEL, LiveHub, parseChange } from './live-hub.ts';

/** A comment line every so often keeps proxies and browsers from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** How long a browser waits before it reconnects after the stream broke. */
const RETRY_MS = 2_000;
/**
 * How often the open sessions are checked even when nothing was said: one that expired, or that
 * a change no notification tells of ended, closes within this time.
 */
const SESSION_SWEEP_MS = 60_000;

/**
 * `GET /api/events`: a server-sent event stream of what changed in the projects the caller sees
 * (docs/product/cycles.md, "Live"). Each event is `event: change` with `{kind, projects, cycles}`;
 * the app reloads what it shows of those.
 */
export const liveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const hub = new LiveHub(
    app.db,
    { perUser: app.config.liveStreamsPerUser, total: app.config.liveStreamsMax },
    (error, what) => app.log.warn({ err: error }, what),
  );
  const streams = new Set<() => void>();

  const unlisten = await app.database.listen(
    CHANGES_CHANNEL,
    (payload) => {
      const change = parseChange(payload);
      if (change) hub.publish(change);
    },
    () => {},
  );
  const unlistenNotifications = await app.database.listen(
    NOTIFICATIONS_CHANNEL,
    (payload) => hub.notifyUsers(notifiedUsers(payload)),
    () => {},
  );
  // A stream lives no longer than the session that opened it.
  const stopChecking = app.onAuthChange(() => hub.checkSessions());
  const sweep = setInterval(() => hub.checkSessions(), SESSION_SWEEP_MS);
  sweep.unref();
  // Open streams would keep the server from closing: they end first.
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    stopChecking();
    await unlisten();
    await unlistenNotifications();
  });

  app.get(
    '/api/events',
    {
      config: { access: 'signed-in', errors: [429] },
      schema: {
        tags: ['live updates'],
        summary: 'Server-sent events: what changed in the projects the caller sees',
        description:
          'A text/event-stream. Each change is `event: change` with data `{kind: "runs" | "cycles", ' +
          'projects: number[], cycles: number[] | null}`, sent after the write committed, on every ' +
          'server instance; cycle changes only where the caller holds home_test_cycle. The stream ends ' +
          'when the session that opened it does (sign-out, password change, deactivation, deletion, ' +
          "API token revoked). `event: notifications` (data `{}`) tells that the caller's notifications " +
          'changed: reload the unread count. 429 past LIVE_STREAMS_PER_USER streams of one user, or LIVE_STREAMS_MAX ' +
          'in all, on one server instance.',
        produces: ['text/event-stream'],
        response: { 200: Type.String({ description: 'An event stream' }) },
      },
    },
    async (request, reply) => {
      const raw = reply.raw;
      let end = () => {};
      const remove = hub.add({
        session: openSessionOf(request),
        send: (event, data) => {
          if (!raw.writableEnded) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        },
        end: () => end(),
      });
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      raw.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      end = () => {
        clearInterval(heartbeat);
        remove();
        streams.delete(end);
        if (!raw.writableEnded) raw.end();
      };
      streams.add(end);
      request.raw.on('close', end);
      // A caller gone while it was being authenticated would otherwise hold its place for good.
      if (request.raw.socket?.destroyed) end();
    },
  );
};

/** The caller's session as authentication checked it, to be checked again while the stream lasts. */
function openSessionOf(request: FastifyRequest): OpenSession {
  const principal = principalOf(request);
  return {
    userId: principal.id,
    tokenVersion: principal.tokenVersion,
    jti: request.tokenClaims?.jti ?? null,
    expiresAt: request.tokenClaims?.exp ?? null,
    apiTokenId: request.apiTokenId,
  };
}
