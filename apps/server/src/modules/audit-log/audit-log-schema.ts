import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The tables the audit-log module owns (decision 176; docs/database.md lists every table's owner). */

/**
 * The audit log: one row per change of a user, sub-user, role, permission,
 * project, member, suite, case or run, and per sign-in, failed sign-in and logout, written in
 * the same transaction as the change. No foreign keys: entries outlive the users and rows they
 * name, so the actor's name and email are copied. Newest first is a backward scan of the primary
 * key; each filter has an (x, id) index so a page stays an index range whatever its depth; the
 * trigram index (pg_trgm, created only where the extension is available) serves the search.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id'),
    projectId: integer('project_id'),
    summary: text('summary').notNull(),
    // {field: {before, after}}: only changed fields; never a password or its hash.
    changes: jsonb('changes'),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_entity_idx').on(t.entityType, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_summary_trgm_idx').using('gin', t.summary.op('gin_trgm_ops')),
    check(
      'audit_log_action_check',
      sql`${t.action} in ('create', 'update', 'delete', 'sign_in', 'sign_in_failed', 'logout')`,
    ),
    check(
      'audit_log_entity_type_check',
      sql`${t.entityType} in ('user', 'sub_user', 'role', 'permission', 'project', 'member', 'suite', 'case', 'run', 'session', 'cycle', 'webhook', 'milestone', 'configuration_group', 'plan', 'requirement', 'shared_steps')`,
    ),
  ],
);
