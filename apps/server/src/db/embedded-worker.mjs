// The embedded database (PGlite) on a thread of its own. PGlite runs PostgreSQL compiled to
// WebAssembly on the thread that calls it, so a slow statement on the server's main thread would
// stop every other request, health checks included. Here it runs in a worker thread; the main
// thread talks to it through messages (embedded-client.ts). Plain JavaScript, so the worker
// starts the same way under the server, the tests and the benchmarks, with no TypeScript loader.
//
// The worker also does what autovacuum does on a PostgreSQL server, which PGlite lacks: it keeps
// the planner's statistics fresh and reclaims dead rows (see maintain() below and
// docs/performance.md, "The embedded database under real use").
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** Parsers that keep the given types as text (Drizzle keeps dates and intervals as strings). */
const keepAsText = (oids) => Object.fromEntries(oids.map((oid) => [oid, (value) => value]));

// Autovacuum's defaults: analyse a table once its changed rows pass 50 + 10% of its rows,
// vacuum it once its dead rows pass 50 + 20%.
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE = 0.1;
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;
const MAINTAIN_EVERY_MS = workerData.maintainEveryMs ?? 2000;

const pg = await PGlite.create(workerData.dataDir, {
  extensions: { pg_trgm },
  // An in-memory database can start from a copy of another's files (a tarball of dumpDataDir):
  // the tests do, to skip initdb, which takes seconds of every fresh database.
  ...(workerData.loadDataDir ? { loadDataDir: new Blob([readFileSync(workerData.loadDataDir)]) } : {}),
  // Smaller than PGlite's defaults (128 MB of shared buffers): the server's whole memory budget
  // is 300 MB, and the operating system's cache holds the files anyway.
  postgresqlconf: workerData.postgresqlconf,
});

const transactions = new Map();
let busySinceMaintenance = true;
let maintaining = null;

function errorMessage(error) {
  const out = { message: String(error?.message ?? error), name: error?.name ?? 'Error' };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
    }
  }
  return out;
}

function queryOptions(message) {
  return {
    rowMode: message.rowMode ?? 'object',
    ...(message.textTypes ? { parsers: keepAsText(message.textTypes) } : {}),
  };
}

/** Runs one statement, inside the named transaction when there is one. */
async function run(message) {
  const target = message.tx ? transactions.get(message.tx)?.handle : pg;
  if (!target) throw new Error('The transaction has ended');
  busySinceMaintenance = true;
  if (message.op === 'exec') return target.exec(message.sql, queryOptions(message));
  return target.query(message.sql, message.params ?? [], queryOptions(message));
}

/**
 * A transaction holds PGlite's lock from BEGIN to COMMIT, so statements from outside it wait
 * (as on a server, where they would be on other connections and see none of it until commit).
 */
function begin(id) {
  return new Promise((started, failed) => {
    let finish;
    const ended = new Promise((resolve) => {
      finish = resolve;
    });
    pg.transaction(async (handle) => {
      transactions.set(id, { handle, finish });
      started();
      const { commit } = await ended;
      if (!commit) await handle.rollback();
    })
      .then(
        () => transactions.get(id)?.done?.(null),
        (error) => {
          const open = transactions.get(id);
          if (open) open.done?.(error);
          else failed(error);
        },
      )
      .finally(() => transactions.delete(id));
  });
}

function end(id, commit) {
  const open = transactions.get(id);
  if (!open) return Promise.reject(new Error('The transaction has ended'));
  return new Promise((resolve, reject) => {
    open.done = (error) => (error ? reject(error) : resolve());
    open.finish({ commit });
  });
}

/**
 * Autovacuum's rule, on the tables that changed since the last look: statistics for the planner
 * (without them it estimates one row for a 10,000-row list and picks plans that take seconds),
 * and space from dead rows. Cheap when nothing changed: one look at the statistics views.
 */
/** Maintenance that holds the database this long is reported, so a stall can be traced to it. */
const SLOW_MAINTENANCE_MS = 500;

