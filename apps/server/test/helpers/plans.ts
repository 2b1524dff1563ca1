import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../src/db/client.ts';

/**
 * Query plans as the tests read them: the statement a repository function runs (caught, not
 * run), its plan from EXPLAIN (FORMAT JSON), and two structural measures of that plan that do
 * not depend on the machine's speed.
 */

export interface PlanNode {
  'Node Type': string;
  'Parent Relationship'?: string;
  'Relation Name'?: string;
  'CTE Name'?: string;
  'Plan Rows': number;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** The first statement a repository function runs, caught instead of run. */
export async function statementOf(call: (db: Tx) => Promise<unknown>): Promise<SQL> {
  let caught: SQL | undefined;
  const catcher = {
    execute: async (query: SQL) => {
      caught ??= query;
      return { rows: [] };
    },
  } as unknown as Tx;
  await call(catcher).catch(() => {});
  if (!caught) throw new Error('the repository function ran no statement');
  return caught;
}

/** Every statement a repository function runs, caught instead of run (each answered with no rows). */
export async function statementsOf(call: (db: Tx) => Promise<unknown>): Promise<SQL[]> {
  const caught: SQL[] = [];
  const catcher = {
    execute: async (query: SQL) => {
      caught.push(query);
      return { rows: [] };
    },
  } as unknown as Tx;
  await call(catcher).catch(() => {});
  if (caught.length === 0) throw new Error('the repository function ran no statement');
  return caught;
}

/** The plan of a statement; with `analyze` the statement runs and the plan counts its rows. */
export async function explain(db: Tx, statement: SQL, analyze = false): Promise<PlanNode> {
  const options = analyze ? sql`analyze, format json` : sql`format json`;
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (${options}) ${statement}`);
  const plan = row!['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
  return parsed[0]!.Plan;
}

/** The node and those below it; `perRow` leaves out what runs once (CTE bodies, InitPlans). */
export function* planNodes(node: PlanNode, perRow = false): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) {
    if (perRow && child['Parent Relationship'] === 'InitPlan') continue;
    yield* planNodes(child, perRow);
  }
}

const BIG_TABLES = new Set(['test_cases', 'test_runs', 'case_list_changes']);
/** What the inner side of a nested loop may be made of: one index probe per outer row. */
const PROBE_NODES = new Set([
  'Index Scan',
  'Index Only Scan',
  'Bitmap Heap Scan',
  'Bitmap Index Scan',
  'BitmapAnd',
  'BitmapOr',
  'Memoize',
  'Subquery Scan',
  'Limit',
  'Result',
]);

const named = (node: PlanNode) =>
  [node['Node Type'], node['Relation Name'] ?? node['CTE Name'] ?? ''].join(' ').trim();

/**
 * The shapes of a plan whose cost does not follow the rows it reads, in words: a full scan of
 * the cases or runs (every project's rows, for one list), and a nested loop whose inner side
 * scans a row set (a CTE, a materialized or aggregated result, a table) once per outer row,
 * which is what a planner picks when it wrongly believes the outer side holds one row.
 */
export function planProblems(root: PlanNode): string[] {
  const problems: string[] = [];
  for (const node of planNodes(root)) {
    if (node['Node Type'] === 'Seq Scan' && BIG_TABLES.has(node['Relation Name'] ?? '')) {
      problems.push(`Seq Scan on ${node['Relation Name']}`);
    }
    if (node['Node Type'] === 'Nested Loop') {
      const inner = node.Plans?.find((child) => child['Parent Relationship'] === 'Inner');
      const scans = inner ? [...planNodes(inner, true)].filter((n) => !PROBE_NODES.has(n['Node Type'])) : [];
      if (scans.length > 0)
        problems.push(`Nested Loop whose inner side scans ${scans.map(named).join(', ')}`);
    }
  }
  return problems;
}

/** How many rows the plan read from `table`, over all its scans and loops (EXPLAIN ANALYZE). */
export function rowsReadFrom(root: PlanNode, table: string): number {
  let rows = 0;
  for (const node of planNodes(root)) {
    if (node['Relation Name'] === table) rows += (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1);
  }
  return Math.round(rows);
}

/** The answer of a plan test with no problem anywhere: each checked statement's name, with none. */
export function noProblems(found: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.keys(found).map((name) => [name, []]));
}

/** How many rows of pg_stats describe these tables: none while nobody has analysed them. */
export async function statisticsRowsOf(db: Tx, tables: readonly string[]): Promise<number> {
  const names = sql.join(
    tables.map((table) => sql`${table}`),
    sql`, `,
  );
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pg_stats where tablename in (${names})`,
  );
  return row!.n;
}
