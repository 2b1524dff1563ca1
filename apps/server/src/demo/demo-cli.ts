import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config.ts';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { bootstrap } from '../modules/bootstrap/bootstrap.ts';
import { seedLargeDemo } from './large-demo.ts';
import { seedSmallDemo } from './small-demo.ts';

/** `npm run demo [-- --size small|large]`: fills an empty database with demo data and says how to sign in. */
export async function runDemoCli(argv: string[]): Promise<void> {
  const sizeIndex = argv.indexOf('--size');
  const size = sizeIndex >= 0 ? argv[sizeIndex + 1] : 'small';
  if (size !== 'small' && size !== 'large') {
    console.error(`Unknown demo size "${size}". Available: small, large.`);
    process.exit(1);
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const seeded = await bootstrap(database.db, config);
    if (seeded.generatedPassword) {
      console.log(`Administrator created: ${config.adminEmail} / ${seeded.generatedPassword} (shown once)`);
    }
    if (size === 'large') {
      const ids = await seedLargeDemo(database.db);
      console.log(
        `Large demo ready: ${JSON.stringify(ids)}. Every generated user's password is "verdict-demo-1".`,
      );
      return;
    }
    const created = await seedSmallDemo(database.db, (line) => console.log(line));
    if (!created) console.log('The database already has projects; the demo was not added.');
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runDemoCli(process.argv.slice(2));
}
