import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serverFile } from '../server-files.ts';

/**
 * The current definition of every trigger and trigger function, one file per family
 * (db/triggers/README.md). Migrations are their history; test/triggers.test.ts keeps the files
 * equal to what the migrations leave in the database, and trigger-migration-cli.ts copies a
 * family into the next migration.
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
