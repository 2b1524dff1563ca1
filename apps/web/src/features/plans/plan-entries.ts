import {
  type ConfigurationGroup,
  type CreatePlanBody,
  PLAN_LIMITS,
  type PlanEntryBody,
} from '@verdict/contract';
import {
  type CaseSelection,
  EMPTY_SELECTION,
  isEmptySelection,
  selectionBody,
} from '@/entities/cycle/case-selection';
import type { FieldErrors } from '@/lib/field-errors';
import { formatCount } from '@/lib/format-number';

/** One entry of the New test plan form as typed (docs/product/plans-screens.md). */
export interface EntryValues {
  /** Only the form's: React's key for the entry, kept when an earlier entry is removed. */
  key: number;
  name: string;
  scope: 'chosen' | 'all';
  selection: CaseSelection;
  /** A user id, or '' for nobody. */
  assignee_id: string;
  configurationIds: ReadonlySet<number>;
}

export function blankEntry(key: number): EntryValues {
  return {
    key,
    name: '',
    scope: 'chosen',
    selection: EMPTY_SELECTION,
    assignee_id: '',
    configurationIds: new Set(),
  };
}

/**
 * How many cycles an entry makes, as the server counts them: one per choice of one picked
 * configuration from each group it picks from (a group with none picked does not multiply); 1
 * with none.
 */
export function entryCycleCount(
  entry: Pick<EntryValues, 'configurationIds'>,
  groups: readonly ConfigurationGroup[],
) {
  let count = 1;
  for (const group of groups) {
    const picked = group.configurations.filter((c) => entry.configurationIds.has(c.id)).length;
    if (picked > 0) count *= picked;
  }
  return count;
}

export function planCycleCount(entries: readonly EntryValues[], groups: readonly ConfigurationGroup[]) {
  return entries.reduce((sum, entry) => sum + entryCycleCount(entry, groups), 0);
}

/** '1 test cycle', '4 test cycles'. */
export const cyclesWord = (count: number) =>
  `${formatCount(count)} ${count === 1 ? 'test cycle' : 'test cycles'}`;

/** The server's sentence for a plan over the bound, said before sending it. */
export function tooManyCyclesText(count: number): string | null {
  return count > PLAN_LIMITS.cyclesMax
    ? `The plan would make ${count} test cycles; a plan makes at most ${PLAN_LIMITS.cyclesMax}`
    : null;
}

/** The server's sentence for an entry that selects nothing; null when it selects something. */
export function emptyEntryText(entry: EntryValues, index: number): string | null {
  if (entry.scope === 'all' || !isEmptySelection(entry.selection)) return null;
  return `Entry ${index + 1}: choose its cases: suites, cases or all cases`;
}

function entryBody(entry: EntryValues): PlanEntryBody {
  const body: PlanEntryBody = entry.scope === 'all' ? { all_cases: true } : selectionBody(entry.selection);
  if (entry.name.trim() !== '') body.name = entry.name.trim();
  if (entry.configurationIds.size > 0)
    body.configuration_ids = [...entry.configurationIds].sort((a, b) => a - b);
  if (entry.assignee_id !== '') body.assignee_id = Number(entry.assignee_id);
  return body;
}

export interface PlanFormValues {
  name: string;
  description: string;
  /** A milestone id, or '' for none. */
  milestone_id: string;
}

export function createBodyOf(values: PlanFormValues, entries: readonly EntryValues[]): CreatePlanBody {
  return {
    name: values.name.trim(),
    description: values.description,
    milestone_id: values.milestone_id === '' ? null : Number(values.milestone_id),
    entries: entries.map(entryBody),
  };
}

/**
 * The server's refusals by entry: a 400 naming `entries[1]` or `entries[1].assignee_id` belongs
 * to the second entry (its sentence, `Entry 2: …`, is shown there).
 */
export function entryErrorsOf(fieldErrors: FieldErrors): Map<number, string> {
  const byEntry = new Map<number, string>();
  for (const [field, message] of Object.entries(fieldErrors)) {
    const match = /^entries\[(\d+)\]/.exec(field);
    if (match && !byEntry.has(Number(match[1]))) byEntry.set(Number(match[1]), message);
  }
  return byEntry;
}
