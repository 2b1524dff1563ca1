/**
 * "Fast at a million entries": fills a fresh database with 1,000,000 audit entries (a year of a
 * busy instance: 500 users, mostly recorded runs, sign-ins, case edits) and times
 * GET /api/audit-log: page 1, a deep page through the cursor, each filter, searches, and
 * combinations; for each it also names the plan's access path. Then it measures what the entry
 * costs run creation (one INSERT).
 *
 *   node --import tsx bench/audit-bench.ts                      # embedded PGlite, in memory
 *   BENCH_DATA_DIR=/tmp/audit-bench node --import tsx bench/audit-bench.ts   # PGlite on disk
 *   DATABASE_URL=postgres://… node --import tsx bench/audit-bench.ts        # a fresh database there
 *   AUDIT_ROWS=200000 node --import tsx bench/audit-bench.ts    # fewer entries
 *
 * Kept out of the test suite on purpose: timings depend on the machine, tests must not.
 */
import type { AuditLogQuery } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.ts';
import { recordAudit } from '../src/modules/audit-log/audit-entries.ts';
import { auditPageQuery } from '../src/modules/audit-log/audit-log-repository.ts';
import { auditFiltersOf } from '../src/modules/audit-log/audit-log-service.ts';
import { openBenchApp } from './bench-database.ts';

const TOTAL = Number(process.env.AUDIT_ROWS ?? 1_000_000);
const BATCH = 100_000;
const TRIES = 7;

const bench = await openBenchApp();
const { db } = bench;

/**
 * One batch of generated entries, `at` spread evenly over the last 365 days in id order. The
 * mix per 100: 70 recorded runs, 10 case edits, 5 case creations, 3 run deletions, 6 sign-ins,
 * 2 failed sign-ins, 1 logout, 1 project edit, 1 member added, 1 role/user/permission/suite
 * change. Case names come from 50,000 "Checkout step N", so a name is rare and a word common.
 */
async function insertBatch(first: number, last: number): Promise<void> {
  await db.execute(sql`
    insert into audit_log (at, actor_id, actor_name, actor_email, action, entity_type, entity_id,
      project_id, summary, changes)
    select
      now() - interval '365 days' + g * (interval '365 days' / ${TOTAL}::int),
      u, 'user' || u, 'user' || u || '@example.com',
      case when k < 70 or (k >= 80 and k < 85) or k = 98 then 'create'
           when k < 80 or k = 97 then 'update'
           when k < 88 then 'delete'
           when k < 94 then 'sign_in'
           when k < 96 then 'sign_in_failed'
           when k < 97 then 'logout'
           else case (g / 100) % 4 when 0 then 'create' when 1 then 'update' when 2 then 'delete' else 'update' end
      end,
      case when k < 70 or (k >= 85 and k < 88) then 'run'
           when k < 85 then 'case'
           when k < 97 then 'session'
           when k = 97 then 'project'
           when k = 98 then 'member'
           else (array['role', 'user', 'permission', 'suite'])[(g / 100) % 4 + 1]
      end,
      g, g % 200 + 1,
      case when k < 70 then 'Recorded run #' || g || ' (' || status || ') of case "' || name || '"'
           when k < 80 then 'Updated case "' || name || '": name'
           when k < 85 then 'Created case "' || name || '"'
           when k < 88 then 'Deleted run #' || g || ' (' || status || ') of case "' || name || '"'
           when k < 94 then 'Signed in as user' || u || '@example.com from 10.0.' || u % 250 || '.' || g % 250
           when k < 96 then 'Failed sign-in as user' || u || '@example.com from 10.0.0.1: wrong password'
           when k < 97 then 'Signed out user' || u || '@example.com'
           when k = 97 then 'Updated project "Project ' || g % 200 || '": description'
           when k = 98 then 'Added "user' || (g % 500) || '" to project #' || g % 200 || ' as "Tester"'
           else 'Updated ' || (array['role', 'user', 'permission', 'suite'])[(g / 100) % 4 + 1] || ' "Thing ' || g || '": name'
      end,
      case when k < 70 then jsonb_build_object('status', jsonb_build_object('before', null, 'after', status))
           when k < 80 then jsonb_build_object('name', jsonb_build_object('before', name, 'after', name || ' v2'))
           else null
      end
    from generate_series(${first}::int, ${last}::int) g
    cross join lateral (
      select abs(hashint4(g) % 500) + 1 as u, g % 100 as k,
        case when g % 10 = 0 then 'failed' else 'passed' end as status,
        'Checkout step ' || abs(hashint4(g + 7) % 50000) as name
    ) x`);
}

interface Measured {
  label: string;
  rows: number;
  median: number;
  max: number;
  plan: string;
}

