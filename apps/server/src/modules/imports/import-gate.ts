import { GATE_DEFAULT_BRANCHES, GATE_LIST_MAX, type GateCase, type ImportGate } from '@verdict/contract';
import type { Tx } from '../../db/client.ts';
import type { ImportedItem } from '../cycles/cycles-service.ts';
import {
  failedCasesOf,
  gateCases,
  gateItemsOf,
  latestImportCycle,
  previousImportCycle,
  previousImportCycleOnDefaults,
} from './import-gate-repository.ts';

/** A branch's newest import cycle. */
export interface LatestImport {
  id: number;
  name: string;
  branch: string | null;
  created_at: Date | string;
}

/**
 * A branch's newest import cycle ('' for the imports that named none) and its gate, read again
 * now: with today's quarantines and flakiness, against the import before it. Null before the
 * branch has an import. For the gate call and a milestone's readiness alike.
 */
export async function gateOfLatestImport(
  tx: Tx,
  projectId: number,
  branch: string,
): Promise<{ cycle: LatestImport; gate: ImportGate } | null> {
  const cycle = await latestImportCycle(tx, projectId, branch);
  if (!cycle) return null;
  return { cycle, gate: await gateOf(tx, projectId, cycle, await gateItemsOf(tx, cycle.id)) };
}

/**
 * The CI gate of an import (docs/product/ci-gate.md): the import's cycle against the previous
 * import cycle of the project on the same branch (for a branch's first import, the latest on the
 * default branch), read in the import's transaction after its results, so the flakiness the
 * results just updated counts. Each statement reads one cycle's items, or cases by id.
 */
export async function gateOf(
  tx: Tx,
  projectId: number,
  cycle: { id: number; branch: string | null },
  /** The cycle's items, as the import wrote them (not read back: 20,000 rows for a large report). */
  written: ImportedItem[],
): Promise<ImportGate> {
  const compared = await previousCycle(tx, projectId, cycle);
  // Statements that each read one cycle's items by one index, or look cases up by id: the
  // planner's figures say nothing of a cycle made in this very transaction (nor of the latest few,
  // until the table is analysed again), and a join of two cycles' items would be planned as a loop
  // over every item of one for each item of the other.
  const failedBefore = new Set(
    compared ? (await failedCasesOf(tx, compared.id)).map((row) => row.case_id) : [],
  );
  const items = written.filter(
    (item) => item.state === 'failed' || (item.state === 'passed' && failedBefore.has(item.case_id)),
  );
  const rows = await gateCases(tx, projectId, cycle.branch, items);
  const stateOf = new Map(items.map((item) => [item.id, item.state]));
  const groups: Record<'new' | 'still_failing' | 'flaky' | 'quarantined' | 'fixed', GateCase[]> = {
    new: [],
    still_failing: [],
    flaky: [],
    quarantined: [],
    fixed: [],
  };
  for (const row of rows) {
    const item = { id: row.id, name: row.name, failure_message: row.failure_message };
    if (stateOf.get(row.item_id) === 'passed') groups.fixed.push({ ...item, failure_message: null });
    else if (row.quarantined) groups.quarantined.push(item);
    else if (row.flaky) groups.flaky.push(item);
    else if (failedBefore.has(row.id)) groups.still_failing.push(item);
    else groups.new.push(item);
  }
  const counts = {
    new: groups.new.length,
    still_failing: groups.still_failing.length,
    flaky: groups.flaky.length,
    quarantined: groups.quarantined.length,
    fixed: groups.fixed.length,
  };
  const cut = (list: GateCase[]) => list.slice(0, GATE_LIST_MAX);
  return {
    branch: cycle.branch,
    compared_with: compared,
    counts,
    new: cut(groups.new),
    still_failing: cut(groups.still_failing),
    flaky: cut(groups.flaky),
    quarantined: cut(groups.quarantined),
    fixed: cut(groups.fixed),
    fails: counts.new + counts.still_failing > 0,
    fails_new: counts.new > 0,
  };
}

/** The import cycle this one is compared with, or null for the project's first. */
async function previousCycle(
  tx: Tx,
  projectId: number,
  cycle: { id: number; branch: string | null },
): Promise<ImportGate['compared_with']> {
  const same = await previousImportCycle(tx, projectId, cycle.id, cycle.branch ?? '');
  if (same || cycle.branch === null) return same;
  return previousImportCycleOnDefaults(tx, projectId, cycle.id, [...GATE_DEFAULT_BRANCHES]);
}
