import {
  CASE_CONTENT_LIMITS,
  CASE_IMPORT_TARGETS,
  type CaseField,
  type CaseImportProblem,
  type CaseImportTarget,
  type CaseParameters,
  type CasePriority,
  type CaseStep,
  LIMITS,
} from '@verdict/contract';
import { isEmptyValue, valueProblem } from '../case-fields/case-field-values.ts';
import { parametersOf } from './case-import-parameters.ts';

/**
 * From a table of text (a CSV or a sheet) to the cases it describes (docs/product/case-import.md):
 * which column fills what (recognised or given), then each row checked, every problem named by
 * its row and column. Pure: nothing here reads the database.
 */

export interface Table {
  columns: string[];
  /** The data rows, each with its row number in the file (the header is row 1). */
  rows: { row: number; cells: string[] }[];
}

export type Mapping = (CaseImportTarget | null)[];

export interface ImportedCase {
  row: number;
  name: string;
  description: string;
  preconditions: string;
  priority: CasePriority;
  /** The priority as the file wrote it when it names none (the row has a problem there). */
  invalidPriority: string | null;
  tags: string[];
  steps: CaseStep[];
  customFields: Record<string, unknown>;
  suite: string | null;
  /** Index (in the list of cases) of the parent case, or null for a top-level case. */
  parent: number | null;
  /** The row's id in the tool it came from (TestRail's "C123"), kept on the case; null without one. */
  sourceId: string | null;
  parameters: CaseParameters | null;
  /** The row's `shared_steps` cell (`1-2: Sign in`), empty without one. */
  sharedSteps: string;
}

export interface ImportPlan {
  cases: ImportedCase[];
  problems: CaseImportProblem[];
  /** The header of the column that fills `shared_steps`; null when none does. */
  sharedStepsColumn: string | null;
}

/** At most the first 200 characters of a cell, for answers that quote it. */
export const excerpt = (text: string): string => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

const norm = (header: string) => header.trim().toLowerCase().replace(/\s+/g, ' ');

/** TestRail's CSV export headers (either layout of steps), and what each fills. */
const TESTRAIL: Record<string, CaseImportTarget> = {
  // TestRail's case id ("C123") is kept as the row's source id: two rows with one id are a problem.
  id: 'id',
  title: 'name',
  'section hierarchy': 'suite',
  steps: 'steps',
  'expected result': 'expected_results',
  'steps (step)': 'steps',
  'steps (expected result)': 'expected_results',
  'steps (expected)': 'expected_results',
  preconditions: 'preconditions',
  priority: 'priority',
  type: 'tags',
  references: 'tags',
  description: 'description',
  // Not TestRail's own, but kept when a person adds them.
  shared_steps: 'shared_steps',
  'shared steps': 'shared_steps',
  parameters: 'parameters',
};

/** Verdict's own export (modules/exports): its first columns, in order. */
const VERDICT_HEAD = ['id', 'parent_id', 'suite', 'path', 'name', 'description', 'latest_status', 'rollup'];
const VERDICT: Record<string, CaseImportTarget | null> = {
  id: 'id',
  parent_id: 'parent_id',
  suite: 'suite',
  path: null,
  name: 'name',
  description: 'description',
  latest_status: null,
  rollup: null,
  preconditions: 'preconditions',
  priority: 'priority',
  tags: 'tags',
  steps: 'steps',
  expected_results: 'expected_results',
  shared_steps: 'shared_steps',
  parameters: 'parameters',
};

/** Other headers by their usual names. */
const USUAL: Record<string, CaseImportTarget> = {
  name: 'name',
  title: 'name',
  summary: 'name',
  'test case': 'name',
  description: 'description',
  preconditions: 'preconditions',
  precondition: 'preconditions',
  steps: 'steps',
  step: 'steps',
  'expected result': 'expected_results',
  'expected results': 'expected_results',
  expected: 'expected_results',
  expected_results: 'expected_results',
  priority: 'priority',
  tags: 'tags',
  labels: 'tags',
  suite: 'suite',
  section: 'suite',
  folder: 'suite',
  shared_steps: 'shared_steps',
  'shared steps': 'shared_steps',
  parameters: 'parameters',
};

export type Recognized = 'testrail' | 'verdict' | null;

