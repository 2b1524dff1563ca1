import type { CaseRow } from './import-repository.ts';
import type { ReportedCase, ReportedFailure } from './junit-reader.ts';

/**
 * The report folded into a tree per suite as it is read, so each distinct case appears once
 * however often the report names it, then matched against the cases that already exist. A
 * node without an id after matching is a case to create.
 */

export interface CaseNode {
  name: string;
  depth: number;
  parent: CaseNode | null;
  suite: SuiteNode;
  /** Made with the first child: most cases are leaves. */
  children: Map<string, CaseNode> | null;
  id: number | null;
}

export interface SuiteNode {
  name: string;
  id: number | null;
  roots: Map<string, CaseNode>;
}

/** One reported test case: a run to record (passed, failed), or a skipped item of the cycle. */
export interface PlannedRun {
  node: CaseNode;
  status: 'passed' | 'failed' | 'skipped';
  durationMs: number | null;
  failure: ReportedFailure | null;
  log: string | null;
}

export interface ImportPlan {
  suites: Map<string, SuiteNode>;
  /** Every case node, grouped by depth (0 = top level of its suite). */
  levels: CaseNode[][];
  /** Every reported test case with a name, in report order (skipped ones included). */
  runs: PlannedRun[];
  tests: number;
  skipped: number;
  errors: number;
  /** Every name used on any level, to narrow the lookup of existing cases. */
  names: Set<string>;
}

export function createImportPlan(): ImportPlan {
  return { suites: new Map(), levels: [], runs: [], tests: 0, skipped: 0, errors: 0, names: new Set() };
}

/** Folds one test case of the report into the plan. */
export function addToPlan(plan: ImportPlan, reported: ReportedCase): void {
  plan.tests += 1;
  // A skipped test records no run, but its case (made when missing) becomes a skipped item of
  // the import's cycle.
  if (reported.outcome === 'skipped') plan.skipped += 1;
  if (reported.outcome === 'error') plan.errors += 1;
  let suite = plan.suites.get(reported.suite);
  if (!suite) {
    suite = { name: reported.suite, id: null, roots: new Map() };
    plan.suites.set(reported.suite, suite);
  }
  let siblings: Map<string, CaseNode> | null = suite.roots;
  let parent: CaseNode | null = null;
  for (const [depth, name] of reported.path.entries()) {
    let node: CaseNode | undefined = siblings?.get(name);
    if (!node) {
      node = { name, depth, parent, suite, children: null, id: null };
      if (siblings) siblings.set(name, node);
      else parent!.children = new Map([[name, node]]);
      const level = plan.levels[depth];
      if (level) level.push(node);
      else plan.levels[depth] = [node];
      plan.names.add(name);
    }
    parent = node;
    siblings = node.children;
  }
  if (parent) {
    plan.runs.push({
      node: parent,
      status: reported.outcome === 'passed' || reported.outcome === 'skipped' ? reported.outcome : 'failed',
      durationMs: reported.durationMs,
      failure: reported.failure,
      log: reported.log,
    });
  }
}

export function caseKey(suiteId: number, parentId: number | null, name: string): string {
  return `${suiteId}\u0000${parentId ?? 0}\u0000${name}`;
}

/** Gives each node the id of the existing case it matches (same suite, parent and name). */
export function matchExistingCases(plan: ImportPlan, existing: CaseRow[]): void {
  const byKey = new Map<string, number>();
  // Rows come oldest first; the oldest of same-named siblings wins.
  for (const row of existing) {
    const key = caseKey(row.suite_id, row.parent_id, row.name);
    if (!byKey.has(key)) byKey.set(key, row.id);
  }
  for (const level of plan.levels) {
    for (const node of level) {
      const suiteId = node.suite.id;
      // Under a case that is new, every case is new too.
      if (suiteId === null || (node.parent && node.parent.id === null)) continue;
      node.id = byKey.get(caseKey(suiteId, node.parent?.id ?? null, node.name)) ?? null;
    }
  }
}
