import { AUDIT_REDACTED, type AuditAction, type AuditChanges, type AuditEntity } from '@verdict/contract';
import type { Tx } from '../../db/client.ts';
import { insertAuditEntry } from './audit-log-repository.ts';

/**
 * Writing the audit log. Every service calls `recordAudit` (or, for the usual create, update and
 * delete entries, `auditCreated`, `auditUpdated` and `auditDeleted`) with its own transaction handle,
 * after its change and before its last check, so a change that fails or rolls back leaves no
 * entry, and an entry never describes a change that did not happen.
 */

/** Who acted: a Principal fits; null is the system itself (first start). */
export interface AuditActor {
  id: number | null;
  username: string | null;
  email: string | null;
}

export interface AuditEntry {
  action: AuditAction;
  entity: AuditEntity;
  entityId?: number | null;
  projectId?: number | null;
  /** One sentence naming the object, e.g. `Created project "Web"`; this is what search reads. */
  summary: string;
  changes?: AuditChanges | null;
}

/** Field names whose values are never written: the field shows as changed, its value as redacted. */
const SECRET_FIELD = /password|secret|hash|token/i;

function redact(changes: AuditChanges): AuditChanges {
  const safe: AuditChanges = {};
  for (const [field, { before, after }] of Object.entries(changes)) {
    safe[field] = SECRET_FIELD.test(field)
      ? { before: before == null ? null : AUDIT_REDACTED, after: after == null ? null : AUDIT_REDACTED }
      : { before, after };
  }
  return safe;
}

/**
 * One INSERT in the caller's transaction, nothing read. An update whose fields all stayed the
 * same is no change, so it writes nothing.
 */
export async function recordAudit(tx: Tx, actor: AuditActor | null, entry: AuditEntry): Promise<void> {
  const changes = entry.changes ? redact(entry.changes) : null;
  if (entry.action === 'update' && changes && Object.keys(changes).length === 0) return;
  await insertAuditEntry(tx, {
    actorId: actor?.id ?? null,
    actorName: actor?.username ?? null,
    actorEmail: actor?.email ?? null,
    action: entry.action,
    entityType: entry.entity,
    entityId: entry.entityId ?? null,
    projectId: entry.projectId ?? null,
    summary: entry.summary,
    changes,
  });
}

type Fields = Record<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Every field of a new object, as `after`. */
export function createdChanges(after: Fields): AuditChanges {
  return Object.fromEntries(
    Object.entries(after).map(([field, value]) => [field, { before: null, after: value }]),
  );
}

/** Every field of a deleted object, as `before`. */
export function deletedChanges(before: Fields): AuditChanges {
  return Object.fromEntries(
    Object.entries(before).map(([field, value]) => [field, { before: value, after: null }]),
  );
}

/** Only the fields whose value differs (arrays compare in order: pass them sorted). */
export function updatedChanges(before: Fields, after: Fields): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!same(before[field], after[field]))
      changes[field] = { before: before[field] ?? null, after: after[field] ?? null };
  }
  return changes;
}

/** `Updated project "Web": name, description` — the changed fields, for the summary. */
export function changedFieldList(changes: AuditChanges): string {
  const fields = Object.keys(changes);
  return fields.length > 0 ? `: ${fields.join(', ')}` : '';
}

/** A name as summaries quote it. */
export const quoted = (name: string) => `"${name}"`;

/** What an entry is about: its kind, its id, the name its summary quotes, and its project. */
export interface Audited {
  entity: AuditEntity;
  id: number;
  name: string;
  projectId?: number | null;
}

/** An entry about `target`: `Created suite "Smoke"`, then `detail`. */
function entryAbout(
  target: Audited,
  action: 'create' | 'update' | 'delete',
  detail: string,
  changes: AuditChanges,
): AuditEntry {
  const verb = { create: 'Created', update: 'Updated', delete: 'Deleted' }[action];
  // `sub_user` reads `sub-user`.
  const word = target.entity.replace('_', '-');
  return {
    action,
    entity: target.entity,
    entityId: target.id,
    projectId: target.projectId,
    summary: `${verb} ${word} ${quoted(target.name)}${detail}`,
    changes,
  };
}

/** The entry of a create, every one of `fields` as `after`; `detail` follows the name (` (email)`). */
export function auditCreated(tx: Tx, actor: AuditActor | null, target: Audited, fields: Fields, detail = '') {
  return recordAudit(tx, actor, entryAbout(target, 'create', detail, createdChanges(fields)));
}

/**
 * The entry of an update: `Updated suite "Smoke": name, description`, with only the fields
 * whose value changed, then `also` (what the fields cannot show, such as a new password). An
 * update that changed nothing writes nothing. `target.name` is the name after the update.
 */
export function auditUpdated(
  tx: Tx,
  actor: AuditActor | null,
  target: Audited,
  before: Fields,
  after: Fields,
  also: AuditChanges = {},
): Promise<void> {
  const changes = { ...updatedChanges(before, after), ...also };
  return recordAudit(tx, actor, entryAbout(target, 'update', changedFieldList(changes), changes));
}

/** The entry of a delete, every one of `fields` as `before`; `detail` follows the name (` with 3 cases`). */
export function auditDeleted(tx: Tx, actor: AuditActor | null, target: Audited, fields: Fields, detail = '') {
  return recordAudit(tx, actor, entryAbout(target, 'delete', detail, deletedChanges(fields)));
}

/** `3 cases`, `1 case`. */
export const counted = (n: number, noun: string) =>
  `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
