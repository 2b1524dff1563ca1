import { type Static, Type } from 'typebox';
import { Id } from './common.ts';

/**
 * The audit log: who changed what and when, written in the same transaction as each change.
 * `GET /api/audit-log` (permission `view_audit_log`) answers it newest first, a page at a time.
 */

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'sign_in', 'sign_in_failed', 'logout'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITIES = [
  'user',
  'sub_user',
  'role',
  'permission',
  'project',
  'member',
  'suite',
  'case',
  'run',
  'session',
  'cycle',
  'webhook',
  'milestone',
  'configuration_group',
  'plan',
  'requirement',
  'shared_steps',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** What a password (or anything secret) shows as in `changes`: its value is never recorded. */
export const AUDIT_REDACTED = '[redacted]';

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;
export const AUDIT_SEARCH_MAX = 200;

const AuditActionSchema = Type.Union([
  Type.Literal('create'),
  Type.Literal('update'),
  Type.Literal('delete'),
  Type.Literal('sign_in'),
  Type.Literal('sign_in_failed'),
  Type.Literal('logout'),
]);
const AuditEntitySchema = Type.Union([
  Type.Literal('user'),
  Type.Literal('sub_user'),
  Type.Literal('role'),
  Type.Literal('permission'),
  Type.Literal('project'),
  Type.Literal('member'),
  Type.Literal('suite'),
  Type.Literal('case'),
  Type.Literal('run'),
  Type.Literal('session'),
  Type.Literal('cycle'),
  Type.Literal('webhook'),
  Type.Literal('milestone'),
  Type.Literal('configuration_group'),
  Type.Literal('plan'),
  Type.Literal('requirement'),
  Type.Literal('shared_steps'),
]);
// The lists and the schemas name the same values.
const _actionsMatch: AuditAction extends Static<typeof AuditActionSchema> ? true : never = true;
const _entitiesMatch: AuditEntity extends Static<typeof AuditEntitySchema> ? true : never = true;
void _actionsMatch;
void _entitiesMatch;

/** A day (`2026-03-01`, the whole day in UTC) or an instant with its offset (ISO 8601). */
const AuditDate = Type.Union([Type.String({ format: 'date' }), Type.String({ format: 'date-time' })]);

export const AuditLogQuery = Type.Object(
  {
    /** Case-insensitive substring of the summary; `%` and `_` are literal. */
    q: Type.Optional(Type.String({ maxLength: AUDIT_SEARCH_MAX })),
    /** Entries made by this user (for sign-in failures: attempts on their account). */
    user_id: Type.Optional(Id),
    entity: Type.Optional(AuditEntitySchema),
    action: Type.Optional(AuditActionSchema),
    /** Entries at or after this instant (a day: from its start). */
    from: Type.Optional(AuditDate),
    /** Entries at or before this instant (a day: to its end). */
    to: Type.Optional(AuditDate),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_PAGE_MAX, default: AUDIT_PAGE_DEFAULT })),
    /** The cursor: entries with a smaller id than this (`next_cursor` of the previous page). */
    before: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  },
  { additionalProperties: false },
);
export type AuditLogQuery = Static<typeof AuditLogQuery>;

/** `{field: {before, after}}`: only the fields that changed; null before a create, after a delete. */
export const AuditChanges = Type.Record(
  Type.String(),
  Type.Object({ before: Type.Unknown(), after: Type.Unknown() }),
);
export type AuditChanges = Static<typeof AuditChanges>;

export const AuditLogEntry = Type.Object({
  id: Type.Integer(),
  /** ISO 8601. */
  at: Type.String(),
  /** Null for the system (first start) and for a failed sign-in with an unknown email. */
  actor_id: Type.Union([Type.Integer(), Type.Null()]),
  /** Copied when the entry was written, so it stays after the user is renamed or deleted. */
  actor_name: Type.Union([Type.String(), Type.Null()]),
  actor_email: Type.Union([Type.String(), Type.Null()]),
  action: AuditActionSchema,
  entity: AuditEntitySchema,
  entity_id: Type.Union([Type.Integer(), Type.Null()]),
  project_id: Type.Union([Type.Integer(), Type.Null()]),
  summary: Type.String(),
  changes: Type.Union([AuditChanges, Type.Null()]),
});
export type AuditLogEntry = Static<typeof AuditLogEntry>;

export const AuditLogPage = Type.Object({
  items: Type.Array(AuditLogEntry),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_cursor: Type.Union([Type.Integer(), Type.Null()]),
  limit: Type.Integer(),
});
export type AuditLogPage = Static<typeof AuditLogPage>;
