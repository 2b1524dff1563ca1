import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  type AuditAction,
  type AuditEntity,
  type AuditLogEntry,
} from '@verdict/contract';

/**
 * The Audit Log screen's filters: read from and written to the address (so a view can be
 * shared and survives a reload), and turned into GET /api/audit-log's query. Dates are the
 * user's local days; the server gets the instants where those days start and end.
 */
export interface AuditFilters {
  q: string;
  userId: number | null;
  entity: AuditEntity | null;
  action: AuditAction | null;
  /** Local days, YYYY-MM-DD, or ''. */
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { q: '', userId: null, entity: null, action: null, from: '', to: '' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

function positiveId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

export function filtersFromParams(params: URLSearchParams): AuditFilters {
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    q: params.get('q') ?? '',
    userId: positiveId(params.get('user')),
    entity: oneOf(AUDIT_ENTITIES, params.get('entity')),
    action: oneOf(AUDIT_ACTIONS, params.get('action')),
    from: day('from'),
    to: day('to'),
  };
}

/** The address's query for the filters; empty ones are left out. */
export function filtersToParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q);
  if (filters.userId !== null) params.set('user', String(filters.userId));
  if (filters.entity) params.set('entity', filters.entity);
  if (filters.action) params.set('action', filters.action);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  return params;
}

export const hasFilters = (filters: AuditFilters) => filtersToParams(filters).toString() !== '';

/** The instant a local day starts, or (end) its last millisecond, as ISO 8601. */
export function localDayBound(day: string, end: boolean): string {
  return new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}`).toISOString();
}

/** GET /api/audit-log's query for one page; `before` is the previous page's next_cursor. */
export function auditLogQueryString(filters: AuditFilters, before?: number, limit = 50): string {
  const query = new URLSearchParams();
  const q = filters.q.trim();
  if (q) query.set('q', q);
  if (filters.userId !== null) query.set('user_id', String(filters.userId));
  if (filters.entity) query.set('entity', filters.entity);
  if (filters.action) query.set('action', filters.action);
  if (filters.from) query.set('from', localDayBound(filters.from, false));
  if (filters.to) query.set('to', localDayBound(filters.to, true));
  query.set('limit', String(limit));
  if (before !== undefined) query.set('before', String(before));
  return query.toString();
}

export const ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  logout: 'Signed out',
};

export const ENTITY_LABELS: Record<AuditEntity, string> = {
  user: 'User',
  sub_user: 'Sub-user',
  role: 'Role',
  permission: 'Permission',
  project: 'Project',
  member: 'Project member',
  suite: 'Test suite',
  case: 'Test case',
  run: 'Test run',
  session: 'Session',
  cycle: 'Test cycle',
  webhook: 'Webhook',
  milestone: 'Milestone',
  configuration_group: 'Configuration group',
  plan: 'Test plan',
  requirement: 'Requirement',
  shared_steps: 'Shared steps',
};

/** Who acted, as the list shows it: the name copied into the entry, else the email, else the system. */
export function actorText(entry: Pick<AuditLogEntry, 'actor_id' | 'actor_name' | 'actor_email'>): string {
  if (entry.actor_name) return entry.actor_name;
  if (entry.actor_email) return entry.actor_email;
  return entry.actor_id === null ? 'System' : `ID: ${entry.actor_id}`;
}

/** A before/after value as text: lists joined, nothing as an em dash. */
export function changeValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(String).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
