// Shared steps and parameters at size (docs/product/shared-steps.md, parameters.md; targets: a set
// used by 10,000 cases edited in < 2 s with every case's new version written, the execution view
// of a case with 3 sets and 50 expanded steps p99 ≤ 100 ms, and a cycle of 1,000 cases × 10 data
// rows created in < 2 s). Seeds a fresh database with a project of 10,000 cases that all
// reference one set, one case of 3 sets and 50 expanded steps, and a suite of 1,000 cases with
// 10 rows each; then edits the big set 5 times through the API, reads the execution view's calls
// (the item and the case with `?expand=steps`) 200 times, and makes the 10,000-item cycle 5 times. `npm run bench -- --only shared-steps [--db embedded|postgres|both]`,
// or `node --import tsx bench/shared-steps.ts [--db embedded|postgres]`.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { seededWith, startOnFreshDatabase } from './server-process.ts';
import { apiCall as call, percentile, round } from './sized-server.ts';

export const EDIT_TARGET_MS = 2000;
export const VIEW_TARGET_MS = 100;
export const PARAMETER_CYCLE_TARGET_MS = 2000;
const PARAMETERIZED = 1_000;
const ROWS = 10;
const CASES = 10_000;
const ADMIN_PASSWORD = 'shared-steps-bench-admin-password';

const steps = (n: number, label: string) =>
  Array.from({ length: n }, (_, i) => ({ action: `${label} step ${i + 1}`, expected: `${label} works` }));

const seed = seededWith(ADMIN_PASSWORD, async (db) => {
  const q = (statement: ReturnType<typeof sql>) => db.execute(statement);
  await q(sql`insert into projects (name, created_by) values ('Shared steps bench', 1)`);
  await q(sql`insert into suites (project_id, name) values (1, 'Suite 1')`);
  // Set 1 is the big one; sets 2-4 make the execution view's case.
  await q(sql`insert into shared_step_sets (project_id, name, steps) values
    (1, 'Sign in', ${JSON.stringify(steps(5, 'Sign in'))}::jsonb),
    (1, 'Cart', ${JSON.stringify(steps(15, 'Cart'))}::jsonb),
    (1, 'Pay', ${JSON.stringify(steps(15, 'Pay'))}::jsonb),
    (1, 'Receipt', ${JSON.stringify(steps(10, 'Receipt'))}::jsonb)`);
  await q(sql`insert into shared_step_versions (set_id, version, content)
    select id, 1, jsonb_build_object('name', name, 'description', description, 'steps', steps) from shared_step_sets`);
  const used = JSON.stringify([{ action: 'Open the shop', expected: 'It opens' }, { shared_steps_id: 1 }]);
  await q(sql`insert into test_cases (project_id, suite_id, name, steps)
    select 1, 1, 'Case ' || g, ${used}::jsonb from generate_series(1, ${CASES}) g`);
  const viewed = JSON.stringify([
    ...steps(5, 'Own'),
    { shared_steps_id: 2 },
    { shared_steps_id: 3 },
    { shared_steps_id: 4 },
    ...steps(5, 'Own end'),
  ]);
  await q(
    sql`insert into test_cases (project_id, suite_id, name, steps) values (1, 1, 'Checkout', ${viewed}::jsonb)`,
  );
  // Suite 2: the parameterized cases, 10 rows of 3 columns each.
  await q(sql`insert into suites (project_id, name) values (1, 'Suite 2')`);
  const parameters = JSON.stringify({
    columns: ['card', 'locale', 'amount'],
    rows: Array.from({ length: ROWS }, (_, i) => [`Card ${i + 1}`, `locale-${i % 3}`, String(10 * (i + 1))]),
  });
  await q(sql`insert into test_cases (project_id, suite_id, name, steps, parameters)
    select 1, 2, 'Pay ' || g, '[{"action": "Pay {{amount}} with {{card}}", "expected": "Paid"}]'::jsonb,
      ${parameters}::jsonb
    from generate_series(1, ${PARAMETERIZED}) g`);
  await q(sql`analyze`);
});

export interface SharedStepsResult {
  cases: number;
  editMs: number[];
  view: { p50: number; p99: number; steps: number };
  /** Each create of the cycle of PARAMETERIZED cases × ROWS rows. */
  parameterCycleMs: number[];
}

