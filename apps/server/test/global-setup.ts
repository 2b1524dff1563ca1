import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../src/db/client.ts';
import { applyTriggerFiles } from '../src/db/trigger-files.ts';

/**
 * Once per `vitest run`: the databases every test file's fresh one is copied from, so a file
 * does not pay for creating a database and applying every migration (seconds each on the
 * embedded database, where creating one runs initdb in WebAssembly). Each file still gets a
 * database of its own (helpers/test-app.ts):
 * - embedded: tarballs of an empty database and a migrated one, which a new in-memory database
 *   starts from (PGlite's loadDataDir);
 * - PostgreSQL server: a migrated template database, copied by CREATE DATABASE … TEMPLATE.
 * The environment variables set here reach the test files' processes.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `verdict_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: target.toString() });
    await client.connect();
    const db = drizzlePg({ client });
    await migratePg(db, { migrationsFolder });
    await applyTriggerFiles(db as never);
    await client.end();
    process.env.VERDICT_TEST_TEMPLATE_DB = name;
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'verdict-test-templates-'));
  const database = await PGlite.create({ extensions: { pg_trgm } });
  const dump = async (file: string) => {
    const tarball = await database.dumpDataDir('gzip');
    writeFileSync(path.join(folder, file), Buffer.from(await tarball.arrayBuffer()));
    return path.join(folder, file);
  };
  process.env.VERDICT_TEST_EMPTY_DATA = await dump('empty.tar.gz');
  const db = drizzlePglite({ client: database });
  await migratePglite(db, { migrationsFolder });
  await applyTriggerFiles(db as never);
  process.env.VERDICT_TEST_MIGRATED_DATA = await dump('migrated.tar.gz');
  await database.close();
  return async () => rmSync(folder, { recursive: true, force: true });
}
