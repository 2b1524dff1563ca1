import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { serverFile } from '../server-files.ts';
import type { Db } from './client.ts';

/**
 * The one definition of every trigger and database function, one file per family
 * (db/triggers/README.md, decision 240). Migrations hold tables, indexes and data; after them the
 * start brings each family whose file changed to what its file says (applyTriggerFiles), and
 * test/triggers.test.ts checks that the database holds exactly what the files define.
 */
export const triggersFolder = serverFile('db/triggers');

/** Drizzle's migrator runs each part of a migration between these markers as one statement. */
export const STATEMENT_BREAKPOINT = '--> statement-breakpoint';

/** The family names (file names without `.sql`), in name order. */
export function triggerFamilies(): string[] {
  return readdirSync(triggersFolder)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => file.slice(0, -'.sql'.length))
    .sort();
}

export function readTriggerFamily(family: string): string {
  return readFileSync(path.join(triggersFolder, `${family}.sql`), 'utf8');
}

/** The statements of a family's file, as the migrator would run them (comment-only parts left out). */
export function familyStatements(text: string): string[] {
  return text
    .split(STATEMENT_BREAKPOINT)
    .map((part) => part.trim())
    .filter((part) => part.split('\n').some((line) => line.trim() !== '' && !line.trim().startsWith('--')));
}

/** The first function a family's file defines: it carries the family's mark. */
function markedFunction(family: string, text: string): string {
  const match = /CREATE OR REPLACE FUNCTION\s+(?:public\.)?"?(\w+)"?\s*\(/i.exec(text);
  if (!match?.[1]) throw new Error(`src/db/triggers/${family}.sql defines no function to carry its mark`);
  return match[1];
}

/** What the marked function's comment says once the family's file, as it is now, is applied. */
function familyMark(family: string, text: string): string {
  return `verdict trigger file ${family} sha256:${createHash('sha256').update(text).digest('hex')}`;
}

/**
 * Applies every family whose file differs from what the database last applied, in one
 * transaction, and answers their names. A family's first function carries a comment with the
 * file's digest; a function dropped with its schema (a restore, a new database) takes its mark
 * with it, so the family is applied again. Removing a function or trigger from a file does not
 * drop it from databases that have it: a migration does (db/triggers/README.md).
 */
export async function applyTriggerFiles(db: Db): Promise<string[]> {
  const files = triggerFamilies().map((family) => {
    const text = readTriggerFamily(family);
    return { family, text, marked: markedFunction(family, text), mark: familyMark(family, text) };
  });
  const result = (await db.execute(
    sql`select p.proname as name, obj_description(p.oid, 'pg_proc') as mark
        from pg_proc p where p.pronamespace = 'public'::regnamespace
          and p.proname::text = any(string_to_array(${files.map((f) => f.marked).join(',')}, ','))`,
  )) as unknown as { rows: { name: string; mark: string | null }[] };
  const marks = new Map(result.rows.map((row) => [row.name, row.mark]));
  const stale = files.filter((file) => marks.get(file.marked) !== file.mark);
  if (stale.length === 0) return [];
  await db.transaction(async (tx) => {
    for (const file of stale) {
      for (const statement of familyStatements(file.text)) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql.raw(`do $$ begin
          execute format('comment on function %s is %L',
            (select p.oid::regprocedure from pg_proc p
              where p.pronamespace = 'public'::regnamespace and p.proname = '${file.marked}'),
            '${file.mark}');
        end $$`),
      );
    }
  });
  return stale.map((file) => file.family);
}
