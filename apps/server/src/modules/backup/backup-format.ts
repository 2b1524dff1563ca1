import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, queryRows, type Tx } from '../../db/client.ts';
import { UNUSABLE_PASSWORD_HASH } from '../auth/password.ts';

/**
 * A backup is gzip-compressed text, one line at a time (decision 155): a header line, then per
 * table `@table {...}`, its rows as JSON lines (to_jsonb of the row, so bytea, jsonb, timestamptz,
 * bigint and arrays keep their exact PostgreSQL text), and `@end {...}` with the row count and the
 * sha256 of those lines; last `@done`. A row line always starts with `{`, a directive with `@`.
 */
export const BACKUP_FORMAT = 'verdict-backup';
/** 2: `@file` sections after the tables carry the files of the object store (attachments/bucket-backup.ts). */
export const BACKUP_FORMAT_VERSION = 2;
/** The version of a backup with no `@file` section: what a Verdict without an object store reads. */
export const BACKUP_FORMAT_VERSION_TABLES = 1;

/**
 * What --without-secrets leaves out (decision 158): every value that signs someone in or signs
 * something. The signing key's row in `settings` (modules/auth/tokens.ts) and the single sign-on
 * attempts in flight (their PKCE verifiers and nonces) are left out whole; in the other tables the
 * secret columns are written with a value that never verifies, so the rows (and the NOT NULL and
 * unique columns) restore as they are: accounts without a password or second factor, API tokens
 * that no secret matches, webhooks turned off without a secret. The single sign-on client secret
 * is a setting (OIDC_CLIENT_SECRET), never in the database; tracker links hold no credentials.
 */
export const SECRET_SETTING_KEYS = ['jwt_signing_key'];
const SECRET_TABLES = ['oidc_logins'];
export const SECRET_COLUMNS: Record<string, Record<string, string>> = {
  users: {
    password_hash: `'${UNUSABLE_PASSWORD_HASH}'`,
    totp_secret: 'null',
    totp_pending_secret: 'null',
    totp_last_step: 'null',
  },
  // Unique and never the SHA-256 hex of a token's secret.
  api_tokens: { token_hash: `'unusable-' || t.id` },
  webhooks: { secret: "''", active: 'false' },
};

export interface SchemaLevel {
  /** The newest applied migration's tag, e.g. 0001_comments_mail_chat. */
  tag: string;
  /** Its journal time, which Drizzle records as the migration's created_at. */
  when: number;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  schema: SchemaLevel;
  source: 'embedded' | 'postgres';
  created_at: string;
  without_secrets: boolean;
  tables: string[];
  /** Rows per table, for the restore's progress bar. */
  counts: Record<string, number>;
  /** `@file` sections after the tables (files of the object store); absent when none. */
  files?: number;
}

export interface TableTrailer {
  table: string;
  rows: number;
  sha256: string;
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The migrations this code knows, oldest first. */
export function knownMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
  return journal.entries as JournalEntry[];
}

/** The newest migration applied to the database, or null when none is. */
export async function appliedSchemaLevel(db: Tx): Promise<SchemaLevel | null> {
  const [exists] = await queryRows<{ found: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!exists?.found) return null;
  const [last] = await queryRows<{ when: string }>(
    db,
    sql`select created_at::text as "when" from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!last) return null;
  const when = Number(last.when);
  const entry = knownMigrations().find((e) => e.when === when);
  return { tag: entry?.tag ?? 'unknown', when };
}

export interface TableShape {
  name: string;
  /** Columns a row is inserted with (generated ones are left to the database). */
  columns: string[];
  /** The ORDER BY that reads the table in key order, the same on every database. */
  order: string;
  /** Whether it has a bytea column: its rows are large (attachment chunks), so fewer per batch. */
  wide: boolean;
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every table of the public schema with its columns and key order. */
export async function listTables(db: Tx): Promise<TableShape[]> {
  const rows = await queryRows<{
    name: string;
    columns: string[];
    key: { name: string; collatable: boolean }[] | null;
    wide: boolean;
  }>(
    db,
    sql`select c.relname as name,
          (select array_agg(a.attname::text order by a.attnum) from pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns,
          (select json_agg(json_build_object('name', a.attname, 'collatable', a.attcollation <> 0)
                           order by array_position(i.indkey::int2[], a.attnum))
             from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
            where i.indrelid = c.oid and i.indisprimary) as key,
          exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attnum > 0
                   and not a.attisdropped and a.atttypid = 'bytea'::regtype) as wide
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
       order by c.relname`,
  );
  return rows.map((row) => ({
    name: row.name,
    columns: row.columns,
    // Text keys sort byte-wise ("C"), so both kinds of database read rows in one order whatever
    // their default collation; a table without a key is ordered by its whole row.
    order: row.key
      ? row.key
          .map((k) => (k.collatable ? `${quoteIdent(k.name)} collate "C"` : quoteIdent(k.name)))
          .join(', ')
      : 'to_jsonb(t)::text collate "C"',
    wide: row.wide,
  }));
}

/**
 * Session settings under which to_jsonb prints a row the same way on both kinds of database
 * (timestamps in UTC, bytea as hex), set for the current transaction only.
 */
export const ROW_TEXT_SETTINGS = [
  "set local timezone = 'UTC'",
  "set local bytea_output = 'hex'",
  'set local extra_float_digits = 1',
];

/** The SELECT that yields a table's rows as backup lines, in key order. */
export function rowsQuery(table: TableShape, withoutSecrets: boolean): string {
  let row = 'to_jsonb(t)';
  let where = '';
  if (withoutSecrets) {
    if (table.name === 'settings')
      where = ` where t.key not in (${SECRET_SETTING_KEYS.map((k) => `'${k}'`).join(', ')})`;
    if (SECRET_TABLES.includes(table.name)) where = ' where false';
    const columns = Object.entries(SECRET_COLUMNS[table.name] ?? {});
    // jsonb keeps one order of keys whatever the order they are set in, so the line reads as the
    // restored row does.
    if (columns.length > 0)
      row = `(to_jsonb(t) || jsonb_build_object(${columns.map(([name, value]) => `'${name}', ${value}`).join(', ')}))`;
  }
  return `select ${row}::text as line from ${quoteIdent(table.name)} t${where} order by ${table.order}`;
}
