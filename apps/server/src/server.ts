import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { startBenchMetrics } from './lib/bench-metrics.ts';
import { bootstrap } from './modules/bootstrap/bootstrap.ts';

/** Starts Verdict: settings, database, migrations, first-start data, then listen. */
async function main(): Promise<void> {
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

  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await migrateDatabase(database);
  const seeded = await bootstrap(database.db, config);

  const app = await buildApp({
    config,
    database,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.body.password', 'req.headers.cookie'],
    },
  });

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
    // A request that hangs must not keep the process alive for ever.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (process.env.VERDICT_METRICS_FILE) startBenchMetrics(process.env.VERDICT_METRICS_FILE);
  await app.listen({ port: config.port, host: config.host });
  const where = database.kind === 'embedded' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL server';
  console.log(`Verdict is running at http://${config.host}:${config.port} (${where})`);
}

main().catch((error) => {
  console.error('Verdict failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
