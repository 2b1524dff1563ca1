import type { AuditAction, AuditChanges, AuditEntity, AuditLogEntry } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { auditLog } from './audit-log-schema.ts';

export type NewAuditRow = typeof auditLog.$inferInsert;

export async function insertAuditEntry(tx: Tx, row: NewAuditRow): Promise<void> {
  await tx.insert(auditLog).values(row);
}

/** The filters of one page; each present one becomes one condition on its own index. */
export interface AuditFilters {
  /** Already escaped for LIKE and wrapped in `%`. */
  pattern?: string | undefined;
  actorId?: number | undefined;
  entity?: AuditEntity | undefined;
  action?: AuditAction | undefined;
  /** ISO instants: at or after `from`, before `toExclusive`. */
  from?: string | undefined;
  toExclusive?: string | undefined;
  before?: number | undefined;
}

interface AuditRow {
  id: number | string;
  at: Date | string;
  actor_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
  action: AuditAction;
  entity_type: AuditEntity;
  entity_id: number | null;
  project_id: number | null;
  summary: string;
  changes: AuditChanges | string | null;
}

function toEntry(row: AuditRow): AuditLogEntry {
  return {
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    actor_id: row.actor_id,
    actor_name: row.actor_name,
    actor_email: row.actor_email,
    action: row.action,
    entity: row.entity_type,
    entity_id: row.entity_id,
    project_id: row.project_id,
    summary: row.summary,
    changes: typeof row.changes === 'string' ? (JSON.parse(row.changes) as AuditChanges) : row.changes,
  };
}

/**
 * Newest first, keyset-paged by id: a page is "the next `limit` ids below the cursor", an index
 * range on the primary key or on the (filter, id) index of a filter, so page 1000 costs what
 * page 1 does. At most `limit` rows; the caller asks for one more to know if there is more.
 */
export function auditPageQuery(filters: AuditFilters, limit: number): SQL {
  const conditions: SQL[] = [];
  if (filters.before !== undefined) conditions.push(sql`id < ${filters.before}`);
  if (filters.actorId !== undefined) conditions.push(sql`actor_id = ${filters.actorId}`);
  if (filters.entity !== undefined) conditions.push(sql`entity_type = ${filters.entity}`);
  if (filters.action !== undefined) conditions.push(sql`action = ${filters.action}`);
  if (filters.from !== undefined) conditions.push(sql`at >= ${filters.from}::timestamptz`);
  if (filters.toExclusive !== undefined) conditions.push(sql`at < ${filters.toExclusive}::timestamptz`);
  if (filters.pattern !== undefined) conditions.push(sql`summary ilike ${filters.pattern}`);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  return sql`
    select id, at, actor_id, actor_name, actor_email, action, entity_type, entity_id, project_id,
      summary, changes
    from audit_log
    ${where}
    order by id desc
    limit ${limit}`;
}

export async function selectAuditPage(
  db: Tx,
  filters: AuditFilters,
  limit: number,
): Promise<AuditLogEntry[]> {
  const rows = await queryRows<AuditRow>(db, auditPageQuery(filters, limit));
  return rows.map(toEntry);
}
