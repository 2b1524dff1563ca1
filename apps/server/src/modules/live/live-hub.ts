import type { Db } from '../../db/client.ts';
import { type Principal, projectAccess } from '../authz/authorization.ts';

/**
 * Live updates (docs/product/cycles.md, "Live"). The database tells every server instance what a
 * committed write changed (NOTIFY verdict_changes, migration 0010); the hub passes each change
 * on to the signed-in users connected to this instance, each told only of the projects they see
 * (and of cycles only where they may see cycles).
 */

export const CHANGES_CHANNEL = 'verdict_changes';

export interface Change {
  kind: 'runs' | 'cycles';
  projects: number[];
  /** The cycles that changed; null when unknown (too many to name). */
  cycles: number[] | null;
}

export interface LiveConnection {
  principal: Principal;
  send(event: string, data: unknown): void;
}

/** A notification's payload as a change, or null when it is not one. */
export function parseChange(payload: string): Change | null {
  try {
    const value = JSON.parse(payload) as Partial<Change>;
    if ((value.kind !== 'runs' && value.kind !== 'cycles') || !Array.isArray(value.projects)) return null;
    const ids = (list: unknown) =>
      Array.isArray(list) ? list.filter((id): id is number => Number.isInteger(id)) : null;
    return { kind: value.kind, projects: ids(value.projects) ?? [], cycles: ids(value.cycles) };
  } catch {
    return null;
  }
}

export class LiveHub {
  private readonly connections = new Set<LiveConnection>();

  constructor(private readonly db: Db) {}

  get size(): number {
    return this.connections.size;
  }

  add(connection: LiveConnection): () => void {
    this.connections.add(connection);
    return () => this.connections.delete(connection);
  }

  /** Passes a change on to each connection, narrowed to the projects its user may see it in. */
  async dispatch(change: Change): Promise<void> {
    const permission = change.kind === 'cycles' ? 'home_test_cycle' : null;
    await Promise.all(
      [...this.connections].map(async (connection) => {
        const visible: number[] = [];
        for (const projectId of change.projects) {
          const access = await projectAccess(this.db, connection.principal, projectId).catch(() => null);
          if (access && (permission === null || access.permissions.has(permission))) visible.push(projectId);
        }
        if (visible.length === 0) return;
        connection.send('change', { kind: change.kind, projects: visible, cycles: change.cycles });
      }),
    );
  }
}
