import { createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { DataDirLockedError } from '../../lib/data-dir-lock.ts';
import { createObjectStore } from '../attachments/object-store.ts';
import { createBackupProgress } from './backup-progress.ts';
import { writeBackup } from './backup-writer.ts';

const USAGE =
  'Usage: npm run backup -- --out FILE [--without-secrets] [--url http://HOST:PORT]\n' +
  '  --url asks a running Verdict for the backup (VERDICT_TOKEN: an API token of a holder of the Administrator role)';

function option(argv: string[], name: string): string | undefined {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
}

/** Asks a running server for its backup (GET /api/backup), for an embedded database it holds locked. */
async function backupOverHttp(url: string, withoutSecrets: boolean, file: string): Promise<void> {
  const token = process.env.VERDICT_TOKEN;
  if (!token) {
    throw new Error(
      'Set VERDICT_TOKEN to an API token of a holder of the Administrator role to back up a running Verdict',
    );
  }
  const address = new URL('/api/backup', url);
  if (withoutSecrets) address.searchParams.set('without_secrets', 'true');
  const response = await fetch(address, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    throw new Error(`${address} answered ${response.status}: ${text}`);
  }
  await pipeline(Readable.fromWeb(response.body as never), createWriteStream(file));
}

/** `npm run backup -- --out FILE`: a consistent, compressed snapshot of every table. */
export async function runBackupCli(argv: string[]): Promise<number> {
  const out = option(argv, '--out');
  if (!out) {
    console.error(USAGE);
    return 2;
  }
  const withoutSecrets = argv.includes('--without-secrets');
  const url = option(argv, '--url');
  const file = path.resolve(out);
  // Written beside the target and renamed when complete, so a failed run never leaves a file
  // that looks like a backup.
  const partial = `${file}.partial`;
  try {
    if (url) {
      await backupOverHttp(url, withoutSecrets, partial);
    } else {
      const config = loadConfig();
      if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
        throw new Error(`There is no embedded database in ${config.dataDir} (set DATA_DIR or DATABASE_URL)`);
      }
      const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
      const progress = createBackupProgress('Backup');
      try {
        const tables = await writeBackup(database.db, database.kind, createWriteStream(partial), {
          withoutSecrets,
          onProgress: progress.update,
          objects: config.fileStore.kind === 's3' ? await createObjectStore(config.fileStore) : undefined,
        });
        progress.finish();
        const rows = tables.reduce((sum, t) => sum + t.rows, 0);
        console.log(`Backed up ${tables.length} tables, ${rows} rows, to ${file}`);
      } finally {
        await database.close();
      }
    }
    renameSync(partial, file);
    if (url) console.log(`Backed up the running Verdict at ${url} to ${file}`);
    return 0;
  } catch (error) {
    rmSync(partial, { force: true });
    if (error instanceof DataDirLockedError) {
      console.error(
        `${error.message}\nTo back up a running Verdict, ask it: VERDICT_TOKEN=<administrator API token> ` +
          `npm run backup -- --out ${out} --url http://127.0.0.1:3000`,
      );
    } else {
      console.error(error instanceof Error ? error.message : error);
    }
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runBackupCli(process.argv.slice(2));
}
