import { randomUUID } from 'node:crypto';

/**
 * Several server instances on one PostgreSQL database each keep an auth cache (auth-cache.ts),
 * emptied when PostgreSQL's NOTIFY says the rows behind it changed. That notification reaches
 * the other instances a little after the writer's commit; without more, an instance could still
 * honour a session or a permission for a few milliseconds after another instance answered its
 * sign-out or role change (bench/auth-window.ts measures it).
 *
 * So the instance that made such a change answers only once every other instance has confirmed
 * that it emptied its cache. It sends `sync`; each instance answers `ack` when the `sync`
 * reaches it, which is after every notification committed before (PostgreSQL delivers them in
 * commit order), the change's own included. A request that reaches another instance after the
 * answer therefore finds that instance's cache emptied, and reads the committed rows.
 *
 * The instances learn of each other on the same channel: `hello` when one starts listening
 * (the others answer `here`), `bye` when it stops, and any message shows its sender is there.
 * An instance turns its cache on only once its `hello` is committed, and a writer waits for
 * its own `sync` to come back before it settles whom to wait for, so an instance that started
 * before the change was committed is always waited for. One that does not confirm within
 * CONFIRM_TIMEOUT_MS is taken as gone until it speaks again: a dead instance delays one write,
 * not every one. Only writes that may change what authentication reads wait.
 *
 * Messages (channel verdict_auth): `hello:<id>`, `here:<id>`, `bye:<id>`, `sync:<id>:<n>`, and
 * `ack:<id of the sync's sender>:<n>:<id of the confirming instance>`.
 */
export const CONFIRM_TIMEOUT_MS = 1000;

type Send = (payload: string) => Promise<void>;

interface Wait {
  /** Instances that confirmed so far. */
  acked: Set<string>;
  /** Whom to wait for: known once this instance's own sync came back. */
  missing: Set<string> | null;
  done: () => void;
}

export class AuthPeers {
  readonly id = randomUUID();
  private readonly peers = new Set<string>();
  private readonly waits = new Map<string, Wait>();
  private sequence = 0;
  private live = false;

  /** `send` posts a message on the channel; null when no other instance can exist (embedded). */
  constructor(private readonly send: Send | null) {}

  /**
   * The listening connection came up or was lost. Coming up, this instance announces itself;
   * the promise resolves once the announcement is committed (or could not be sent).
   */
  async setLive(live: boolean): Promise<void> {
    this.live = live;
    this.peers.clear();
    if (!live) {
      for (const wait of this.waits.values()) wait.done();
      return;
    }
    await this.send?.(`hello:${this.id}`).catch(() => {});
  }

  get isLive(): boolean {
    return this.live;
  }

  /** Says goodbye, so that the others stop waiting for this instance at once. */
  async leave(): Promise<void> {
    if (this.live) await this.send?.(`bye:${this.id}`).catch(() => {});
  }

  /** Handles a message of the protocol above; answers false for any other payload. */
  handle(payload: string): boolean {
    const [kind, from, n, by] = payload.split(':');
    if (!from) return false;
    switch (kind) {
      case 'hello':
        if (from !== this.id) {
          this.peers.add(from);
          this.post(`here:${this.id}`);
        }
        return true;
      case 'here':
        if (from !== this.id) this.peers.add(from);
        return true;
      case 'bye':
        this.peers.delete(from);
        for (const wait of this.waits.values()) this.confirmed(wait, from);
        return true;
      case 'sync':
        if (from !== this.id) {
          this.peers.add(from);
          // Every notification before this one has been handled (the cache emptied): confirm.
          this.post(`ack:${from}:${n}:${this.id}`);
        } else if (n !== undefined) {
          // Our own: whoever we know of by now started before our change and must confirm.
          const wait = this.waits.get(n);
          if (wait) {
            wait.missing = new Set([...this.peers].filter((peer) => !wait.acked.has(peer)));
            if (wait.missing.size === 0) wait.done();
          }
        }
        return true;
      case 'ack': {
        if (!by) return true;
        if (by !== this.id) this.peers.add(by);
        const wait = from === this.id && n !== undefined ? this.waits.get(n) : undefined;
        if (wait) this.confirmed(wait, by);
        return true;
      }
      default:
        return false;
    }
  }

  /**
   * Resolves once every other instance has confirmed that it handled every change committed
   * before this call, or after CONFIRM_TIMEOUT_MS (those that did not answer are then taken as
   * gone). At once on the embedded database, and while this instance's own listening
   * connection is down (it could not hear the answers; its own cache is off meanwhile).
   */
  async confirm(): Promise<void> {
    if (!this.send || !this.live) return;
    const n = String(++this.sequence);
    const wait: Wait = { acked: new Set(), missing: null, done: () => {} };
    let timer: NodeJS.Timeout | undefined;
    const settled = new Promise<void>((resolve) => {
      wait.done = resolve;
      timer = setTimeout(resolve, CONFIRM_TIMEOUT_MS);
      timer.unref();
    });
    this.waits.set(n, wait);
    try {
      await this.send(`sync:${this.id}:${n}`);
      await settled;
    } catch {
      // The database could not take the message: nothing to wait for.
    } finally {
      clearTimeout(timer);
      this.waits.delete(n);
      for (const gone of wait.missing ?? []) this.peers.delete(gone);
    }
  }

  private confirmed(wait: Wait, peer: string): void {
    wait.acked.add(peer);
    if (!wait.missing) return;
    wait.missing.delete(peer);
    if (wait.missing.size === 0) wait.done();
  }

  private post(payload: string): void {
    this.send?.(payload).catch(() => {});
  }
}