/** Which export the headers are, and the mapping that fits them; custom fields by name. */
export function guessMapping(
  columns: string[],
  fields: readonly CaseField[],
): { recognized: Recognized; mapping: Mapping } {
  const headers = columns.map(norm);
  const byName = new Map(fields.map((f) => [norm(f.name), `field:${f.id}` as CaseImportTarget]));
  const recognized: Recognized = VERDICT_HEAD.every((h, i) => headers[i] === h)
    ? 'verdict'
    : headers.includes('title') && (headers.includes('section hierarchy') || headers.includes('section'))
      ? 'testrail'
      : null;
  const known: Record<string, CaseImportTarget | null> =
    recognized === 'verdict'
      ? VERDICT
      : recognized === 'testrail'
        ? { ...TESTRAIL, ...(headers.includes('section hierarchy') ? {} : { section: 'suite' }) }
        : USUAL;
  const taken = new Set<CaseImportTarget>();
  const mapping = headers.map((h) => {
    const target = byName.get(h) ?? (h in known ? known[h] : null) ?? null;
    if (!target) return null;
    if (target !== 'tags' && taken.has(target)) return null;
    taken.add(target);
    return target;
  });
  return { recognized, mapping };
}

/** The mapping a client sent (`?mapping=`): one entry per column, each a target, a field of the project, or empty. */
export function parseMapping(
  text: string,
  columns: string[],
  fields: readonly CaseField[],
): { mapping: Mapping; problems: CaseImportProblem[] } {
  const parts = text.split(',').map((p) => p.trim());
  const problems: CaseImportProblem[] = [];
  const fieldIds = new Set(fields.map((f) => f.id));
  const mapping: Mapping = columns.map((column, i) => {
    const part = parts[i] ?? '';
    if (part === '') return null;
    const field = /^field:([1-9][0-9]{0,9})$/.exec(part);
    if ((CASE_IMPORT_TARGETS as readonly string[]).includes(part)) return part as CaseImportTarget;
    if (field && fieldIds.has(Number(field[1]))) return part as CaseImportTarget;
    problems.push({ row: 1, column, message: `"${excerpt(part)}" is not something a column can fill` });
    return null;
  });
  if (parts.length > columns.length) {
    problems.push({
      row: 1,
      column: '',
      message: `The mapping names ${parts.length} columns; the file has ${columns.length}`,
    });
  }
  return { mapping, problems };
}

/** Problems of the mapping itself (row 1, the header): a name column, and one column per field but tags. */
export function mappingProblems(columns: string[], mapping: Mapping): CaseImportProblem[] {
  const problems: CaseImportProblem[] = [];
  if (!mapping.includes('name')) {
    problems.push({ row: 1, column: '', message: 'Choose the column that holds the names of the cases' });
  }
  const seen = new Map<CaseImportTarget, string>();
  mapping.forEach((target, i) => {
    if (!target || target === 'tags') return;
    const first = seen.get(target);
    if (first !== undefined) {
      problems.push({
        row: 1,
        column: columns[i] ?? '',
        message: `"${excerpt(first)}" already fills ${target}; choose one column for it`,
      });
    } else seen.set(target, columns[i] ?? '');
  });
  return problems;
}

const PRIORITY_WORDS: Record<string, CasePriority> = {
  critical: 'critical',
  blocker: 'critical',
  highest: 'critical',
  high: 'high',
  major: 'high',
  medium: 'medium',
  normal: 'medium',
  low: 'low',
  lowest: 'low',
  minor: 'low',
  trivial: 'low',
};

/** A priority as tools write it ("High", "2 - High", "Critical"); empty is medium; null when it names none. */
export function priorityOf(text: string): CasePriority | null {
  const words = text
    .trim()
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  if (text.trim() === '') return 'medium';
  for (const word of words) if (word in PRIORITY_WORDS) return PRIORITY_WORDS[word]!;
  return null;
}

/**
 * Steps from a cell: numbered lines ("1. Open", "2) Pay") start a step each, other lines go on
 * the step before; a cell without numbers is one step. Empty: none.
 */
export function numberedItems(text: string): string[] {
  const trimmed = text.replace(/\r\n?/g, '\n').trim();
  if (trimmed === '') return [];
  const lines = trimmed.split('\n');
  if (!/^\s*\d+[.)]\s/.test(lines[0] ?? '')) return [trimmed];
  const items: string[] = [];
  for (const line of lines) {
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (numbered) items.push(numbered[1] ?? '');
    else items[items.length - 1] = `${items[items.length - 1]}\n${line}`;
  }
  return items.map((s) => s.trim());
}

function pairSteps(actions: string[], expected: string[]): CaseStep[] {
  const n = Math.max(actions.length, expected.length);
  return Array.from({ length: n }, (_, i) => ({ action: actions[i] ?? '', expected: expected[i] ?? '' }));
}

/** A custom field's value from its cell, typed; undefined when the text cannot be one. */
function fieldValueOf(field: CaseField, text: string): unknown {
  switch (field.type) {
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    case 'checkbox': {
      const lower = text.toLowerCase();
      if (['yes', 'true', '1', 'x', 'y'].includes(lower)) return true;
      if (['no', 'false', '0', 'n'].includes(lower)) return false;
      return text;
    }
    case 'multiselect':
      return text
        .split(/[;,]/)
        .map((s) => s.trim())
        .filter(Boolean);
    default:
      return text;
  }
}

