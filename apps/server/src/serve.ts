import { type BuildAppOptions, buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { startBenchMetrics } from './lib/bench-metrics.ts';
import { collectWhenIdle } from './lib/idle-collection.ts';
import { loggerOptions } from './lib/logger-options.ts';
import { bootstrap } from './modules/bootstrap/bootstrap.ts';

// A stop (SIGTERM, SIGINT) finishes in-flight requests and closes the database within 5 s.
const DRAIN_MS = 3500;
const SHUTDOWN_DEADLINE_MS = 5000;

/**
 * Starts Verdict: settings, database, migrations, first-start data, then listen. `server.ts`
 * calls it as it is; the benchmark's own entry (bench/bench-server.ts) adds its app option.
 */
export function serve(appOptions: Pick<BuildAppOptions, 'benchmarkAuthOff'> = {}): void {
  start(appOptions).catch((error) => {
    console.error('Verdict failed to start:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

async function start(appOptions: Pick<BuildAppOptions, 'benchmarkAuthOff'>): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // The embedded database's own reports (a failed maintenance run) go to the app's log.
  let log = (message: string) => console.warn(message);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    onLog: (message) => log(message),
  });
  await migrateDatabase(database);
  const seeded = await bootstrap(database.db, config);

  const app = await buildApp({
    config,
    database,
    logger: loggerOptions(config.logLevel),
    ...appOptions,
  });
  log = (message) => app.log.warn(`embedded database: ${message}`);

  if (seeded.generatedPassword) {
    // Printed once, on the console only: never logged to a file or stored.
    console.log(
      `\n  First start: an administrator was created.\n    email:    ${config.adminEmail}\n    password: ${seeded.generatedPassword}\n  Keep this password; it is not shown again.\n`,
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Whatever happens, the process is gone within SHUTDOWN_DEADLINE_MS of the signal.
    const deadline = setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    try {
      // New connections are refused at once; requests in flight get DRAIN_MS to finish. A
      // keep-alive connection whose request has just finished is closed rather than kept open.
      const idle = setInterval(() => app.server.closeIdleConnections(), 50);
      idle.unref();
      const drained = await Promise.race([
        app.close().then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), DRAIN_MS).unref()),
      ]);
      if (!drained) {
        app.log.warn('requests still running at the shutdown deadline; closing their connections');
        app.server.closeAllConnections();
      }
      await database.close();
      process.exit(drained ? 0 : 1);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (process.env.VERDICT_METRICS_FILE) startBenchMetrics(process.env.VERDICT_METRICS_FILE);
  await app.listen({ port: config.port, host: config.host });
  collectWhenIdle(app.server, database.collect);
  const where =
    database.kind === 'embedded' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL server';
  console.log(`Verdict is running at http://${config.host}:${config.port} (${where})`);
}
