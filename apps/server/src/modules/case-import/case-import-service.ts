import {
  CASE_CONTENT_LIMITS,
  CASE_IMPORT_PREVIEW_ROWS,
  CASE_IMPORT_PROBLEMS_MAX,
  type CaseImportPreview,
  type CaseImportResult,
  type PermissionName,
} from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { LOCK, lockProject } from '../../db/row-locks.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { counted, recordAudit } from '../audit-log/audit-entries.ts';
import { type Principal, requireProject } from '../authz/authorization.ts';
import { fieldsOfProject } from '../case-fields/case-fields-service.ts';
import { takeImportTurn } from '../imports/import-service.ts';
import { createSuitesInBulk, suitesByName } from '../suites/suites-service.ts';
import {
  excerpt,
  guessMapping,
  type ImportPlan,
  type Mapping,
  parseMapping,
  planImport,
} from './case-import-mapping.ts';
import { type Format, readTable } from './case-import-reader.ts';
import { allocateCaseIds, type CaseInsertRow, insertCaseBatch } from './case-import-repository.ts';
import { matchSharedSteps } from './case-import-shared-steps.ts';

/** Cases per insert statement: a few hundred kilobytes of JSON. */
export const IMPORT_BATCH = 2000;

interface Understood {
  format: Format;
  recognized: CaseImportPreview['recognized'];
  columns: string[];
  mapping: Mapping;
  plan: ImportPlan;
}

/** The file read, its columns mapped (as given, else guessed) and every row checked. */
async function understand(db: Db, projectId: number, bytes: Buffer, mappingText: string | undefined) {
  const { format, table } = await readTable(bytes);
  const fields = await fieldsOfProject(db, projectId);
  const guessed = guessMapping(table.columns, fields);
  let mapping = guessed.mapping;
  let mappingIssues: ImportPlan['problems'] = [];
  if (mappingText !== undefined) {
    const given = parseMapping(mappingText, table.columns, fields);
    mapping = given.mapping;
    mappingIssues = given.problems;
  }
  const plan = planImport(table, mapping, fields);
  plan.problems.unshift(...mappingIssues);
  return {
    format,
    recognized: guessed.recognized,
    columns: table.columns,
    mapping,
    plan,
  } satisfies Understood;
}

const suiteNames = (plan: ImportPlan) => [
  ...new Set(plan.cases.flatMap((c) => (c.suite !== null && c.parent === null ? [c.suite] : []))),
];

const problemsShown = (plan: ImportPlan) =>
  plan.problems.slice(0, CASE_IMPORT_PROBLEMS_MAX).map((p) => ({ ...p, column: excerpt(p.column) }));

/**
 * What an import of the file would do, with every problem by row and column (docs/product/case-import.md).
 * Text from the file is quoted as an excerpt: a cell may hold 65,536 characters.
 */
export async function previewImport(
  db: Db,
  principal: Principal,
  projectId: number,
  bytes: Buffer,
  mappingText: string | undefined,
): Promise<CaseImportPreview> {
  await requireProject(db, principal, projectId, 'add_test_case_in_project');
  const u = await understand(db, projectId, bytes, mappingText);
  const names = suiteNames(u.plan);
  const existing = await suitesByName(db, projectId, names);
  const shared = await matchSharedSteps(db, projectId, u.plan);
  const rowOf = u.plan.cases.map((c) => c.row);
  return {
    format: u.format,
    recognized: u.recognized,
    columns: u.columns.map(excerpt),
    mapping: u.mapping,
    cases: u.plan.cases.length,
    suites_to_create: names.filter((n) => !existing.has(n)).map(excerpt),
    preview: u.plan.cases.slice(0, CASE_IMPORT_PREVIEW_ROWS).map((c) => ({
      row: c.row,
      name: excerpt(c.name),
      suite: c.suite === null ? null : excerpt(c.suite),
      parent_row: c.parent === null ? null : (rowOf[c.parent] ?? null),
      priority: c.invalidPriority ?? c.priority,
      priority_valid: c.invalidPriority === null,
      tags: c.tags.slice(0, CASE_CONTENT_LIMITS.tagsMax).map(excerpt),
      steps: c.steps.length,
    })),
    problems: problemsShown(u.plan),
    problem_count: u.plan.problems.length,
    shared_steps_mapped: shared.mapped,
    notes: shared.notes.slice(0, CASE_IMPORT_PROBLEMS_MAX).map((n) => ({ ...n, column: excerpt(n.column) })),
  };
}

