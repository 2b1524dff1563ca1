import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app; every path outside /api gets index.html (history fallback) so a
 * deep link such as /cases/12 loads. /api paths that match nothing answer a JSON 404.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const indexHtml = path.join(webDist, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (apps/web/precompress.ts).
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Hashed names change with their content, so a browser may keep them for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/') || !hasWeb || request.method !== 'GET') {
      return reply
        .status(404)
        .send({ message: `No such address: ${request.method} ${pathname}`, code: 'not_found' });
    }
    // A missing asset must not turn into the app's HTML.
    if (pathname.startsWith('/assets/'))
      return reply.status(404).send({ message: 'Not found', code: 'not_found' });
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
