// Bulk actions and the case import at size (`npm run bench -- --only bulk`, or
// `node --import tsx bench/bulk.ts`), docs/product/bulk-actions.md and case-import.md. Seeds a
// project with 10,000 cases in one suite (tagged, with steps and runs), starts the server as
// `npm start` does, times each bulk action over all 10,000 (issue 20's target: < 2 s), then
// imports a 50,000-row CSV with steps, tags and suites (target: < 10 s). `--db embedded|postgres|both`.
import { performance } from 'node:perf_hooks';
import { type Db, databasesOf, startSized } from './sized-server.ts';

const CASES = 10_000;
const IMPORT_ROWS = 50_000;
const BULK_TARGET_MS = 2000;
const IMPORT_TARGET_MS = 10_000;

/** Project 1: 10,000 cases in one suite, tagged, with a step each and runs on a third. */
async function fill(q: (text: string) => Promise<unknown>): Promise<void> {
  await q(`insert into projects (name, created_by) values ('Bulk bench', 1)`);
  await q(`insert into suites (project_id, name) values (1, 'Bulk'), (1, 'Elsewhere')`);
  await q(`insert into case_fields (project_id, name, type) values (1, 'Component', 'text')`);
  await q(`insert into test_cycles (project_id, name, created_by) values (1, 'Bench cycle', 1)`);
  await q(`
      insert into test_cases (project_id, suite_id, name, description, priority, tags, steps)
      select 1, 1, 'Bulk case ' || g, 'A case to change in bulk', 'medium',
        case when g % 2 = 0 then array['smoke'] else array['regression'] end,
        jsonb_build_array(jsonb_build_object('action', 'Do ' || g, 'expected', 'Done'))
      from generate_series(1, ${CASES}) g`);
  await q(`insert into test_runs (case_id, project_id, status)
      select id, 1, case when id % 5 = 0 then 'failed' else 'passed' end from test_cases where id % 3 = 0`);
  await q('analyze');
}

function importCsv(): string {
  const lines = ['Title,Section Hierarchy,Steps,Expected Result,Preconditions,Priority,Type,References'];
  for (let i = 1; i <= IMPORT_ROWS; i++) {
    lines.push(
      `Imported case ${i},Area ${i % 40} > Part ${i % 7},"1. Open page ${i}\n2. Click the button","1. It opens\n2. It works",A user exists,${['Critical', 'High', 'Medium', 'Low'][i % 4]},Functional,REF-${i % 100}`,
    );
  }
  return lines.join('\n');
}

interface Row {
  what: string;
  cases: number;
  ms: number;
  target: number;
}

async function runOne(db: Db): Promise<Row[]> {
  console.error(`\n== Bulk actions on ${db}: seeding ${CASES.toLocaleString('en')} cases`);
  const { server, token, close } = await startSized({ db, name: 'bulk', fill, portBase: 3900 });
  const rows: Row[] = [];
  try {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const bulk = async (what: string, body: object) => {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/projects/1/cases/bulk`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      const answer = (await res.json()) as { affected?: number; message?: string };
      const ms = performance.now() - started;
      if (!res.ok) throw new Error(`${what}: ${res.status} ${answer.message}`);
      console.error(`   ${what}: ${answer.affected} cases in ${ms.toFixed(0)} ms (${answer.message})`);
      rows.push({ what, cases: answer.affected ?? 0, ms, target: BULK_TARGET_MS });
    };
    const all = { q: 'suite:Bulk' };
    const ids = Array.from({ length: CASES }, (_, i) => i + 1);
    await bulk('set priority (10,000 ids)', { selection: { ids }, action: 'set_priority', priority: 'high' });
    await bulk('add and remove tags (all matching)', {
      selection: all,
      action: 'tags',
      add_tags: ['bulk'],
      remove_tags: ['smoke'],
    });
    await bulk('set a custom field', { selection: all, action: 'set_field', field_id: 1, value: 'Payments' });
    await bulk('add to a cycle', { selection: all, action: 'add_to_cycle', cycle_id: 1 });
    await bulk('move to another suite', { selection: { ids }, action: 'move', suite_id: 2 });
    await bulk('copy', { selection: { ids }, action: 'copy', suite_id: 1 });
    await bulk('delete (with their runs)', { selection: { ids }, action: 'delete' });

    const csv = importCsv();
    const started = performance.now();
    const res = await fetch(`${server.url}/api/projects/1/case-imports`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'text/csv',
        accept: 'application/x-ndjson',
      },
      body: csv,
    });
    const text = await res.text();
    const ms = performance.now() - started;
    const last = JSON.parse(text.trim().split('\n').at(-1) ?? '{}') as { created?: number; message?: string };
    if (!res.ok || !last.created) throw new Error(`import: ${res.status} ${text.slice(0, 300)}`);
    console.error(
      `   import ${IMPORT_ROWS.toLocaleString('en')} TestRail rows (${(csv.length / 1e6).toFixed(1)} MB): ${ms.toFixed(0)} ms (${last.message})`,
    );
    rows.push({
      what: `import a TestRail CSV of ${IMPORT_ROWS.toLocaleString('en')} rows`,
      cases: last.created,
      ms,
      target: IMPORT_TARGET_MS,
    });
  } finally {
    await close();
  }
  return rows;
}

export async function runBulk(dbs: Db[]): Promise<void> {
  for (const db of dbs) {
    const rows = await runOne(db);
    console.log(`\nBulk actions and import on ${db} (one request each, after a 10,000-case seed)\n`);
    console.log('| Action | cases | ms | target ms | Met |');
    console.log('|---|---:|---:|---:|:---:|');
    for (const r of rows) {
      console.log(
        `| ${r.what} | ${r.cases} | ${r.ms.toFixed(0)} | ${r.target} | ${r.ms < r.target ? 'yes' : 'NO'} |`,
      );
    }
  }
}

export const bulkDatabases = databasesOf;

if (import.meta.url === `file://${process.argv[1]}`) {
  await runBulk(bulkDatabases(process.argv.slice(2)));
}
