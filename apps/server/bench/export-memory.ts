/**
 * Memory of the CSV export of a project with 200,000 cases (four levels, 20 suites, ~300,000
 * runs): the app listens on a real port (EXPORT_BENCH_PORT, default 3500) and a client
 * downloads the file through HTTP, counting bytes and dropping them, while the process's memory
 * is sampled. The file is about 90 MB: an export that built it in memory could not finish
 * under a 64 MB heap (--max-old-space-size=64); a streamed one does, and its heap stays flat.
 *
 *   node --max-old-space-size=64 --import tsx bench/export-memory.ts     # embedded PGlite, in memory
 *   DATABASE_URL=postgres://… node --max-old-space-size=64 --import tsx bench/export-memory.ts
 *   EXPORT_BENCH_SLOW=1 …    # a client reading 4 MB/s (backpressure: the server waits, memory stays flat)
 *
 * Kept out of the test suite on purpose: memory and timings depend on the machine.
 */
import { sql } from 'drizzle-orm';
import { openBenchApp } from './bench-database.ts';

const PORT = Number(process.env.EXPORT_BENCH_PORT ?? 3500);
const SLOW = process.env.EXPORT_BENCH_SLOW === '1';
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const bench = await openBenchApp();
try {
  const { db } = bench;
  const started = performance.now();
  await db.execute(sql`insert into projects (name) values ('Export bench')`);
  await db.execute(
    sql`insert into suites (project_id, name) select 1, 'Suite ' || g from generate_series(1, 20) g`,
  );
  await db.execute(sql`
    insert into test_cases (project_id, suite_id, name, description)
    select 1, 1 + g % 20, 'Case ' || g, 'Checks that feature ' || g || ' works, "as specified". ' || repeat('Step, then check. ', 20)
    from generate_series(1, 107000) g`);
  for (const level of [2, 3, 4]) {
    await db.execute(sql`
      insert into test_cases (project_id, suite_id, parent_id, name, description)
      select project_id, suite_id, id, name || '.' || ${level}, description from test_cases
      where project_id = 1 and id % 2 = 0 and name ~ ${`^Case \\d+${'\\.\\d'.repeat(level - 2)}$`}`);
  }
  await db.execute(sql`
    insert into test_runs (case_id, project_id, status, executed_by)
    select id, 1, case when (id + g) % 9 = 0 then 'failed' else 'passed' end, 1
    from test_cases cross join generate_series(1, 1 + id % 2) g`);
  await db.execute(sql`analyze`);
  const [{ cases, runs }] = (
    (await db.execute(
      sql`select (select count(*)::int from test_cases) as cases, (select count(*)::int from test_runs) as runs`,
    )) as unknown as {
      rows: { cases: number; runs: number }[];
    }
  ).rows as [{ cases: number; runs: number }];
  console.log(
    `${bench.where}: ${cases.toLocaleString('en-US')} cases, ${runs.toLocaleString('en-US')} runs, generated in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );

  await bench.app.listen({ port: PORT, host: '127.0.0.1' });
  globalThis.gc?.();
  const base = process.memoryUsage();
  let peakHeap = base.heapUsed;
  let peakRss = base.rss;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  }, 10);

  const t0 = performance.now();
  const res = await fetch(`http://127.0.0.1:${PORT}/api/projects/1/export/cases.csv`, {
    headers: { authorization: `Bearer ${bench.token}` },
  });
  if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines += 1;
    // The slow client reads at most 4 MB/s.
    const ahead = bytes / 4_000_000 - (performance.now() - t0) / 1000;
    if (SLOW && ahead > 0) await new Promise((resolve) => setTimeout(resolve, ahead * 1000));
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);

  console.log(
    `  ${SLOW ? 'slow client' : 'client'}: ${mb(bytes)} of CSV (${lines.toLocaleString('en-US')} line ends, descriptions hold none) in ${seconds.toFixed(1)} s`,
  );
  console.log(
    `  heap used: ${mb(base.heapUsed)} before, peak ${mb(peakHeap)} (+${mb(peakHeap - base.heapUsed)}); ` +
      `rss: ${mb(base.rss)} before, peak ${mb(peakRss)} (+${mb(peakRss - base.rss)})`,
  );
} finally {
  await bench.close();
}
