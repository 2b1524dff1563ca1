import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { recordStatement } from '../lib/process-metrics.ts';
import { serverFile } from '../server-files.ts';

/**
 * The main thread's side of the embedded database, which runs in a worker thread
 * (embedded-worker.mjs) so that a slow statement never stops the HTTP server. It offers the
 * part of PGlite's interface that Drizzle's PGlite driver uses (query, exec, transaction) and
 * the notifications the auth cache listens to.
 */

interface QueryOptions {
  rowMode?: 'object' | 'array';
  /** Drizzle passes identity parsers for the types it keeps as text; only their type ids travel. */
  parsers?: Record<number, unknown>;
}

interface Results<T> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface Reply {
  id?: number;
  result?: unknown;
  error?: Record<string, unknown>;
  notify?: string;
  payload?: string;
  ready?: boolean;
  log?: string;
}

/** What the worker does to keep statistics fresh; answered by `maintain()`. */
export interface MaintenanceReport {
  analyzed: string[];
  vacuumed: string[];
}

export interface EmbeddedOptions {
  dataDir?: string | undefined;
  /** In memory only: a tarball of another database's files (PGlite's dumpDataDir) to start from. */
  loadDataDir?: string | undefined;
  /** How often the worker looks for tables to analyse or vacuum (default 2 s). */
  maintainEveryMs?: number | undefined;
  /** Logs what the worker reports on its own (failed maintenance). */
  onLog?: ((message: string) => void) | undefined;
}

// PostgreSQL settings for the embedded database; see embedded-worker.mjs. A statistics target
// of 20 (PostgreSQL's default is 100) makes ANALYZE sample 6,000 rows instead of 30,000: the
// worker's automatic analyses, which hold the one connection, take a fifth of the time, and the
// plans of the tree and list statements do not depend on statistics (test/tree-plans.test.ts).
const POSTGRESQL_CONF = [
  'shared_buffers = 16MB',
  'maintenance_work_mem = 16MB',
  'default_statistics_target = 20',
];

/** A statement's failure as PGlite reported it: message, SQLSTATE code, constraint, … */
function toError(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message ?? 'Database error'));
  Object.assign(error, fields);
  return error;
}

let nextTransaction = 0;

const STATEMENT_OPS = new Set(['query', 'exec', 'begin', 'end']);

export class EmbeddedClient {
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void; sentAt: number | null }
  >();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 0;
  private failure: Error | null = null;
  readonly ready: Promise<void>;
  closed = false;

  constructor(options: EmbeddedOptions) {
    this.worker = new Worker(serverFile('db/embedded-worker.mjs'), {
      workerData: {
        dataDir: options.dataDir,
        loadDataDir: options.loadDataDir,
        maintainEveryMs: options.maintainEveryMs,
        postgresqlconf: POSTGRESQL_CONF,
      },
      // No loader of TypeScript in the worker: it is plain JavaScript.
      execArgv: [],
      // The thread's JavaScript only carries messages; a small young generation (V8's default
      // grows to about 48 MB under load) keeps it from holding memory it does not need.
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    });
    this.ready = new Promise((resolve, reject) => {
      this.worker.on('message', (reply: Reply) => {
        if (reply.ready) return resolve();
        if (reply.log) return options.onLog?.(reply.log);
        if (reply.notify !== undefined) {
          for (const listener of this.listeners.get(reply.notify) ?? []) listener(reply.payload ?? '');
          return;
        }
        const waiting = reply.id === undefined ? undefined : this.pending.get(reply.id);
        if (!waiting || reply.id === undefined) return;
        this.pending.delete(reply.id);
        if (waiting.sentAt !== null) recordStatement(waiting.sentAt);
        if (reply.error) waiting.reject(toError(reply.error));
        else waiting.resolve(reply.result);
      });
      const fail = (error: Error) => {
        this.failure = new Error(`PGlite is closed: ${error.message}`);
        this.closed = true;
        for (const waiting of this.pending.values()) waiting.reject(this.failure);
        this.pending.clear();
        reject(this.failure);
      };
      this.worker.on('error', fail);
      this.worker.on('exit', (code) => fail(new Error(`the database thread stopped (${code})`)));
    });
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.nextId++;
    // Statements are timed for the metrics (lib/process-metrics.ts); listen, maintain and close are not.
    const sentAt = STATEMENT_OPS.has(message.op as string) ? performance.now() : null;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, sentAt });
      this.worker.postMessage({ ...message, id });
    });
  }

  private statement(tx: number | undefined) {
    return {
      query: <T>(sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
        this.call<Results<T>>({
          op: 'query',
          tx,
          sql,
          params,
          rowMode: options.rowMode,
          textTypes: options.parsers ? Object.keys(options.parsers).map(Number) : undefined,
        }),
      exec: (sql: string) => this.call<Results<unknown>[]>({ op: 'exec', tx, sql }),
    };
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.statement(undefined).query<T>(sql, params, options);
  }

  exec(sql: string): Promise<Results<unknown>[]> {
    return this.statement(undefined).exec(sql);
  }

  /** Commits when `callback` resolves, rolls back when it throws (and throws that error). */
  async transaction<T>(callback: (tx: ReturnType<EmbeddedClient['statement']>) => Promise<T>): Promise<T> {
    const tx = ++nextTransaction;
    await this.call({ op: 'begin', tx });
    let result: T;
    try {
      result = await callback(this.statement(tx));
    } catch (error) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  /**
   * Calls `callback` for each NOTIFY on `channel`. A notification reaches the main thread
   * before the answer of the statement that sent it, as with PGlite on the main thread.
   */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.call({ op: 'listen', channel });
    }
    set.add(callback);
    return async () => {
      set.delete(callback);
      if (set.size === 0 && this.listeners.get(channel) === set) {
        this.listeners.delete(channel);
        await this.call({ op: 'unlisten', channel });
      }
    };
  }

  /** Calls sent to the database thread and not answered yet: the one running and those waiting. */
  get queueLength(): number {
    return this.pending.size;
  }

  /** True while the database thread runs and has not been closed. */
  isAvailable(): boolean {
    return !this.closed && this.failure === null;
  }

  /** Analyses and vacuums now the tables that need it (after an import, say). */
  maintain(): Promise<MaintenanceReport> {
    return this.call<MaintenanceReport>({ op: 'maintain' });
  }

  /** One full collection of the database thread's JavaScript heap (lib/idle-collection.ts). */
  async collect(): Promise<void> {
    await this.call({ op: 'collect' });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.call({ op: 'close' });
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }
}

/**
 * A data directory that holds no database yet gets one from a short-lived process
 * (embedded-init.mjs): creating it takes far more memory than using it, and a process keeps the
 * WebAssembly memory it once grew.
 */
async function createDataDir(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const script = serverFile('db/embedded-init.mjs');
  const child = spawn(process.execPath, [script, dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`Could not create the embedded database in ${dataDir}: ${errors.trim()}`);
}

/** Starts the embedded database in its worker and waits until it is ready. */
export async function startEmbedded(options: EmbeddedOptions): Promise<EmbeddedClient> {
  if (options.dataDir) await createDataDir(options.dataDir);
  const client = new EmbeddedClient(options);
  await client.ready;
  return client;
}
