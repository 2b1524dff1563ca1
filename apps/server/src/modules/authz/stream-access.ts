import type { PermissionName } from '@verdict/contract';
import type { Tx } from '../../db/client.ts';
import { selectProjectAudience, selectSessionStates } from './authz-repository.ts';

/**
 * What long-lived connections (the live-update streams, modules/live) may still be told. They are
 * asked about all at once, whatever their number: one query for every connected user, one for
 * every open session, read fresh each time, so a stream follows role changes and sign-outs as a
 * request would.
 */

/** By user: the projects they see among those asked, each with which of `permissions` they hold there. */
export type ProjectAudience = Map<number, Map<number, Set<string>>>;

/** Who of `userIds` sees which of `projectIds`, by the rule of projectAccess (authorization.ts). */
export async function projectAudience(
  db: Tx,
  userIds: readonly number[],
  projectIds: readonly number[],
  permissions: readonly PermissionName[],
): Promise<ProjectAudience> {
  const audience: ProjectAudience = new Map();
  if (userIds.length === 0 || projectIds.length === 0) return audience;
  for (const row of await selectProjectAudience(db, userIds, projectIds, permissions)) {
    let projects = audience.get(row.user_id);
    if (!projects) {
      projects = new Map();
      audience.set(row.user_id, projects);
    }
    projects.set(row.project_id, new Set(row.permissions));
  }
  return audience;
}

/** How a connection's caller proved who they are, as authentication checked it (plugins/auth.ts). */
export interface OpenSession {
  userId: number;
  /** The token version the session token carries, or the owner's when the stream opened. */
  tokenVersion: number;
  /** A session token's id and expiry (seconds since 1970); null for an API token. */
  jti: string | null;
  expiresAt: number | null;
  /** The API token used, or null for a session token. */
  apiTokenId: number | null;
}

/**
 * The sessions among `sessions` that authentication would refuse now: the user deleted,
 * deactivated or with a new password (token version), the session signed out or expired, the
 * API token revoked or made before the owner's last password change.
 */
export async function endedSessions(db: Tx, sessions: readonly OpenSession[]): Promise<Set<OpenSession>> {
  const ended = new Set<OpenSession>();
  if (sessions.length === 0) return ended;
  const userIds = [...new Set(sessions.map((s) => s.userId))];
  const jtis = [...new Set(sessions.flatMap((s) => (s.jti === null ? [] : [s.jti])))];
  const apiTokenIds = [...new Set(sessions.flatMap((s) => (s.apiTokenId === null ? [] : [s.apiTokenId])))];
  const versions = new Map<number, number>();
  const tokens = new Map<number, number>();
  const revoked = new Set<string>();
  for (const row of await selectSessionStates(db, userIds, jtis, apiTokenIds)) {
    if (row.kind === 'user') versions.set(Number(row.key), Number(row.token_version));
    else if (row.kind === 'api-token') tokens.set(Number(row.key), Number(row.token_version));
    else revoked.add(row.key);
  }
  const now = Date.now();
  for (const session of sessions) {
    const version = versions.get(session.userId);
    const open =
      version !== undefined &&
      (session.apiTokenId === null
        ? version === session.tokenVersion &&
          (session.jti === null || !revoked.has(session.jti)) &&
          (session.expiresAt === null || session.expiresAt * 1000 > now)
        : tokens.get(session.apiTokenId) === version);
    if (!open) ended.add(session);
  }
  return ended;
}
