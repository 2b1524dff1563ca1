import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../plugins/auth.ts';
import { CHANGES_CHANNEL, LiveHub, parseChange } from './live-hub.ts';

/** A comment line every so often keeps proxies and browsers from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** How long a browser waits before it reconnects after the stream broke. */
const RETRY_MS = 2_000;

/**
 * `GET /api/events`: a server-sent event stream of what changed in the projects the caller sees
 * (docs/product/cycles.md, "Live"). Each event is `event: change` with `{kind, projects, cycles}`;
 * the app reloads what it shows of those.
 */
export const liveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const hub = new LiveHub(app.db);
  const streams = new Set<() => void>();

  const unlisten = await app.database.listen(
    CHANGES_CHANNEL,
    (payload) => {
      const change = parseChange(payload);
      if (change && hub.size > 0) {
        hub.dispatch(change).catch((error) => app.log.warn({ err: error }, 'live update failed'));
      }
    },
    () => {},
  );
  // Open streams would keep the server from closing: they end first.
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });
  app.addHook('onClose', async () => {
    await unlisten();
  });

  app.get(
    '/api/events',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['live updates'],
        summary: 'Server-sent events: what changed in the projects the caller sees',
        description:
          'A text/event-stream. Each change is `event: change` with data `{kind: "runs" | "cycles", ' +
          'projects: number[], cycles: number[] | null}`, sent after the write committed, on every ' +
          'server instance; cycle changes only where the caller holds home_test_cycle.',
        produces: ['text/event-stream'],
        response: { 200: Type.String({ description: 'An event stream' }) },
      },
    },
    async (request, reply) => {
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      raw.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      const send = (event: string, data: unknown) => {
        raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      const remove = hub.add({ principal: principalOf(request), send });
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      const end = () => {
        clearInterval(heartbeat);
        remove();
        streams.delete(end);
        if (!raw.writableEnded) raw.end();
      };
      streams.add(end);
      request.raw.on('close', end);
    },
  );
};
