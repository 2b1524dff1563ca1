import type { Tx } from '../../db/client.ts';
import { casesFirstSeenIn, previousImportCycle, removedAndAddedCases } from './import-gate-repository.ts';

/**
 * Tests that look renamed (docs/product/report-formats.md, "Renamed tests"; decision 230): a case
 * the branch's previous import had and this report has not, beside a case this import made in the
 * same suite under the same parent, whose names are alike. Each case is in one pair at most, the
 * most alike first. Bounded: with more than MAX_SIDE cases gone or made, nothing is proposed (a
 * reorganised suite is not a rename).
 */

const MAX_SIDE = 1000;
/** How alike two names must be (1 - edit distance / the longer length, or shared words). */
const ALIKE = 0.6;

/** Edit distance of two strings, in two rows of memory. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}

const words = (name: string) =>
  new Set(
    name
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  );

/** How alike two names are, 0 to 1: the better of their edit similarity and their shared words. */
export function alike(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const edit = 1 - distance(x, y) / Math.max(x.length, y.length, 1);
  const wa = words(a);
  const wb = words(b);
  const shared = [...wa].filter((w) => wb.has(w)).length;
  const jaccard = shared / Math.max(new Set([...wa, ...wb]).size, 1);
  return Math.max(edit, jaccard);
}

export interface RenamePair {
  from: { id: number; name: string };
  to: { id: number; name: string };
}

/** The pairs an import's cycle proposes, worked out again from the cycles (the cycle page asks). */
export async function renamesOfCycle(
  db: Tx,
  cycle: { id: number; project_id: number; source: string; branch: string | null },
): Promise<RenamePair[]> {
  if (cycle.source !== 'import') return [];
  const previous = await previousImportCycle(db, cycle.project_id, cycle.id, cycle.branch ?? '');
  if (previous === null) return [];
  return renameProposals(db, previous.id, cycle.id, await casesFirstSeenIn(db, cycle.id, MAX_SIDE));
}

export async function renameProposals(
  tx: Tx,
  previousCycleId: number,
  cycleId: number,
  createdCaseIds: number[],
): Promise<RenamePair[]> {
  if (createdCaseIds.length === 0 || createdCaseIds.length > MAX_SIDE) return [];
  const { removed, added } = await removedAndAddedCases(
    tx,
    previousCycleId,
    cycleId,
    createdCaseIds,
    MAX_SIDE,
  );
  if (removed.length === 0 || removed.length > MAX_SIDE) return [];
  const place = (c: { suite_id: number | null; parent_id: number | null }) => `${c.suite_id}:${c.parent_id}`;
  const candidates: { score: number; from: (typeof removed)[number]; to: (typeof added)[number] }[] = [];
  for (const to of added) {
    for (const from of removed) {
      if (place(from) !== place(to)) continue;
      const score = alike(from.name, to.name);
      if (score >= ALIKE) candidates.push({ score, from, to });
    }
  }
  candidates.sort((a, b) => b.score - a.score || a.from.id - b.from.id || a.to.id - b.to.id);
  const taken = new Set<number>();
  const pairs: RenamePair[] = [];
  for (const { from, to } of candidates) {
    if (taken.has(from.id) || taken.has(to.id)) continue;
    taken.add(from.id);
    taken.add(to.id);
    pairs.push({ from: { id: from.id, name: from.name }, to: { id: to.id, name: to.name } });
  }
  return pairs;
}