/** The access path of the statement the route runs: which index, or a scan. */
async function planOf(query: AuditLogQuery): Promise<string> {
  const statement = auditPageQuery(auditFiltersOf(query), (query.limit ?? 50) + 1);
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) ${statement}`);
  const raw = row!['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
  const found: string[] = [];
  const walk = (node: PlanNode) => {
    if (node['Index Name']) found.push(`${node['Node Type']} ${node['Index Name']}`);
    else if (node['Node Type'].includes('Scan')) found.push(node['Node Type']);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan[0].Plan);
  return found.join(' + ');
}
interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

async function measure(label: string, query: AuditLogQuery): Promise<Measured> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < TRIES; i += 1) {
    const started = performance.now();
    const res = await bench.app.inject({
      method: 'GET',
      url: `/api/audit-log?${search}`,
      headers: { authorization: `Bearer ${bench.token}` },
    });
    times.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
    rows = res.json().items.length;
  }
  const warm = times.slice(1).sort((a, b) => a - b);
  return {
    label,
    rows,
    median: warm[Math.floor(warm.length / 2)]!,
    max: warm.at(-1)!,
    plan: await planOf(query),
  };
}

const pad = (text: string, width: number) => text.padEnd(width);
const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(10);

try {
  const loadStarted = performance.now();
  for (let first = 1; first <= TOTAL; first += BATCH) {
    const last = Math.min(TOTAL, first + BATCH - 1);
    await insertBatch(first, last);
    process.stdout.write(
      `\r  inserting audit entries: ${last.toLocaleString('en-US')} / ${TOTAL.toLocaleString('en-US')}`,
    );
  }
  await db.execute(sql`analyze audit_log`);
  const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from audit_log`,
  );
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  console.log(
    `\n${bench.where}: ${n.toLocaleString('en-US')} audit entries, loaded in ${loadSeconds.toFixed(0)} s\n`,
  );

  const [{ max: maxId } = { max: 0 }] = await queryRows<{ max: number }>(
    db,
    sql`select max(id)::float8 as max from audit_log`,
  );
  const deep = Math.floor(Number(maxId) / 10);
  const midDay = new Date(Date.now() - 180 * 86_400_000).toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);

  const cases: [string, AuditLogQuery][] = [
    ['page 1 (50 newest)', {}],
    ['page 1, limit 200', { limit: 200 }],
    [`deep page via cursor (before=${deep}, 90% down)`, { before: deep }],
    ['user (1 of 500)', { user_id: 42 }],
    ['user, deep page', { user_id: 42, before: deep }],
    ['entity: run (70%)', { entity: 'run' }],
    ['entity: role (0.25%)', { entity: 'role' }],
    ['entity: role, deep page', { entity: 'role', before: deep }],
    ['action: sign_in_failed (2%)', { action: 'sign_in_failed' }],
    ['action: delete', { action: 'delete' }],
    [`from/to: one day half a year ago (${midDay})`, { from: midDay, to: midDay }],
    ['from: the last 30 days', { from: monthAgo, to: today }],
    ['user + entity + action', { user_id: 42, entity: 'case', action: 'update' }],
    ['user + one day', { user_id: 42, from: midDay, to: midDay }],
    ['search: rare ("Checkout step 12345")', { q: 'Checkout step 12345' }],
    ['search: common ("checkout")', { q: 'checkout' }],
    ['search: no match ("nothing-like-this")', { q: 'nothing-like-this' }],
    ['search: "#7", only in older entries (worst case)', { q: '#7' }],
    ['search + entity ("wrong password", session)', { q: 'wrong password', entity: 'session' }],
    ['search + user ("step 1", user 42)', { q: 'step 1', user_id: 42 }],
    ['search, deep page ("checkout")', { q: 'checkout', before: deep }],
  ];
  const results: Measured[] = [];
  for (const [label, query] of cases) results.push(await measure(label, query));

  // What keyset paging avoids: the same deep page by OFFSET.
  const offsetTimes: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const started = performance.now();
    await db.execute(
      sql`select id, summary from audit_log order by id desc offset ${Number(maxId) - deep} limit 50`,
    );
    offsetTimes.push(performance.now() - started);
  }

  const width = Math.max(...results.map((r) => r.label.length)) + 2;
  console.log(
    `${pad('GET /api/audit-log', width)}${'rows'.padStart(5)}${'median'.padStart(10)}${'max'.padStart(10)}  plan`,
  );
  for (const r of results) {
    console.log(`${pad(r.label, width)}${String(r.rows).padStart(5)}${ms(r.median)}${ms(r.max)}  ${r.plan}`);
  }
  console.log(
    `\nfor comparison, the deep page by OFFSET ${(Number(maxId) - deep).toLocaleString('en-US')}: ` +
      `${Math.min(...offsetTimes).toFixed(0)} ms (SQL alone)`,
  );

  // Run creation: the entry is one INSERT; time it against the whole request.
  await db.execute(sql`insert into projects (name) values ('Bench')`);
  await db.execute(sql`insert into test_cases (project_id, name) values (1, 'Bench case')`);
  const RUNS = 2_000;
  let started = performance.now();
  for (let i = 0; i < RUNS; i += 1) {
    const res = await bench.app.inject({
      method: 'POST',
      url: '/api/testruns/create/1',
      headers: { authorization: `Bearer ${bench.token}` },
      payload: { status: i % 10 ? 'passed' : 'failed' },
    });
    if (res.statusCode !== 201) throw new Error(`run create: ${res.statusCode} ${res.body}`);
  }
  const perRequest = (performance.now() - started) / RUNS;
  // The entry as the request writes it: inside a transaction that commits anyway.
  const actor = { id: 1, username: 'admin', email: 'admin@example.com' };
  let perInsert = 0;
  await db.transaction(async (tx) => {
    started = performance.now();
    for (let i = 0; i < RUNS; i += 1) {
      await recordAudit(tx, actor, {
        action: 'create',
        entity: 'run',
        entityId: i,
        projectId: 1,
        summary: `Recorded run #${i} (passed) of case "Bench case"`,
        changes: { status: { before: null, after: 'passed' }, case_id: { before: null, after: 1 } },
      });
    }
    perInsert = (performance.now() - started) / RUNS;
  });
  console.log(
    `POST /api/testruns/create, one at a time: ${perRequest.toFixed(2)} ms a request ` +
      `(${Math.round(1000 / perRequest)}/s on one connection); its audit INSERT alone: ${perInsert.toFixed(2)} ms ` +
      `(${((perInsert / perRequest) * 100).toFixed(0)}%)`,
  );
} finally {
  await bench.close();
}
