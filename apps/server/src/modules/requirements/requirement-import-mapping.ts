import {
  type CaseImportProblem,
  httpUrl,
  LIMITS,
  REQUIREMENT_IMPORT_TARGETS,
  REQUIREMENT_LIMITS,
  REQUIREMENT_STATUSES,
  type RequirementImportTarget,
  type RequirementStatus,
} from '@verdict/contract';
import { excerpt, type Table } from '../case-import/case-import-mapping.ts';

/**
 * From a table of text (a CSV or a sheet) to the requirements it describes (docs/product/requirements.md,
 * "Import"): which column fills what (given, or guessed from the headers), then each row checked on
 * its own, every problem named by its row and column. Pure: what the project already holds (keys,
 * parents, depth) is checked by the service.
 */

export type RequirementMapping = (RequirementImportTarget | null)[];

export interface ImportedRequirement {
  row: number;
  /** null: a new requirement that gets the next free `REQ-<n>`. */
  key: string | null;
  title: string;
  /** null: the column is not mapped or the cell is empty (new: draft; existing: kept). */
  status: RequirementStatus | null;
  /** null: not mapped or empty (new: ''; existing: kept). */
  description: string | null;
  /** The parent's key; null: top level for a new requirement, kept for an existing one. */
  parentKey: string | null;
  /** null: not mapped or empty (new: the tracker's address of its key when it is one; existing: kept). */
  externalUrl: string | null;
}

export interface RequirementPlan {
  requirements: ImportedRequirement[];
  problems: CaseImportProblem[];
}

const norm = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

/** Headers by their usual names, in Verdict's words and in a tracker's export (Jira, Azure DevOps). */
const USUAL: Record<string, RequirementImportTarget> = {
  key: 'key',
  'requirement key': 'key',
  'requirement id': 'key',
  'req id': 'key',
  'issue key': 'key',
  id: 'key',
  reference: 'key',
  title: 'title',
  summary: 'title',
  name: 'title',
  requirement: 'title',
  description: 'description',
  details: 'description',
  status: 'status',
  state: 'status',
  parent: 'parent',
  'parent key': 'parent',
  'parent id': 'parent',
  'parent requirement': 'parent',
  'epic link': 'parent',
  url: 'external_url',
  link: 'external_url',
  'external url': 'external_url',
};

/** The mapping the headers suggest: each target once, the first column that names it. */
export function guessRequirementMapping(columns: string[]): RequirementMapping {
  const taken = new Set<RequirementImportTarget>();
  return columns.map((column) => {
    const target = USUAL[norm(column)];
    if (!target || taken.has(target)) return null;
    taken.add(target);
    return target;
  });
}

/** `?mapping=`: one entry per column, each a target or empty. */
export function parseRequirementMapping(
  text: string,
  columns: string[],
): { mapping: RequirementMapping; problems: CaseImportProblem[] } {
  const parts = text.split(',').map((p) => p.trim());
  const problems: CaseImportProblem[] = [];
  const mapping: RequirementMapping = columns.map((column, i) => {
    const part = parts[i] ?? '';
    if (part === '') return null;
    if ((REQUIREMENT_IMPORT_TARGETS as readonly string[]).includes(part))
      return part as RequirementImportTarget;
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

/** Problems of the mapping itself (row 1): a title column, and one column per target. */
function mappingProblems(columns: string[], mapping: RequirementMapping): CaseImportProblem[] {
  const problems: CaseImportProblem[] = [];
  if (!mapping.includes('title')) {
    problems.push({
      row: 1,
      column: '',
      message: 'Choose the column that holds the titles of the requirements',
    });
  }
  const seen = new Map<RequirementImportTarget, string>();
  mapping.forEach((target, i) => {
    if (!target) return;
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

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

function keyProblem(key: string): string | null {
  if (key.length > REQUIREMENT_LIMITS.keyMax)
    return `A key has at most ${REQUIREMENT_LIMITS.keyMax} characters`;
  if (!KEY_PATTERN.test(key)) {
    return 'A key is letters, digits, ".", "-" and "_", starting with a letter or digit';
  }
  return null;
}

/** A status as written ("Approved", "IMPLEMENTED"); null when it names none. */
function statusOf(text: string): RequirementStatus | null {
  const lower = text.trim().toLowerCase();
  return (REQUIREMENT_STATUSES as readonly string[]).includes(lower) ? (lower as RequirementStatus) : null;
}

/**
 * Every non-empty row checked on its own: a title, a key that is a key and named once in the file,
 * a known status, a parent key that is a key and not the row's own, an http(s) address.
 */
export function planRequirementImport(table: Table, mapping: RequirementMapping): RequirementPlan {
  const problems = mappingProblems(table.columns, mapping);
  const requirements: ImportedRequirement[] = [];
  const columnOf = (target: RequirementImportTarget) => mapping.indexOf(target);
  const at = {
    key: columnOf('key'),
    title: columnOf('title'),
    description: columnOf('description'),
    status: columnOf('status'),
    parent: columnOf('parent'),
    external_url: columnOf('external_url'),
  };
  const header = (index: number) => table.columns[index] ?? '';
  const rowOfKey = new Map<string, number>();
  for (const { row, cells } of table.rows) {
    if (cells.every((cell) => cell.trim() === '')) continue;
    const cell = (index: number) => (index < 0 ? '' : (cells[index] ?? '').trim());
    const problem = (index: number, message: string) =>
      problems.push({ row, column: header(index), message });

    const title = cell(at.title);
    if (at.title >= 0) {
      if (title === '') problem(at.title, 'A requirement needs a title');
      else if (title.length > REQUIREMENT_LIMITS.titleMax) {
        problem(at.title, `A title has at most ${REQUIREMENT_LIMITS.titleMax} characters`);
      }
    }
    const key = cell(at.key) || null;
    if (key !== null) {
      const wrong = keyProblem(key);
      if (wrong) problem(at.key, wrong);
      const first = rowOfKey.get(key.toLowerCase());
      if (first !== undefined) problem(at.key, `Row ${first} has this key already`);
      else rowOfKey.set(key.toLowerCase(), row);
    }
    const description = cell(at.description) || null;
    if (description !== null && description.length > LIMITS.descriptionMax) {
      problem(
        at.description,
        `A description has at most ${LIMITS.descriptionMax.toLocaleString('en-US')} characters`,
      );
    }
    const statusText = cell(at.status);
    const status = statusText === '' ? null : statusOf(statusText);
    if (statusText !== '' && status === null) {
      problem(at.status, `"${excerpt(statusText)}" is not a status: use ${REQUIREMENT_STATUSES.join(', ')}`);
    }
    const parentKey = cell(at.parent) || null;
    if (parentKey !== null) {
      const wrong = keyProblem(parentKey);
      if (wrong) problem(at.parent, wrong);
      else if (key !== null && parentKey.toLowerCase() === key.toLowerCase()) {
        problem(at.parent, 'A requirement cannot be its own parent');
      }
    }
    const externalUrl = cell(at.external_url) || null;
    if (externalUrl !== null) {
      if (externalUrl.length > REQUIREMENT_LIMITS.urlMax) {
        problem(at.external_url, `An address has at most ${REQUIREMENT_LIMITS.urlMax} characters`);
      } else if (!httpUrl(externalUrl)) problem(at.external_url, 'Must be an http:// or https:// address');
    }
    requirements.push({ row, key, title, status, description, parentKey, externalUrl });
  }
  return { requirements, problems };
}