async function timed(statement) {
  const started = performance.now();
  await pg.exec(statement);
  const ms = performance.now() - started;
  if (ms >= SLOW_MAINTENANCE_MS) {
    parentPort.postMessage({ log: `maintenance: ${statement} took ${Math.round(ms)} ms` });
  }
}

async function maintain(force = false) {
  if (maintaining) return maintaining;
  if (!force && !busySinceMaintenance) return { analyzed: [], vacuumed: [] };
  busySinceMaintenance = false;
  maintaining = (async () => {
    // Statistics of this session reach the shared counters only when flushed, which happens
    // once the statement that asks for it has finished: the look comes one statement later.
    await pg.query('select pg_stat_force_next_flush()');
    await pg.query('select pg_stat_clear_snapshot()');
    const { rows } = await pg.query(
      `select s.relname as name, c.reltuples::float8 as tuples, s.n_mod_since_analyze::float8 as changed,
         s.n_dead_tup::float8 as dead, s.n_live_tup::float8 as live
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
       where s.schemaname = 'public'`,
    );
    const analyzed = [];
    const vacuumed = [];
    for (const table of rows) {
      const size = Math.max(table.tuples, 0);
      const ident = `"${table.name.replaceAll('"', '""')}"`;
      const neverAnalyzed = table.tuples < 0 && table.live > 0;
      if (table.dead > VACUUM_THRESHOLD + VACUUM_SCALE * size) {
        await timed(`vacuum (analyze) ${ident}`);
        vacuumed.push(table.name);
        analyzed.push(table.name);
      } else if (neverAnalyzed || table.changed > ANALYZE_THRESHOLD + ANALYZE_SCALE * size) {
        await timed(`analyze ${ident}`);
        analyzed.push(table.name);
      }
    }
    return { analyzed, vacuumed };
  })().finally(() => {
    maintaining = null;
  });
  return maintaining;
}

/** At start: analyse every table that holds rows but was never analysed (counters start empty). */
async function analyzeNeverAnalyzed() {
  const { rows } = await pg.query(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' and c.reltuples < 0`,
  );
  for (const { name } of rows) {
    const ident = `"${name.replaceAll('"', '""')}"`;
    const { rows: any } = await pg.query(`select 1 from ${ident} limit 1`);
    if (any.length > 0) await pg.exec(`analyze ${ident}`);
  }
}

const listeners = new Map();

async function handle(message) {
  switch (message.op) {
    case 'query':
    case 'exec':
      return run(message);
    case 'begin':
      return begin(message.tx);
    case 'end':
      return end(message.tx, message.commit);
    case 'listen': {
      if (!listeners.has(message.channel)) {
        const unlisten = await pg.listen(message.channel, (payload) =>
          parentPort.postMessage({ notify: message.channel, payload }),
        );
        listeners.set(message.channel, unlisten);
      }
      return null;
    }
    case 'unlisten': {
      const unlisten = listeners.get(message.channel);
      listeners.delete(message.channel);
      await unlisten?.();
      return null;
    }
    case 'maintain':
      return maintain(true);
    case 'collect':
      // A full collection of this thread's heap when the server is idle (lib/idle-collection.ts);
      // gc exists only when node runs with --expose-gc, as npm start does.
      globalThis.gc?.();
      return null;
    case 'close':
      clearInterval(timer);
      await maintaining?.catch(() => {});
      await pg.close();
      return null;
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

parentPort.on('message', (message) => {
  handle(message).then(
    (result) => parentPort.postMessage({ id: message.id, result: result ?? null }),
    (error) => parentPort.postMessage({ id: message.id, error: errorMessage(error) }),
  );
});

const timer = setInterval(() => {
  maintain().catch((error) => parentPort.postMessage({ log: `maintenance failed: ${error.message}` }));
}, MAINTAIN_EVERY_MS);
timer.unref();

parentPort.postMessage({ ready: true });
// Queued behind nothing the caller waits for; requests that come meanwhile take their turn.
analyzeNeverAnalyzed().catch((error) =>
  parentPort.postMessage({ log: `analysis at start failed: ${error.message}` }),
);
