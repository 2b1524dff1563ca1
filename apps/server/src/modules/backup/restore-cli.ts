import { createReadStream } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { createBackupProgress } from './backup-progress.ts';
import { restoreBackup } from './backup-restore.ts';

const USAGE =
  'Usage: npm run restore -- FILE [--force]   (into DATABASE_URL, else the embedded database in DATA_DIR)';

/** `npm run restore -- FILE`: loads a backup into an empty database of either kind. */
export async function runRestoreCli(argv: string[]): Promise<number> {
  const file = argv.find((arg) => !arg.startsWith('--'));
  if (!file) {
    console.error(USAGE);
    return 2;
  }
  try {
    const config = loadConfig();
    const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
    const progress = createBackupProgress('Restore');
    try {
      const report = await restoreBackup(database, createReadStream(path.resolve(file)), {
        force: argv.includes('--force'),
        onProgress: progress.update,
      });
      progress.finish();
      const { header, tables } = report;
      const target = config.databaseUrl
        ? 'the PostgreSQL server'
        : `the embedded database in ${config.dataDir}`;
      console.log(
        `Restored a backup of ${header.created_at} (schema ${header.schema.tag}, from ${header.source}) into ${target}:`,
      );
      for (const table of tables)
        console.log(`  ${table.table.padEnd(32)} ${String(table.rows).padStart(10)} rows  ok`);
      console.log(
        `${tables.reduce((sum, t) => sum + t.rows, 0)} rows in ${tables.length} tables; counts and checksums match.`,
      );
      if (report.files > 0)
        console.log(`${report.files} files of the object store restored into the database; checksums match.`);
      if (header.without_secrets) {
        console.log(
          'The backup holds no secrets: a new signing key is made at start, no account has a password or ' +
            'second factor, API tokens no longer work and webhooks are off without a secret. Start Verdict ' +
            "with ADMIN_EMAIL and ADMIN_PASSWORD to give the administrator's account a password, then set " +
            "everyone else's in Admin › Users (docs/product/backup.md).",
        );
      }
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runRestoreCli(process.argv.slice(2));
}