/** What the import needs besides seeing the project: the permissions of what it creates. */
function permissionsFor(plan: ImportPlan, newSuites: boolean): PermissionName[] {
  const needed = new Set<PermissionName>(['add_test_case_in_project']);
  if (newSuites) needed.add('add_test_suit_in_project');
  for (const c of plan.cases) {
    if (c.parent !== null) needed.add('add_test_case_in_test_case');
    else if (c.suite !== null) needed.add('add_test_case_in_test_suit');
  }
  return [...needed];
}

/**
 * Imports every case of the file, or none: one transaction, in batches of IMPORT_BATCH, telling
 * `progress` after each. A file with problems is a 400 listing them (`row <n>, <column>`).
 */
export async function importCases(
  db: Db,
  principal: Principal,
  projectId: number,
  bytes: Buffer,
  mappingText: string | undefined,
  progress: (done: number, total: number) => void = () => {},
): Promise<CaseImportResult> {
  await requireProject(db, principal, projectId, 'add_test_case_in_project');
  const { plan } = await understand(db, projectId, bytes, mappingText);
  if (plan.problems.length > 0) {
    throw new BadRequestError(
      `The file has ${counted(plan.problems.length, 'problem')}; nothing was imported`,
      problemsShown(plan).map((p) => ({
        field: `row ${p.row}, ${p.column}`,
        message: p.message,
      })),
    );
  }
  if (plan.cases.length === 0) throw new BadRequestError('The file holds no cases');
  const total = plan.cases.length;
  progress(0, total);
  return db.transaction(async (tx) => {
    if (!(await lockProject(tx, projectId, LOCK.keyShare))) throw new NotFoundError('Project not found');
    await takeImportTurn(tx, projectId);
    const names = suiteNames(plan);
    const suites = await suitesByName(tx, projectId, names);
    const missing = names.filter((n) => !suites.has(n));
    for (const permission of permissionsFor(plan, missing.length > 0)) {
      await requireProject(tx, principal, projectId, permission);
    }
    if (missing.length > 0) {
      for (const [name, id] of await createSuitesInBulk(tx, projectId, missing)) suites.set(name, id);
    }
    const shared = await matchSharedSteps(tx, projectId, plan, LOCK.keyShare);
    const ids = await allocateCaseIds(tx, total);
    // Parents before children: a case's level, then file order.
    const level = plan.cases.map(() => 0);
    const levelOf = (i: number): number => {
      const parent = plan.cases[i]!.parent;
      if (parent === null) return 0;
      if (level[i] === 0) level[i] = levelOf(parent) + 1;
      return level[i]!;
    };
    const order = plan.cases.map((_, i) => i).sort((a, b) => levelOf(a) - levelOf(b) || a - b);
    for (let start = 0; start < total; start += IMPORT_BATCH) {
      const batch: CaseInsertRow[] = order.slice(start, start + IMPORT_BATCH).map((i) => {
        const c = plan.cases[i]!;
        return {
          id: ids[i]!,
          suite_id: c.suite === null ? null : (suites.get(c.suite) ?? null),
          parent_id: c.parent === null ? null : ids[c.parent]!,
          name: c.name,
          description: c.description,
          preconditions: c.preconditions,
          priority: c.priority,
          tags: c.tags,
          steps: shared.steps[i]!,
          custom_fields: c.customFields,
          source_id: c.sourceId,
          parameters: c.parameters,
        };
      });
      await insertCaseBatch(tx, projectId, batch);
      progress(Math.min(start + IMPORT_BATCH, total), total);
    }
    const suitesText = missing.length > 0 ? ` and ${counted(missing.length, 'new suite')}` : '';
    const message = `Imported ${counted(total, 'case')}${suitesText}`;
    await recordAudit(tx, principal, {
      action: 'create',
      entity: 'case',
      projectId,
      summary: message,
      changes: { cases: { before: null, after: total }, suites: { before: null, after: missing.length } },
    });
    return { message, created: total, suites_created: missing.length };
  });
}
