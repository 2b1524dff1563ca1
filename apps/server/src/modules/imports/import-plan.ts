import { EvidenceBudget } from './import-evidence.ts';
import type { CaseRow } from './import-repository.ts';
import type {
  ReportedAttachment,
  ReportedCase,
  ReportedFailure,
  ReportedStep,
} from './report-formats/reported-case.ts';

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
  /** The test's steps as the report carries them (Cucumber), else null. */
  steps: ReportedStep[] | null;
  /** The files the report names for this test, within the import's bounds (import-evidence.ts). */
  attachments: ReportedAttachment[] | null;
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
  /**
   * The tests that name their case (`[C123]`, a property, an annotation), in report order: they
   * are matched by that key once the import holds its transaction (import-service.ts).
   */
  keyed: ReportedCase[];
  /** Tests that failed and then passed on a retry: a flaky signal. */
  retried: number;
  /** The outcome of each test's last attempt so far, to tell a pass on retry. */
  lastOutcome: Map<CaseNode | number, ReportedCase['outcome']>;
  /** What the report's evidence has used of its bounds, and what it skipped. */
  evidence: EvidenceBudget;
}

export function createImportPlan(): ImportPlan {
  return {
    suites: new Map(),
    levels: [],
    runs: [],
    tests: 0,
    skipped: 0,
    errors: 0,
    names: new Set(),
    keyed: [],
    retried: 0,
    lastOutcome: new Map(),
    evidence: new EvidenceBudget(),
  };
}

/** Counts the test (an attempt after the first is not a test of its own) and a pass on retry. */
function countTest(plan: ImportPlan, reported: ReportedCase, test: CaseNode | number): void {
  const before = plan.lastOutcome.get(test);
  if (reported.retry && before !== undefined) {
    if (reported.outcome === 'passed' && (before === 'failed' || before === 'error')) plan.retried += 1;
  } else {
    plan.tests += 1;
    // A skipped test records no run, but its case (made when missing) becomes a skipped item of
    // the import's cycle.
    if (reported.outcome === 'skipped') plan.skipped += 1;
    if (reported.outcome === 'error') plan.errors += 1;
  }
  plan.lastOutcome.set(test, reported.outcome);
}

/** The run of one reported test on the case of `node`. */
export function plannedRun(node: CaseNode, reported: ReportedCase): PlannedRun {
  return {
    node,
    status: reported.outcome === 'passed' || reported.outcome === 'skipped' ? reported.outcome : 'failed',
    durationMs: reported.durationMs,
    failure: reported.failure,
    log: reported.log,
    steps: reported.steps && reported.steps.length > 0 ? reported.steps : null,
    attachments: reported.attachments && reported.attachments.length > 0 ? reported.attachments : null,
  };
}

/**
 * Folds one test case of the report into the plan; a test that names its case waits in
 * `keyed` for its key to be looked up (foldKeyed).
 */
export function addToPlan(plan: ImportPlan, read: ReportedCase): void {
  const reported = read.attachments ? { ...read, attachments: plan.evidence.take(read) } : read;
  if (reported.caseKey !== null && reported.caseKey !== undefined) {
    countTest(plan, reported, reported.caseKey);
    plan.keyed.push(reported);
    return;
  }
  addByPath(plan, reported);
}

function addByPath(plan: ImportPlan, reported: ReportedCase, count = true): void {
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
    if (count) countTest(plan, reported, parent);
    plan.runs.push(plannedRun(parent, reported));
  }
}

/**
 * Folds in the tests that name their case: those whose case is in the project run on it (under a
 * node of its own, never created); the others are matched by their path as any test is. Answers
 * the keys that named no case of the project.
 */
export function foldKeyed(
  plan: ImportPlan,
  found: Map<number, { suite_id: number | null; name: string }>,
): number[] {
  const missing = new Set<number>();
  const nodes = new Map<number, CaseNode>();
  const suites = new Map<number | null, SuiteNode>();
  for (const reported of plan.keyed) {
    const key = reported.caseKey!;
    const target = found.get(key);
    if (!target) {
      missing.add(key);
      // Counted already, under its key.
      addByPath(plan, { ...reported, caseKey: null }, false);
      continue;
    }
    let node = nodes.get(key);
    if (!node) {
      let suite = suites.get(target.suite_id);
      if (!suite) {
        suite = { name: '', id: target.suite_id, roots: new Map() };
        suites.set(target.suite_id, suite);
      }
      node = { name: reported.path.at(-1)!, depth: 0, parent: null, suite, children: null, id: key };
      nodes.set(key, node);
    }
    plan.runs.push(plannedRun(node, reported));
  }
  plan.keyed = [];
  return [...missing];
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
