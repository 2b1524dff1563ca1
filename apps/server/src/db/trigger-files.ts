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

/** The functions a family's file defines, in file order; the first carries the family's mark. */
function familyFunctions(family: string, text: string): string[] {
  const names = [...text.matchAll(/CREATE OR REPLACE FUNCTION\s+(?:public\.)?"?(\w+)"?\s*\(/gi)].map(
    (match) => match[1]!,
  );
  if (names.length === 0)
    throw new Error(`src/db/triggers/${family}.sql defines no function to carry its mark`);
  return names;
}

const fileDigest = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * What the marked function's comment says once the family is applied: the file's digest, and a
 * digest of the definitions the database then holds (the family's functions and the triggers
 * that call them), so that a later change made outside the file shows too.
 */
const familyMark = (family: string, file: string, definitions: string) =>
  `verdict trigger file ${family} sha256:${file} definitions:${definitions}`;

interface FamilyFile {
  family: string;
  text: string;
  functions: string[];
  digest: string;
}

/** Each family's mark as the database has it, and the digest of its definitions as they are now. */
async function familyStates(
  db: Db,
  files: FamilyFile[],
): Promise<Map<string, { mark: string | null; definitions: string }>> {
  const owner = Object.fromEntries(files.flatMap((f) => f.functions.map((fn) => [fn, f.family])));
  const marked = Object.fromEntries(files.map((f) => [f.functions[0], f.family]));
  const result = (await db.execute(sql`
    with fam as (
      select key as fn, value as family from json_each_text(${JSON.stringify(owner)}::json)
    ), procs as (
      select fam.family, fam.fn, p.oid, pg_get_functiondef(p.oid) as def
      from fam join pg_proc p on p.proname::text = fam.fn and p.pronamespace = 'public'::regnamespace
    ), defs as (
      select family, def from procs
      union all
      select procs.family, pg_get_triggerdef(t.oid) from procs join pg_trigger t on t.tgfoid = procs.oid
      where not t.tgisinternal
    )
    select d.family, md5(string_agg(d.def, E'\n' order by d.def)) as definitions,
      (select obj_description(procs.oid, 'pg_proc') from procs
        where procs.family = d.family and (${JSON.stringify(marked)}::json ->> procs.fn) is not null) as mark
    from defs d group by d.family`)) as unknown as {
    rows: { family: string; definitions: string; mark: string | null }[];
  };
  return new Map(result.rows.map((row) => [row.family, row]));
}

/**
 * Applies every family whose file, or whose definitions in the database, differ from what the
 * database last applied, in one transaction, and answers their names. A family's first function
 * carries a comment with the file's digest and the digest of the definitions applying it left: a
 * file edited since, a function or trigger changed outside its file (by hand, by a migration) and a
 * function dropped with its schema (a restore, a new database: the mark goes with it) all make the
 * family run again. Removing a function or trigger from a file does not drop it from databases that
 * have it: a migration does (db/triggers/README.md).
 */
export async function applyTriggerFiles(db: Db): Promise<string[]> {
  const files: FamilyFile[] = triggerFamilies().map((family) => {
    const text = readTriggerFamily(family);
    return { family, text, functions: familyFunctions(family, text), digest: fileDigest(text) };
  });
  const states = await familyStates(db, files);
  const stale = files.filter((file) => {
    const state = states.get(file.family);
    return !state || state.mark !== familyMark(file.family, file.digest, state.definitions);
  });
  if (stale.length === 0) return [];
  await db.transaction(async (tx) => {
    for (const file of stale) {
      for (const statement of familyStatements(file.text)) await tx.execute(sql.raw(statement));
    }
    const applied = await familyStates(tx as unknown as Db, stale);
    for (const file of stale) {
      const mark = familyMark(file.family, file.digest, applied.get(file.family)!.definitions);
      await tx.execute(
        sql.raw(`do $$ begin
          execute format('comment on function %s is %L',
            (select p.oid::regprocedure from pg_proc p
              where p.pronamespace = 'public'::regnamespace and p.proname = '${file.functions[0]}'),
            '${mark}');
        end $$`),
      );
    }
  });
  return stale.map((file) => file.family);
}
