import type { FastifyInstance, FastifyReply } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { readWebhookQueue } from './metrics-repository.ts';

/** The import routes, by the kind of import the figures name. */
const IMPORT_ROUTES: Record<string, string> = {
  'POST /api/projects/:id/import/junit': 'junit',
  'POST /api/projects/:id/case-imports': 'cases',
};

export interface AppMetrics {
  registry: Registry;
  /** Reads the figures that live in the database; called by a scrape, never by a timer. */
  refresh(): Promise<void>;
}

/**
 * The figures of one app: its requests (per route pattern, never the raw address with its ids),
 * its imports, its database connections and the webhook queue. Requests cost two in-memory
 * updates each; nothing here queries the database except `refresh`.
 */
export function createAppMetrics(app: FastifyInstance): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'verdict_http_requests_total',
    help: 'Requests answered, by method, route pattern ("unmatched" for none) and status',
    labelNames,
    registers,
  });
  const durations = new Histogram({
    name: 'verdict_http_request_duration_seconds',
    help: 'Time from receiving a request until its answer was sent, by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const importsRunning = new Gauge({
    name: 'verdict_imports_running',
    help: 'Imports (JUnit reports, case files) this instance is working on now, by kind',
    labelNames: ['kind'],
    registers,
  });
  const importsFinished = new Counter({
    name: 'verdict_imports_finished_total',
    help: 'Imports this instance finished, by kind and outcome (imported: a 2xx answer was sent; failed: any other, or the caller went away)',
    labelNames: ['kind', 'outcome'],
    registers,
  });
  for (const kind of Object.values(IMPORT_ROUTES)) importsRunning.set({ kind }, 0);
  const limits = app.tokenLimits;
  new Counter({
    name: 'verdict_rate_limited_total',
    help: "Requests of personal API tokens this instance refused with 429, by the limit they passed (token: one token; user: all of a user's tokens)",
    labelNames: ['scope'],
    registers,
    collect() {
      this.reset();
      for (const scope of ['token', 'user'] as const) this.inc({ scope }, limits.refused[scope]);
    },
  });

  app.addHook('onRequest', (request, reply, done) => {
    const kind = IMPORT_ROUTES[`${request.method} ${request.routeOptions.url}`];
    if (kind) trackImport(reply, kind);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  // 'close' comes once the answer is sent or the caller went away, so a dropped import ends too.
  function trackImport(reply: FastifyReply, kind: string) {
    importsRunning.inc({ kind });
    reply.raw.once('close', () => {
      importsRunning.dec({ kind });
      // A caller that went away before the answer was written left no 2xx behind it.
      const answered = reply.raw.writableEnded && reply.statusCode >= 200 && reply.statusCode < 300;
      importsFinished.inc({ kind, outcome: answered ? 'imported' : 'failed' });
    });
  }

  const available = new Gauge({
    name: 'verdict_database_available',
    help: '1 when the database answers, 0 when it does not (read at scrape time)',
    registers,
  });
  const webhooks = new Gauge({
    name: 'verdict_webhook_deliveries',
    help: 'Webhook deliveries waiting for an attempt (pending) or given up (failed), all instances together (read at scrape time)',
    labelNames: ['state'],
    registers,
  });
  const overdue = new Gauge({
    name: 'verdict_webhook_deliveries_overdue',
    help: 'Pending webhook deliveries whose attempt is more than a minute late (read at scrape time)',
    registers,
  });
  connectionFigures(app, registers);

  return {
    registry,
    async refresh() {
      const up = await app.database.isAvailable();
      available.set(up ? 1 : 0);
      try {
        if (!up) throw new Error('the database is not available');
        const queue = await readWebhookQueue(app.db);
        webhooks.set({ state: 'pending' }, queue.pending);
        webhooks.set({ state: 'failed' }, queue.failed);
        overdue.set(queue.overdue);
      } catch (error) {
        // Figures that cannot be read are left out, not reported as zero; the rest still answer.
        webhooks.reset();
        overdue.reset();
        app.log.warn({ err: error }, 'metrics: the webhook queue could not be read');
      }
    },
  };
}

/** A server's pool (connections open, idle, and requests waiting for one), or the embedded queue. */
function connectionFigures(app: FastifyInstance, registers: Registry[]): void {
  const { pool, queueLength } = app.database;
  if (pool) {
    new Gauge({
      name: 'verdict_db_pool_connections',
      help: 'Connections of the database pool, by state (total open, idle)',
      labelNames: ['state'],
      registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'verdict_db_pool_waiting',
      help: 'Queries waiting for a free connection of the database pool',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }
  if (queueLength) {
    new Gauge({
      name: 'verdict_db_embedded_queue_length',
      help: 'Calls sent to the embedded database thread and not answered yet (the one running and those waiting)',
      registers,
      collect() {
        this.set(queueLength());
      },
    });
  }
}