function splitTags(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((t) => t.trim().replace(/\s+/g, ' ').toLowerCase())
    .filter(Boolean);
}

/** Both lists as long as the longer, the shorter filled with empty text. */
function alignSteps(steps: { actions: string[]; expected: string[] }) {
  const n = Math.max(steps.actions.length, steps.expected.length);
  steps.actions = Array.from({ length: n }, (_, i) => steps.actions[i] ?? '');
  steps.expected = Array.from({ length: n }, (_, i) => steps.expected[i] ?? '');
}

/**
 * Every case the table holds with the mapping, or the problems that stop the import. A row whose
 * name is empty but whose steps are not continues the case above (TestRail's layout with one
 * row per step).
 */
export function planImport(table: Table, mapping: Mapping, fields: readonly CaseField[]): ImportPlan {
  const problems: CaseImportProblem[] = mappingProblems(table.columns, mapping);
  const cases: ImportedCase[] = [];
  const column = (target: CaseImportTarget) => mapping.indexOf(target);
  const at = (cells: string[], target: CaseImportTarget) => {
    const i = column(target);
    return i < 0 ? '' : (cells[i] ?? '').trim();
  };
  const header = (target: CaseImportTarget) => table.columns[column(target)] ?? target;
  const tagColumns = mapping.flatMap((t, i) => (t === 'tags' ? [i] : []));
  const fieldColumns = fields.flatMap((f) => {
    const i = mapping.indexOf(`field:${f.id}`);
    return i < 0 ? [] : [{ field: f, index: i }];
  });
  const unmappedDefaults = fields.filter(
    (f) => !mapping.includes(`field:${f.id}`) && !isEmptyValue(f.default),
  );
  const sourceIds = new Map<string, number>();
  const parentRefs: { index: number; ref: string; row: number }[] = [];
  let steps: { actions: string[]; expected: string[] } = { actions: [], expected: [] };

  const problem = (row: number, target: CaseImportTarget, message: string) =>
    problems.push({ row, column: header(target), message });
  const problemAt = (row: number, column: string, message: string) => problems.push({ row, column, message });

  const finishSteps = () => {
    const last = cases[cases.length - 1];
    if (!last) return;
    last.steps = pairSteps(steps.actions, steps.expected);
    if (last.steps.length > CASE_CONTENT_LIMITS.stepsMax) {
      problem(last.row, 'steps', `A case holds at most ${CASE_CONTENT_LIMITS.stepsMax} steps`);
    }
    if (
      last.steps.some(
        (s) =>
          s.action.length > CASE_CONTENT_LIMITS.stepTextMax ||
          s.expected.length > CASE_CONTENT_LIMITS.stepTextMax,
      )
    ) {
      problem(last.row, 'steps', `A step holds at most ${CASE_CONTENT_LIMITS.stepTextMax} characters`);
    }
  };

  for (const f of fields) {
    if (f.required && !mapping.includes(`field:${f.id}`) && isEmptyValue(f.default)) {
      problemAt(1, f.name, `${f.name} is required and has no default: choose the column that holds it`);
    }
  }
  for (const { row, cells } of table.rows) {
    if (cells.every((c) => c.trim() === '')) continue;
    const name = at(cells, 'name');
    const stepText = at(cells, 'steps');
    const expectedText = at(cells, 'expected_results');
    if (name === '' && (stepText !== '' || expectedText !== '') && cases.length > 0) {
      // A step row of the case above: its steps pair with those above once both lists are as
      // long (the case's own row may hold a step without an expected result).
      alignSteps(steps);
      steps.actions.push(...(stepText === '' ? [''] : numberedItems(stepText)));
      steps.expected.push(...(expectedText === '' ? [''] : numberedItems(expectedText)));
      alignSteps(steps);
      continue;
    }
    finishSteps();
    if (name === '') problem(row, 'name', 'A case needs a name');
    else if (name.length > LIMITS.nameMax)
      problem(row, 'name', `A name holds at most ${LIMITS.nameMax} characters`);
    const description = at(cells, 'description');
    if (description.length > LIMITS.descriptionMax) {
      problem(row, 'description', `A description holds at most ${LIMITS.descriptionMax} characters`);
    }
    const preconditions = at(cells, 'preconditions');
    if (preconditions.length > CASE_CONTENT_LIMITS.preconditionsMax) {
      problem(
        row,
        'preconditions',
        `Preconditions hold at most ${CASE_CONTENT_LIMITS.preconditionsMax} characters`,
      );
    }
    const priorityText = at(cells, 'priority');
    const priority = priorityOf(priorityText);
    if (!priority)
      problem(
        row,
        'priority',
        `"${excerpt(priorityText)}" is not a priority: use critical, high, medium or low`,
      );
    const tags: string[] = [];
    for (const i of tagColumns) {
      for (const tag of splitTags(cells[i] ?? '')) if (!tags.includes(tag)) tags.push(tag);
    }
    const tagHeader = tagColumns.length > 0 ? (table.columns[tagColumns[0]!] ?? 'tags') : 'tags';
    if (tags.length > CASE_CONTENT_LIMITS.tagsMax) {
      problemAt(row, tagHeader, `A case holds at most ${CASE_CONTENT_LIMITS.tagsMax} tags`);
    }
    const longTag = tags.find((t) => t.length > CASE_CONTENT_LIMITS.tagMax);
    if (longTag)
      problemAt(
        row,
        tagHeader,
        `The tag "${longTag.slice(0, 20)}…" is longer than ${CASE_CONTENT_LIMITS.tagMax} characters`,
      );
    const suite = at(cells, 'suite');
    if (suite.length > LIMITS.nameMax)
      problem(row, 'suite', `A suite name holds at most ${LIMITS.nameMax} characters`);
    const customFields: Record<string, unknown> = {};
    for (const f of unmappedDefaults) customFields[String(f.id)] = f.default;
    for (const { field, index } of fieldColumns) {
      const text = (cells[index] ?? '').trim();
      if (text === '') {
        if (field.required) problemAt(row, table.columns[index] ?? field.name, `${field.name} is required`);
        continue;
      }
      const value = fieldValueOf(field, text);
      const wrong = valueProblem(field, value);
      if (wrong) problemAt(row, table.columns[index] ?? field.name, wrong);
      else customFields[String(field.id)] = value;
    }
    const index = cases.length;
    const sourceId = at(cells, 'id');
    if (sourceId.length > CASE_CONTENT_LIMITS.sourceIdMax) {
      problem(row, 'id', `An id is at most ${CASE_CONTENT_LIMITS.sourceIdMax} characters`);
    } else if (sourceId !== '') {
      if (sourceIds.has(sourceId)) problem(row, 'id', `Another row has the id ${excerpt(sourceId)}`);
      else sourceIds.set(sourceId, index);
    }
    const parentRef = at(cells, 'parent_id');
    if (parentRef !== '') parentRefs.push({ index, ref: parentRef, row });
    const parameters = parametersOf(at(cells, 'parameters'));
    if (typeof parameters === 'string') problem(row, 'parameters', parameters);
    cases.push({
      row,
      name,
      description,
      preconditions,
      priority: priority ?? 'medium',
      invalidPriority: priority ? null : excerpt(priorityText),
      tags,
      steps: [],
      customFields,
      suite: suite === '' ? null : suite,
      parent: null,
      sourceId: sourceId === '' ? null : sourceId,
      parameters: typeof parameters === 'string' ? null : parameters,
      sharedSteps: at(cells, 'shared_steps'),
    });
    steps = { actions: numberedItems(stepText), expected: numberedItems(expectedText) };
  }
  finishSteps();
  for (const { index, ref, row } of parentRefs) {
    const parent = sourceIds.get(ref);
    if (parent === undefined) problem(row, 'parent_id', `No row has the id ${excerpt(ref)}`);
    else cases[index]!.parent = parent;
  }
  checkTrees(cases, problem);
  problems.sort((a, b) => a.row - b.row);
  return { cases, problems, sharedStepsColumn: column('shared_steps') < 0 ? null : header('shared_steps') };
}

