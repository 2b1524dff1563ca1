import type { ListQuery } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';

/**
 * SQL for the optional `?limit=&offset=&q=` of every list (docs/product/README.md, "Conventions
 * every call follows"). Shared by the
 * lists (users, roles, permissions, projects, suites, cases, runs); without parameters a list answers whole.
 */
export function pageClause(query: ListQuery): SQL {
  const limit = query.limit === undefined ? sql`` : sql` limit ${query.limit}`;
  const offset = query.offset ? sql` offset ${query.offset}` : sql``;
  return sql`${limit}${offset}`;
}

/**
 * Case-insensitive "contains" over any of the columns. strpos instead of LIKE, so `%` and `_`
 * typed in a search box match themselves rather than acting as wildcards.
 */
export function textMatches(q: string | undefined, ...columns: SQL[]): SQL {
  const needle = q?.trim().toLowerCase();
  if (!needle) return sql`true`;
  const tests = columns.map((column) => sql`strpos(lower(${column}), ${needle}) > 0`);
  return sql`(${sql.join(tests, sql` or `)})`;
}
