import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Tx } from '../../src/db/client.ts';
import { isGuardedRoute } from '../../src/plugins/input-guard.ts';
import type { RouteEntry } from '../../src/plugins/route-catalogue.ts';

/** Shared by the security-*.test.ts files. */

/**
 * A digest of every row of every table (or of the tables named), so a test can prove that a
 * refused request changed nothing at all, not only the rows it expected to be touched.
 */
export async function checksum(db: Tx, except: string[] = []): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const sums: Record<string, string> = {};
  for (const { name } of tables) {
    if (except.includes(name)) continue;
    const [row] = await queryRows<{ n: number; sum: string }>(
      db,
      sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as sum
               from "${name}" t`),
    );
    sums[name] = `${row!.n}:${row!.sum}`;
  }
  return sums;
}

/** The API routes (not the docs' static files), one per method, HEAD left out. */
export function apiRoutes(app: FastifyInstance): RouteEntry[] {
  return app.routeCatalogue.filter((r) => r.method !== 'HEAD' && isGuardedRoute(r.url));
}

export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** The route's URL with every path parameter set to `id`. */
export function withIds(url: string, id: number | string = 1): string {
  return url.replace(/:[A-Za-z]+/g, String(id));
}

/** Routes that answer an endless event stream: a test reads their headers, then closes them. */
export const STREAM_ROUTES = new Set(['GET /api/events']);
