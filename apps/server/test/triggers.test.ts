import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrateDatabase, queryRows, type Tx } from '../src/db/client.ts';
import { journalMigrations } from '../src/db/migration-status.ts';
import {
  applyTriggerFiles,
  familyStatements,
  readTriggerFamily,
  triggerFamilies,
} from '../src/db/trigger-files.ts';
import { serverFile } from '../src/server-files.ts';
import { openTestDatabase } from './helpers/test-app.ts';

/**
 * The files in src/db/triggers hold the current definition of every trigger and function
 * (docs/database.md). The migrated database is compared with what those files alone build: in
 * one transaction, rolled back, every function of the public schema (not an extension's) is
 * dropped with its triggers, the files are run, and both sides are read back through
 * pg_get_functiondef and pg_get_triggerdef. The same server prints both, so the comparison
 * holds on PGlite and on a PostgreSQL server alike, and a missing, extra or changed definition
 * shows as a difference naming it.
 */

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase({ migrated: true }));
  await migrateDatabase(database);
});

afterAll(async () => {
  await database.close();
  await drop();
});

/** Whitespace aside: a file keeps the layout of its migration, the database its own copy of it. */
const normalised = (text: string) => text.replace(/\s+/g, ' ').trim();

const OWN_FUNCTIONS = sql`
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'public'
    and not exists (select 1 from pg_depend d
                    where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`;

async function definitions(db: Tx): Promise<Record<string, string>> {
  const functions = await queryRows<{ name: string; def: string }>(
    db,
    sql`select p.oid::regprocedure::text as name, pg_get_functiondef(p.oid) as def ${OWN_FUNCTIONS}`,
  );
  const triggers = await queryRows<{ name: string; def: string }>(
    db,
    sql`select 'trigger ' || c.relname || '.' || t.tgname as name, pg_get_triggerdef(t.oid) as def
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and not t.tgisinternal`,
  );
  return Object.fromEntries(
    [...functions, ...triggers].map((row) => [row.name, normalised(row.def)] as const).sort(),
  );
}

/** What the trigger files alone make of the migrated schema, read inside a rolled-back transaction. */
async function definitionsFromFiles(): Promise<Record<string, string>> {
  let built: Record<string, string> = {};
  try {
    await database.db.transaction(async (tx) => {
      const own = await queryRows<{ name: string }>(
        tx,
        sql`select p.oid::regprocedure::text as name ${OWN_FUNCTIONS}`,
      );
      for (const { name } of own) await tx.execute(sql.raw(`drop function ${name} cascade`));
      for (const family of triggerFamilies()) {
        for (const statement of familyStatements(readTriggerFamily(family)))
          await tx.execute(sql.raw(statement));
      }
      built = await definitions(tx);
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  return built;
}

describe('the trigger files', () => {
  it('define every trigger and function of the migrated database, as it has them, and nothing more', async () => {
    const migrated = await definitions(database.db);
    expect(Object.keys(migrated).length).toBeGreaterThan(60);
    expect(await definitionsFromFiles()).toEqual(migrated);
    // The comparison ran on the files and left the database as the migrations made it.
    expect(await definitions(database.db)).toEqual(migrated);
  });

  it('each says what it keeps, on which tables, for which module, proved by which test; the catalogue lists every trigger', async () => {
    const catalogue = readFileSync(serverFile('../../../docs/database.md'), 'utf8');
    const triggers = await queryRows<{ tgname: string }>(
      database.db,
      sql`select t.tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid
          join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and not t.tgisinternal`,
    );
    for (const family of triggerFamilies()) {
      const text = readTriggerFamily(family);
      for (const field of ['Keeps:', 'Tables:', 'Owner:', 'Proved by:']) {
        expect(text, `${family}.sql names ${field}`).toMatch(new RegExp(`^-- ${field}`, 'm'));
      }
      for (const [, module] of text.matchAll(/modules\/([\w-]+)/g)) {
        expect(existsSync(serverFile(`modules/${module}`)), `${family}.sql: modules/${module}`).toBe(true);
      }
      for (const [file] of text.matchAll(/test\/[\w-]+\.test\.ts/g)) {
        expect(existsSync(path.join(serverFile('..'), file)), `${family}.sql: ${file}`).toBe(true);
      }
      expect(catalogue, `docs/database.md links ${family}.sql`).toContain(`${family}.sql`);
    }
    for (const { tgname } of triggers)
      expect(catalogue, `docs/database.md lists ${tgname}`).toContain(tgname);
  });
});

describe('the start', () => {
  it('applies a family again when a definition changed outside its file or lost its mark, and leaves it alone after', async () => {
    const { database: fresh, drop: dropFresh } = await openTestDatabase({ migrated: true });
    try {
      const before = await definitions(fresh.db);
      expect(await applyTriggerFiles(fresh.db)).toEqual([]);
      // A function changed by hand (its mark kept): the next start puts the file's back.
      await fresh.db.execute(
        sql.raw(`create or replace function case_flakiness_stats(states text, flip_ats timestamptz[], n integer)
          returns table(results integer, flips integer, first_flip_at timestamptz, last_flip_at timestamptz)
          language sql immutable as $$ select 0, 0, null::timestamptz, null::timestamptz $$`),
      );
      expect(await definitions(fresh.db)).not.toEqual(before);
      expect(await applyTriggerFiles(fresh.db)).toEqual(['flakiness']);
      expect(await definitions(fresh.db)).toEqual(before);
      // A trigger dropped by hand.
      await fresh.db.execute(sql`drop trigger project_tags_case_insert on test_cases`);
      expect(await applyTriggerFiles(fresh.db)).toEqual(['project-tags']);
      // Marks gone, as on a database the earlier migrations made: every family runs once.
      for (const name of ['flip_count(text)', 'expanded_steps(jsonb)'])
        await fresh.db.execute(sql.raw(`comment on function ${name} is null`));
      expect(await applyTriggerFiles(fresh.db)).toEqual(['flakiness', 'shared-steps']);
      expect(await definitions(fresh.db)).toEqual(before);
      expect(await applyTriggerFiles(fresh.db)).toEqual([]);
    } finally {
      await fresh.close();
      await dropFresh();
    }
  });

  it('finds no function or trigger in a migration: they live in the trigger files alone', () => {
    const folder = serverFile('db/migrations');
    const made = /\bcreate\s+(?:or\s+replace\s+)?(?:constraint\s+)?(function|trigger|procedure)\b/i;
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.sql'))) {
      const match = made.exec(readFileSync(path.join(folder, file), 'utf8'));
      expect(match?.[0], `${file} makes a ${match?.[1]}: write it in src/db/triggers`).toBeUndefined();
    }
  });

  it('refuses a database part-way through the migrations the baseline replaced, saying what to do', async () => {
    const { database: old, drop: dropOld } = await openTestDatabase();
    try {
      const [baseline] = journalMigrations();
      await old.db.execute(sql`create schema drizzle`);
      await old.db.execute(
        sql`create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
      );
      await old.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('x', ${baseline!.when - 60_000})`,
      );
      await expect(migrateDatabase(old)).rejects.toThrow(
        /older than this version of Verdict upgrades from.*still has migration 0035_case_updates_hash_joins/,
      );
      // Nothing was made.
      const [tables] = await queryRows<{ n: number }>(
        old.db,
        sql`select count(*)::int as n from pg_tables where schemaname = 'public'`,
      );
      expect(tables!.n).toBe(0);
    } finally {
      await old.close();
      await dropOld();
    }
  });
});
