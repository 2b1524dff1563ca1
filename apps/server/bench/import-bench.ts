/**
 * How long a JUnit import of 20,000 test cases takes, end to end through the HTTP layer
 * (body read, XML parse, matching, bulk inserts, dashboard triggers, commit).
 *
 *   node --import tsx bench/import-bench.ts            # embedded PGlite, in memory
 *   BENCH_DATA_DIR=/tmp/bench node --import tsx bench/import-bench.ts   # PGlite on disk
 *   DATABASE_URL=postgres://… node --import tsx bench/import-bench.ts
 *
 * Kept out of the test suite on purpose: timings depend on the machine, tests must not.
 */
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';
import { bootstrap } from '../src/modules/bootstrap/bootstrap.ts';
import { projects } from '../src/modules/projects/projects-schema.ts';

const CASES = Number(process.env.BENCH_CASES ?? 20_000);
const PER_SUITE = 100;

/** Vitest-style: files as suites, describe blocks as parents, ~8% failed, ~2% skipped. */
function report(cases: number): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    `<testsuites name="vitest tests" tests="${cases}">`,
  ];
  for (let s = 0; s * PER_SUITE < cases; s += 1) {
    out.push(`<testsuite name="src/module-${s}/feature-${s}.test.ts" tests="${PER_SUITE}">`);
    for (let c = s * PER_SUITE; c < Math.min(cases, (s + 1) * PER_SUITE); c += 1) {
      const name = `feature ${s} &gt; group ${c % 10} &gt; handles input number ${c} correctly`;
      const attrs = `classname="src/module-${s}/feature-${s}.test.ts" name="${name}" time="0.00${c % 10}"`;
      if (c % 50 === 7) out.push(`<testcase ${attrs}><skipped/></testcase>`);
      else if (c % 12 === 3) {
        out.push(
          `<testcase ${attrs}><failure message="expected 1 to be 2" type="AssertionError">AssertionError: expected 1 to be 2\n ❯ src/module-${s}/feature-${s}.test.ts:${c}:10</failure></testcase>`,
        );
      } else out.push(`<testcase ${attrs}></testcase>`);
    }
    out.push('</testsuite>');
  }
  out.push('</testsuites>');
  return out.join('\n');
}

async function openBenchDatabase() {
  const url = process.env.DATABASE_URL;
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!url) {
    const where = dataDir ? `embedded PGlite on disk (${dataDir})` : 'embedded PGlite (in memory)';
    return { database: await openDatabase({ dataDir }), drop: async () => {}, where };
  }
  const name = `verdict_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    database: await openDatabase({ url: target.toString() }),
    where: 'PostgreSQL server',
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function main() {
  const { database, drop, where } = await openBenchDatabase();
  await migrateDatabase(database);
  await bootstrap(database.db, {
    adminEmail: 'admin@example.com',
    adminName: 'admin',
    adminPassword: 'bench-password-1',
  });
  const app = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), database });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@example.com', password: 'bench-password-1' },
    });
    const session = login.json().token as string;
    const token = (
      await app.inject({
        method: 'POST',
        url: '/api/api-tokens',
        headers: { authorization: `Bearer ${session}` },
        payload: { name: 'bench' },
      })
    ).json().token as string;
    const [project] = await database.db.insert(projects).values({ name: 'Bench' }).returning();

    const xml = report(CASES);
    const gz = gzipSync(xml);
    console.log(
      `${where}; report of ${CASES.toLocaleString('en-US')} test cases: ${(xml.length / 1024 / 1024).toFixed(1)} MB (${(gz.length / 1024).toFixed(0)} KB gzipped)`,
    );

    const rounds = [
      ['first import (creates every suite and case)', xml, {}],
      ['second import (matches every case, adds runs)', xml, {}],
      ['third import, gzip-compressed', gz, { 'content-encoding': 'gzip' }],
    ] as const;
    for (const [label, body, headers] of rounds) {
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: `/api/projects/${project!.id}/import/junit`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml', ...headers },
        payload: body,
      });
      const ms = performance.now() - started;
      if (res.statusCode !== 201) throw new Error(`import failed: ${res.statusCode} ${res.body}`);
      const s = res.json().summary;
      console.log(
        `  ${label}: ${(ms / 1000).toFixed(2)} s — ${s.runsRecorded} runs, ${s.casesCreated} cases and ${s.suitesCreated} suites created, ${s.skipped} skipped`,
      );
    }
  } finally {
    await app.close();
    await database.close();
    await drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
