/**
 * What the New Test Cycle form, or an entry of a new test plan, has chosen
 * (docs/product/cycles-screens.md, "New Test Cycle"): whole suites and single cases (each with its
 * children). Immutable, so React sees each change.
 */
export interface CaseSelection {
  suiteIds: ReadonlySet<number>;
  caseIds: ReadonlySet<number>;
}

export const EMPTY_SELECTION: CaseSelection = { suiteIds: new Set(), caseIds: new Set() };

function toggled(set: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

export const toggleSuite = (selection: CaseSelection, id: number): CaseSelection => ({
  ...selection,
  suiteIds: toggled(selection.suiteIds, id),
});

export const toggleCase = (selection: CaseSelection, id: number): CaseSelection => ({
  ...selection,
  caseIds: toggled(selection.caseIds, id),
});

export const isCaseChosen = (selection: CaseSelection, id: number) => selection.caseIds.has(id);

export const isEmptySelection = (selection: CaseSelection) =>
  selection.suiteIds.size === 0 && selection.caseIds.size === 0;

/** '2 suites and 3 cases chosen', '1 case chosen', 'Nothing chosen yet'. */
export function selectionText(selection: CaseSelection): string {
  const parts: string[] = [];
  const suites = selection.suiteIds.size;
  const cases = selection.caseIds.size;
  if (suites > 0) parts.push(`${suites} ${suites === 1 ? 'suite' : 'suites'}`);
  if (cases > 0) parts.push(`${cases} ${cases === 1 ? 'case' : 'cases'}`);
  return parts.length > 0 ? `${parts.join(' and ')} chosen` : 'Nothing chosen yet';
}

/** The body's selection fields: ids in ascending order, leaving out empty lists. */
export function selectionBody(selection: CaseSelection): { suite_ids?: number[]; case_ids?: number[] } {
  const body: { suite_ids?: number[]; case_ids?: number[] } = {};
  if (selection.suiteIds.size > 0) body.suite_ids = [...selection.suiteIds].sort((a, b) => a - b);
  if (selection.caseIds.size > 0) body.case_ids = [...selection.caseIds].sort((a, b) => a - b);
  return body;
}