/** Parents must not loop, trees must not be too deep; a child takes its top ancestor's suite. */
function checkTrees(
  cases: ImportedCase[],
  problem: (row: number, target: CaseImportTarget, message: string) => void,
) {
  const depth = new Array<number>(cases.length).fill(0);
  const state = new Uint8Array(cases.length); // 0 new, 1 walking, 2 done
  for (let start = 0; start < cases.length; start++) {
    const path: number[] = [];
    let i: number | null = start;
    while (i !== null && state[i] === 0) {
      state[i] = 1;
      path.push(i);
      i = cases[i]!.parent;
    }
    if (i !== null && state[i] === 1) {
      for (const j of path) {
        problem(cases[j]!.row, 'parent_id', 'The parents of this row lead back to it');
        cases[j]!.parent = null;
      }
    }
    for (let k = path.length - 1; k >= 0; k--) {
      const j = path[k]!;
      const parent = cases[j]!.parent;
      depth[j] = parent === null ? 1 : depth[parent]! + 1;
      if (parent !== null) cases[j]!.suite = cases[parent]!.suite;
      if (depth[j]! > LIMITS.caseDepthMax) {
        problem(cases[j]!.row, 'parent_id', `Cases nest at most ${LIMITS.caseDepthMax} levels deep`);
      }
      state[j] = 2;
    }
  }
}
