import { isLiveChangeKind, type LiveChange } from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { TooManyRequestsError } from '../../lib/errors.ts';
import { endedSessions, type OpenSession, projectAudience } from '../authz/stream-access.ts';

/**
 * Live updates (docs/product/cycles.md, "Live"). The database tells every server instance what a
 * committed write changed (NOTIFY verdict_changes, db/triggers/live-updates.sql); the hub passes
 * each change on to the signed-in users connected to this instance, each told only of the
 * projects they see (and of cycles only where they may see cycles).
 *
 * Its cost does not grow with the number of streams: the connections are grouped by user, and
 * one query answers, for every connected user at once, which of a change's projects they see
 * (changes that arrive while it runs wait and share the next one). When what authentication
 * reads may have changed, one query tells which open sessions ended, and their streams are closed
 * before any later change is passed on. How many streams one user, and the instance, may hold is
 * capped (LIVE_STREAMS_PER_USER, LIVE_STREAMS_MAX).
 */

export const CHANGES_CHANNEL = 'verdict_changes';

/** A change as the stream sends it (the contract's LiveChange). */
export type Change = LiveChange;

/** A notification's payload as a change, or null when it is not one. */
export function parseChange(payload: string): Change | null {
  try {
    const value = JSON.parse(payload) as Partial<Change>;
    if (!isLiveChangeKind(value.kind) || !Array.isArray(value.projects)) return null;
    const ids = (list: unknown) =>
      Array.isArray(list) ? list.filter((id): id is number => Number.isInteger(id)) : null;
    return { kind: value.kind, projects: ids(value.projects) ?? [], cycles: ids(value.cycles) };
  } catch {
    return null;
  }
}

export interface LiveConnection {
  session: OpenSession;
  send(event: string, data: unknown): void;
  /** Closes the stream: its session ended. */
  end(): void;
}

export interface LiveLimits {
  perUser: number;
  total: number;
}

/** How long a refused stream is asked to wait (Retry-After). */
const RETRY_AFTER_SECONDS = 60;

export class LiveHub {
  private readonly byUser = new Map<number, Set<LiveConnection>>();
  private count = 0;
  private changes: Change[] = [];
  private sessionsToCheck = false;
  private running = false;

  constructor(
    private readonly db: Db,
    private readonly limits: LiveLimits,
    private readonly warn: (error: unknown, what: string) => void,
  ) {}

  get size(): number {
    return this.count;
  }

  /** Adds a connection, or throws 429 when its user, or this instance, holds the most allowed. */
  add(connection: LiveConnection): () => void {
    const userId = connection.session.userId;
    const mine = this.byUser.get(userId) ?? new Set<LiveConnection>();
    if (mine.size >= this.limits.perUser) {
      throw new TooManyRequestsError(
        `You already have ${this.limits.perUser} live-update streams open on this server, the most allowed; close a tab or window of Verdict and try again`,
        RETRY_AFTER_SECONDS,
      );
    }
    if (this.count >= this.limits.total) {
      throw new TooManyRequestsError(
        `This server already serves ${this.limits.total} live-update streams, the most it allows; try again in a minute`,
        RETRY_AFTER_SECONDS,
      );
    }
    mine.add(connection);
    this.byUser.set(userId, mine);
    this.count++;
    return () => {
      if (!mine.delete(connection)) return;
      this.count--;
      if (mine.size === 0 && this.byUser.get(userId) === mine) this.byUser.delete(userId);
    };
  }

  /** Passes a change on to each connection, narrowed to the projects its user may see it in. */
  publish(change: Change): void {
    if (this.count === 0) return;
    this.changes.push(change);
    this.run();
  }

  /**
   * Tells these users' streams that their notifications changed (`event: notifications`): no
   * query, one lookup per user named, so its cost is that of the users a write notified.
   */
  notifyUsers(userIds: number[]): void {
    if (this.count === 0) return;
    for (const userId of new Set(userIds)) {
      for (const connection of this.byUser.get(userId) ?? []) connection.send('notifications', {});
    }
  }

  /**
   * What authentication reads may have changed: the open sessions are checked, and the streams of
   * those that ended are closed, before any change that arrives after this call is passed on.
   */
  checkSessions(): void {
    if (this.count === 0) return;
    this.sessionsToCheck = true;
    this.run();
  }

  /** One step at a time, a session check first, so no change reaches a stream whose session ended. */
  private run(): void {
    if (this.running) return;
    this.running = true;
    void (async () => {
      try {
        while (this.sessionsToCheck || this.changes.length > 0) {
          if (this.sessionsToCheck) {
            this.sessionsToCheck = false;
            await this.endClosedSessions().catch((error) => this.warn(error, 'live session check failed'));
          } else {
            const changes = this.changes.splice(0);
            await this.deliver(changes).catch((error) => this.warn(error, 'live update failed'));
          }
        }
      } finally {
        this.running = false;
      }
    })();
  }

  private async endClosedSessions(): Promise<void> {
    const connections = [...this.byUser.values()].flatMap((set) => [...set]);
    const ended = await endedSessions(
      this.db,
      connections.map((c) => c.session),
    );
    for (const connection of connections) {
      if (ended.has(connection.session)) connection.end();
    }
  }

  private async deliver(changes: Change[]): Promise<void> {
    const projects = [...new Set(changes.flatMap((change) => change.projects))];
    const audience = await projectAudience(this.db, [...this.byUser.keys()], projects, ['home_test_cycle']);
    for (const change of changes) {
      for (const [userId, connections] of this.byUser) {
        const seen = audience.get(userId);
        if (!seen) continue;
        const visible = change.projects.filter((projectId) => {
          const held = seen.get(projectId);
          return held !== undefined && (change.kind !== 'cycles' || held.has('home_test_cycle'));
        });
        if (visible.length === 0) continue;
        const data = { kind: change.kind, projects: visible, cycles: change.cycles };
        for (const connection of connections) connection.send('change', data);
      }
    }
  }
}
