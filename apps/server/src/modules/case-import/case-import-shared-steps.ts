import type { CaseImportProblem, CaseStep, CaseStepEntry } from '@verdict/contract';
import type { Tx } from '../../db/client.ts';
import { LOCK, type RowLock } from '../../db/row-locks.ts';
import { parseSharedSteps, type SharedStepsSpan, undefused } from './case-file-cells.ts';
import { excerpt, type ImportPlan } from './case-import-mapping.ts';
import { type StepSet, setFirstSteps, setsById, setsNamed } from './case-import-repository.ts';

/**
 * Which written steps of the imported cases become references to the project's shared step sets
 * (docs/product/case-import.md, "Shared steps"; decision 226). With a `shared_steps` column, the
 * sets it names where their steps stand as written; without one (TestRail writes sets out in
 * place), every run of steps equal to a whole set of two or more steps, longest set first.
 * Steps that map to nothing stay written out; with the column each such entry gets a note.
 */

export interface SharedStepsMatch {
  /** Per case of the plan, in its order: its steps with the mapped runs as references. */
  steps: CaseStepEntry[][];
  /** Written steps that became references. */
  mapped: number;
  notes: CaseImportProblem[];
}

/** Sets that TestRail-style files map without a column have at least this many steps. */
const AUTO_MIN_STEPS = 2;

const keyOf = (action: string, expected: string) => `${action.trim()}\u0000${expected.trim()}`;
const setStepKey = (step: CaseStep) => keyOf(step.action, step.expected);

/** A written step's keys: as written, and without the `'` the export puts before a formula start. */
function writtenKeys(step: CaseStep): string[] {
  const raw = setStepKey(step);
  const plain = keyOf(undefused(step.action.trim()), undefused(step.expected.trim()));
  return raw === plain ? [raw] : [raw, plain];
}

/** Whether the written steps from `at` on are the set's steps, each action and expected alike. */
function runIsSet(keys: string[][], at: number, set: StepSet): boolean {
  if (at + set.steps.length > keys.length) return false;
  return set.steps.every((step, i) => keys[at + i]!.includes(setStepKey(step)));
}

/** The steps with these runs (start index → set) as references. */
function withReferences(steps: CaseStep[], runs: Map<number, StepSet>): CaseStepEntry[] {
  if (runs.size === 0) return steps;
  const entries: CaseStepEntry[] = [];
  for (let i = 0; i < steps.length; i++) {
    const set = runs.get(i);
    if (set) {
      entries.push({ shared_steps_id: set.id });
      i += set.steps.length - 1;
    } else entries.push(steps[i]!);
  }
  return entries;
}

const spanLabel = (span: SharedStepsSpan) =>
  `${span.from === span.to ? `Step ${span.from}` : `Steps ${span.from}-${span.to}`} ("${excerpt(span.name)}")`;

async function byColumn(tx: Tx, projectId: number, plan: ImportPlan, column: string, lock: RowLock) {
  const parsed = plan.cases.map((c) => parseSharedSteps(c.sharedSteps));
  const names = [...new Set(parsed.flatMap((p) => p.spans.map((s) => s.name)))];
  const sets = new Map<string, StepSet>();
  if (names.length > 0) {
    for (const set of await setsNamed(tx, projectId, names, lock)) {
      if (!sets.has(set.asked)) sets.set(set.asked, set);
    }
  }
  const match: SharedStepsMatch = { steps: [], mapped: 0, notes: [] };
  plan.cases.forEach((c, index) => {
    const { spans, unreadable } = parsed[index]!;
    const note = (message: string) => match.notes.push({ row: c.row, column, message });
    for (const text of unreadable) {
      note(`"${excerpt(text)}" is not an entry like "1-2: Sign in"; its steps stay written out`);
    }
    const keys = c.steps.map(writtenKeys);
    const runs = new Map<number, StepSet>();
    const taken = new Uint8Array(c.steps.length);
    for (const span of spans) {
      const set = sets.get(span.name);
      const label = spanLabel(span);
      if (!set) note(`${label}: the project has no shared steps of this name; they stay written out`);
      else if (span.to > c.steps.length) {
        note(`${label}: the case has ${c.steps.length} steps; they stay written out`);
      } else if (taken.subarray(span.from - 1, span.to).some(Boolean)) {
        note(`${label}: another entry names these steps; they stay written out`);
      } else if (span.to - span.from + 1 !== set.steps.length || !runIsSet(keys, span.from - 1, set)) {
        note(`${label}: not the steps of the set (${set.steps.length}); they stay written out`);
      } else {
        taken.fill(1, span.from - 1, span.to);
        runs.set(span.from - 1, set);
        match.mapped += set.steps.length;
      }
    }
    match.steps.push(withReferences(c.steps, runs));
  });
  return match;
}

/**
 * Without the column: sets are found by their first step (a map), so each written step costs one
 * lookup and a comparison with the few sets that start like it, never a pass over every set.
 */
async function inPlace(tx: Tx, projectId: number, plan: ImportPlan, lock: RowLock) {
  const match: SharedStepsMatch = { steps: plan.cases.map((c) => c.steps), mapped: 0, notes: [] };
  if (!plan.cases.some((c) => c.steps.length >= AUTO_MIN_STEPS)) return match;
  const firsts = await setFirstSteps(tx, projectId, AUTO_MIN_STEPS);
  if (firsts.length === 0) return match;
  const keys = plan.cases.map((c) => c.steps.map(writtenKeys));
  const written = new Set(keys.flat(2));
  const ids = firsts.filter((f) => written.has(setStepKey(f.first))).map((f) => f.id);
  if (ids.length === 0) return match;
  const startingWith = new Map<string, StepSet[]>();
  for (const set of await setsById(tx, projectId, ids, lock)) {
    if (set.steps.length < AUTO_MIN_STEPS) continue;
    const key = setStepKey(set.steps[0]!);
    startingWith.set(key, [...(startingWith.get(key) ?? []), set]);
  }
  // Longest set first; of two alike, the older.
  const order = (a: StepSet, b: StepSet) => b.steps.length - a.steps.length || a.id - b.id;
  for (const list of startingWith.values()) list.sort(order);
  plan.cases.forEach((c, index) => {
    const caseKeys = keys[index]!;
    const runs = new Map<number, StepSet>();
    for (let i = 0; i < c.steps.length; i++) {
      const candidates = caseKeys[i]!.flatMap((key) => startingWith.get(key) ?? []);
      if (caseKeys[i]!.length > 1) candidates.sort(order);
      const set = candidates.find((s) => runIsSet(caseKeys, i, s));
      if (!set) continue;
      runs.set(i, set);
      match.mapped += set.steps.length;
      i += set.steps.length - 1;
    }
    match.steps[index] = withReferences(c.steps, runs);
  });
  return match;
}

/** The plan's steps with shared step sets mapped; `lock` keeps the sets used from being deleted meanwhile. */
export function matchSharedSteps(
  tx: Tx,
  projectId: number,
  plan: ImportPlan,
  lock: RowLock = LOCK.none,
): Promise<SharedStepsMatch> {
  return plan.sharedStepsColumn === null
    ? inPlace(tx, projectId, plan, lock)
    : byColumn(tx, projectId, plan, plan.sharedStepsColumn, lock);
}
