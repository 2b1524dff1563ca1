import { AUDIT_PAGE_DEFAULT, type AuditLogPage, type AuditLogQuery } from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { type AuditFilters, selectAuditPage } from './audit-log-repository.ts';

const DAY_MS = 86_400_000;
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** `%` and `_` typed in the search box match themselves, as in every other list's search. */
function likePattern(q: string | undefined): string | undefined {
  const needle = q?.trim();
  if (!needle) return undefined;
  return `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `to` as a day means to the end of that day (UTC); as an instant, up to and including its
 * millisecond (the database keeps microseconds, an ISO instant in JSON only milliseconds, so an
 * entry's own `at` used as `to` still finds it).
 */
function upperBound(to: string | undefined): string | undefined {
  if (to === undefined) return undefined;
  if (isDay(to)) return new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString();
  return new Date(Date.parse(to) + 1).toISOString();
}

/** The query's filters as the repository takes them. */
export function auditFiltersOf(query: AuditLogQuery): AuditFilters {
  return {
    pattern: likePattern(query.q),
    actorId: query.user_id,
    entity: query.entity,
    action: query.action,
    from: query.from === undefined ? undefined : isDay(query.from) ? `${query.from}T00:00:00Z` : query.from,
    toExclusive: upperBound(query.to),
    before: query.before,
  };
}

/** One page of the audit log, newest first, and the cursor of the next (older) page. */
export async function listAuditLog(db: Db, query: AuditLogQuery): Promise<AuditLogPage> {
  const limit = query.limit ?? AUDIT_PAGE_DEFAULT;
  const rows = await selectAuditPage(db, auditFiltersOf(query), limit + 1);
  const items = rows.slice(0, limit);
  const more = rows.length > limit;
  return { items, next_cursor: more ? (items.at(-1)?.id ?? null) : null, limit };
}
