import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serverFile } from '../server-files.ts';
import { migrationsFolder } from './client.ts';
import { readTriggerFamily, STATEMENT_BREAKPOINT, triggerFamilies } from './trigger-files.ts';

/**
 * Writes the next migration from trigger files (db/triggers/README.md):
 *
 *   npm run db:trigger-migration -w @verdict/server -- <family> [<family> …] [--name <name>] [--print]
 *
 * drizzle-kit makes an empty custom migration (its journal entry and snapshot included); this
 * fills it with the families' files as they are, each statement a CREATE OR REPLACE. `--print`
 * only prints the SQL.
 */

const USAGE =
  'Usage: npm run db:trigger-migration -w @verdict/server -- <family> [<family> …] [--name <name>] [--print]';

/** What a migration of these families holds: each file whole, between statement breakpoints. */
function triggerMigrationSql(families: string[]): string {
  return families
    .map((family) => `-- src/db/triggers/${family}.sql\n${readTriggerFamily(family).trim()}\n`)
    .join(`${STATEMENT_BREAKPOINT}\n`);
}

function main(): number {
  const { values, positionals: families } = parseArgs({
    allowPositionals: true,
    options: { name: { type: 'string' }, print: { type: 'boolean', default: false } },
  });
  const known = triggerFamilies();
  const unknown = families.filter((family) => !known.includes(family));
  if (families.length === 0 || unknown.length > 0) {
    if (unknown.length > 0) console.error(`No trigger file named ${unknown.join(', ')}.`);
    console.error(`${USAGE}\nFamilies: ${known.join(', ')}`);
    return 1;
  }
  const text = triggerMigrationSql(families);
  if (values.print) {
    process.stdout.write(text);
    return 0;
  }
  const name = values.name ?? `triggers_${families.join('_').replaceAll('-', '_')}`;
  const made = spawnSync('npx', ['drizzle-kit', 'generate', '--custom', `--name=${name}`], {
    cwd: serverFile('..'),
    stdio: 'inherit',
  });
  if (made.status !== 0) return made.status ?? 1;
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const tag = journal.entries.at(-1)?.tag;
  const file = path.join(migrationsFolder, `${tag}.sql`);
  // drizzle-kit writes one placeholder comment into a new custom migration: nothing else to keep.
  if (
    !tag?.endsWith(`_${name}`) ||
    readFileSync(file, 'utf8')
      .split('\n')
      .some((l) => l && !l.startsWith('--'))
  ) {
    console.error(`The newest migration (${tag}) is not the empty one just made; nothing written.`);
    return 1;
  }
  writeFileSync(file, text);
  console.log(
    `Wrote ${path.relative(process.cwd(), file)} from ${families.join(', ')}. Add a DROP FUNCTION or DROP TRIGGER ` +
      'above the statements for anything the files no longer define or whose arguments or result changed.',
  );
  return 0;
}

process.exitCode = main();
