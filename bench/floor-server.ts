import Fastify from 'fastify';

/**
 * The floor: a bare Fastify route with no auth and no database, answering a JSON body of the
 * requested size. Every endpoint's throughput is compared with this at the same size.
 */
const app = Fastify({ logger: false });
const bodies = new Map<number, string>();
app.get('/floor', async (request, reply) => {
  const bytes = Number((request.query as { bytes?: string }).bytes ?? 64);
  let body = bodies.get(bytes);
  if (!body) {
    body = JSON.stringify({ pad: 'x'.repeat(Math.max(0, bytes - 10)) });
    bodies.set(bytes, body);
  }
  return reply.type('application/json').send(body);
});
const port = Number(process.env.PORT ?? 3390);
await app.listen({ port, host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