export async function measureSharedSteps(base: string, token: string): Promise<SharedStepsResult> {
  const editMs: number[] = [];
  for (let edit = 1; edit <= 5; edit++) {
    const { json, ms } = await call(base, token, 'PUT', '/api/shared-steps/1', {
      steps: steps(5 + edit, `Sign in v${edit}`),
    });
    if (!String(json.message).includes(`${CASES.toLocaleString('en-US')} cases`)) {
      throw new Error(`The edit did not change every case: ${json.message}`);
    }
    editMs.push(round(ms));
  }
  const caseId = CASES + 1;
  const { json: made } = await call(base, token, 'POST', '/api/projects/1/cycles', {
    name: 'Execution',
    case_ids: [caseId],
  });
  const { json: page } = await call(base, token, 'GET', `/api/cycles/${made.cycle.id}/items?limit=1`);
  const itemId = page.items[0].id as number;
  const view = async () => {
    const started = performance.now();
    const [, detail] = await Promise.all([
      call(base, token, 'GET', `/api/cycle-items/${itemId}`),
      call(base, token, 'GET', `/api/test-cases/single/${caseId}?expand=steps`),
    ]);
    return { ms: performance.now() - started, steps: (detail.json.steps as unknown[]).length };
  };
  const first = await view();
  const times: number[] = [];
  for (let i = 0; i < 200; i++) times.push((await view()).ms);
  const parameterCycleMs: number[] = [];
  for (let round_ = 1; round_ <= 5; round_++) {
    const { json, ms } = await call(base, token, 'POST', '/api/projects/1/cycles', {
      name: `Parameters ${round_}`,
      suite_ids: [2],
    });
    if (json.cycle.counts.total !== PARAMETERIZED * ROWS) {
      throw new Error(`The cycle holds ${json.cycle.counts.total} items, not ${PARAMETERIZED * ROWS}`);
    }
    parameterCycleMs.push(round(ms));
  }
  return {
    cases: CASES,
    editMs,
    view: { p50: round(percentile(times, 50)), p99: round(percentile(times, 99)), steps: first.steps },
    parameterCycleMs,
  };
}

export async function runSharedSteps(dbs: ('embedded' | 'postgres')[]): Promise<void> {
  for (const db of dbs) {
    const work = mkdtempSync(path.join(os.tmpdir(), 'verdict-shared-steps-'));
    const { server, drop } = await startOnFreshDatabase({
      db,
      work,
      prefix: 'verdict_shared_steps',
      seed,
      env: { ADMIN_PASSWORD, VERDICT_SKIP_WEB_BUILD: '1', WEB_DIST: path.join(work, 'no-web') },
      port: 3700 + Math.floor(Math.random() * 100),
    });
    try {
      const { json: login } = await call(server.url, '', 'POST', '/api/auth/login', {
        email: 'admin@example.com',
        password: ADMIN_PASSWORD,
      });
      const result = await measureSharedSteps(server.url, login.token as string);
      console.log(
        `shared set used by ${result.cases.toLocaleString('en-US')} cases edited on ${db}: ${result.editMs.join(', ')} ms (target < ${EDIT_TARGET_MS})`,
      );
      console.log(
        `execution view of a case with 3 sets and ${result.view.steps} expanded steps on ${db}: p50 ${result.view.p50} ms, p99 ${result.view.p99} ms (target ≤ ${VIEW_TARGET_MS})`,
      );
      console.log(
        `cycle of ${PARAMETERIZED.toLocaleString('en-US')} cases × ${ROWS} rows created on ${db}: ${result.parameterCycleMs.join(', ')} ms (target < ${PARAMETER_CYCLE_TARGET_MS})`,
      );
    } finally {
      await server.stop();
      await drop();
      rmSync(work, { recursive: true, force: true });
    }
  }
}

export function sharedStepsDatabases(args: string[]): ('embedded' | 'postgres')[] {
  const index = args.indexOf('--db');
  const db = index >= 0 ? args[index + 1] : 'both';
  return db === 'both' ? ['embedded', 'postgres'] : [db === 'postgres' ? 'postgres' : 'embedded'];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runSharedSteps(sharedStepsDatabases(process.argv.slice(2)));
}
