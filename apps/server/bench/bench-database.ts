import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, migrateDatabase, openDatabase } from '../src/db/client.ts';
import { bootstrap } from '../src/modules/bootstrap/bootstrap.ts';

/**
 * A fresh database and app for a measurement: PGlite in memory, PGlite on disk
 * (BENCH_DATA_DIR), or a new database on the server of DATABASE_URL, dropped afterwards.
 */
export async function openBenchApp() {
  const url = process.env.DATABASE_URL;
  let database: Database;
  let where: string;
  let drop = async () => {};
  if (!url) {
    const dataDir = process.env.BENCH_DATA_DIR;
    where = dataDir ? `embedded PGlite on disk (${dataDir})` : 'embedded PGlite (in memory)';
    database = await openDatabase({ dataDir });
  } else {
    const name = `verdict_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    database = await openDatabase({ url: target.toString() });
    where = 'PostgreSQL server';
    drop = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  await migrateDatabase(database);
  await bootstrap(database.db, {
    adminEmail: 'admin@example.com',
    adminName: 'admin',
    adminPassword: 'bench-password-1',
  });
  const app = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), database });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'admin@example.com', password: 'bench-password-1' },
  });
  const token = login.json().token as string;
  return {
    app,
    db: database.db,
    where,
    token,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
