import {
  CASE_IMPORT_PREVIEW_ROWS,
  CASE_IMPORT_PROBLEMS_MAX,
  type CaseImportProblem,
  type PermissionName,
  REQUIREMENT_LIMITS,
  type RequirementImportPreview,
  type RequirementImportResult,
} from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { LOCK, lockProject } from '../../db/row-locks.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { counted, recordAudit } from '../audit-log/audit-entries.ts';
import { type Principal, requireProject } from '../authz/authorization.ts';
import { excerpt, type Table } from '../case-import/case-import-mapping.ts';
import { type Format, readTable } from '../case-import/case-import-reader.ts';
import { trackerOfProject } from '../defects/defects-service.ts';
import {
  guessRequirementMapping,
  type ImportedRequirement,
  parseRequirementMapping,
  planRequirementImport,
  type RequirementMapping,
} from './requirement-import-mapping.ts';
import {
  allocateKeys,
  type ChangedRequirementRow,
  findRequirementsByKeys,
  insertRequirementBatch,
  type KnownRequirement,
  updateRequirementBatch,
} from './requirement-import-repository.ts';
import { countRequirements } from './requirements-repository.ts';
import { trackerUrlFor } from './requirements-service.ts';

/**
 * Importing requirements from a CSV or XLSX file (docs/product/requirements.md, "Import";
 * decision 215): the file read and checked row by row, then against the project (keys it has,
 * parents, depth, the limit), then written all or nothing.
 */

/** Requirements per statement. */
const BATCH = 2000;

const lower = (key: string) => key.toLowerCase();

/** A row checked against the project: what it does, and where its parent is. */
interface Resolved {
  item: ImportedRequirement;
  existing: KnownRequirement | null;
  /** Depth it gets (new rows) or has (existing ones). */
  depth: number;
}

interface Checked {
  format: Format;
  columns: string[];
  mapping: RequirementMapping;
  rows: Resolved[];
  problems: CaseImportProblem[];
  known: Map<string, KnownRequirement>;
}

/**
 * The file read, mapped and checked against the project as it is in `db` (in the import's
 * transaction, the requirements it updates locked).
 */
async function check(
  db: Tx,
  projectId: number,
  { format, table }: { format: Format; table: Table },
  mappingText: string | undefined,
  lock: boolean,
): Promise<Checked> {
  let mapping = guessRequirementMapping(table.columns);
  const problems: CaseImportProblem[] = [];
  if (mappingText !== undefined) {
    const given = parseRequirementMapping(mappingText, table.columns);
    mapping = given.mapping;
    problems.push(...given.problems);
  }
  const plan = planRequirementImport(table, mapping);
  problems.push(...plan.problems);
  const header = (target: string) => table.columns[mapping.indexOf(target as never)] ?? '';

  const named = new Set<string>();
  for (const item of plan.requirements) {
    if (item.key !== null) named.add(item.key);
    if (item.parentKey !== null) named.add(item.parentKey);
  }
  const known = new Map(
    (await findRequirementsByKeys(db, projectId, [...named], lock)).map((r) => [lower(r.key), r]),
  );
  const inFile = new Map<string, ImportedRequirement>();
  for (const item of plan.requirements) if (item.key !== null) inFile.set(lower(item.key), item);

  // Depth of each new row: below an existing requirement, one more than it; below a new one,
  // one more than that one's (a loop among new rows has none).
  const depths = new Map<ImportedRequirement, number | 'loop' | 'missing'>();
  const depthOfNew = (
    item: ImportedRequirement,
    seen: Set<ImportedRequirement>,
  ): number | 'loop' | 'missing' => {
    const done = depths.get(item);
    if (done !== undefined) return done;
    if (seen.has(item)) return 'loop';
    seen.add(item);
    let depth: number | 'loop' | 'missing';
    if (item.parentKey === null) depth = 0;
    else {
      const parentKnown = known.get(lower(item.parentKey));
      const parentNew = inFile.get(lower(item.parentKey));
      if (parentKnown) depth = parentKnown.depth + 1;
      else if (parentNew) {
        const above = depthOfNew(parentNew, seen);
        depth = typeof above === 'number' ? above + 1 : above === 'missing' ? 'missing' : 'loop';
      } else depth = 'missing';
    }
    depths.set(item, depth);
    return depth;
  };

  const rows: Resolved[] = [];
  for (const item of plan.requirements) {
    const existing = item.key === null ? null : (known.get(lower(item.key)) ?? null);
    const problem = (target: string, message: string) =>
      problems.push({ row: item.row, column: header(target), message });
    if (existing) {
      if (item.parentKey !== null && lower(item.parentKey) !== lower(existing.parent_key ?? '')) {
        const where = existing.parent_key === null ? 'at the top level' : `under ${existing.parent_key}`;
        problem(
          'parent',
          `${existing.key} is ${where}; an import does not move a requirement (move it on its page)`,
        );
      }
      rows.push({ item, existing, depth: existing.depth });
      continue;
    }
    const depth = depthOfNew(item, new Set());
    if (depth === 'missing') {
      problem(
        'parent',
        `No requirement has the key ${excerpt(item.parentKey ?? '')}, in the file or the project`,
      );
    } else if (depth === 'loop') {
      problem('parent', 'The parents of these rows go round in a loop');
    } else if (depth >= REQUIREMENT_LIMITS.depth) {
      problem('parent', `Requirements nest at most ${REQUIREMENT_LIMITS.depth} levels deep`);
    }
    rows.push({ item, existing: null, depth: typeof depth === 'number' ? depth : 0 });
  }

  const creates = rows.filter((r) => r.existing === null).length;
  if (creates > 0) {
    const have = await countRequirements(db, projectId);
    if (have + creates > REQUIREMENT_LIMITS.perProject) {
      problems.unshift({
        row: 1,
        column: '',
        message: `The project has ${have.toLocaleString('en-US')} requirements; ${creates.toLocaleString('en-US')} more would pass the limit of ${REQUIREMENT_LIMITS.perProject.toLocaleString('en-US')}`,
      });
    }
  }
  problems.sort((a, b) => a.row - b.row);
  return { format, columns: table.columns, mapping, rows, problems, known };
}

const problemsShown = (problems: CaseImportProblem[]) =>
  problems.slice(0, CASE_IMPORT_PROBLEMS_MAX).map((p) => ({ ...p, column: excerpt(p.column) }));

/** What importing the file would do, with every problem by row and column. */
export async function previewRequirementImport(
  db: Db,
  principal: Principal,
  projectId: number,
  bytes: Buffer,
  mappingText: string | undefined,
): Promise<RequirementImportPreview> {
  await requireProject(db, principal, projectId, 'add_requirement');
  const checked = await check(db, projectId, await readTable(bytes), mappingText, false);
  const updates = checked.rows.filter((r) => r.existing !== null).length;
  return {
    format: checked.format,
    columns: checked.columns.map(excerpt),
    mapping: checked.mapping,
    requirements: checked.rows.length,
    creates: checked.rows.length - updates,
    updates,
    preview: checked.rows.slice(0, CASE_IMPORT_PREVIEW_ROWS).map(({ item, existing }) => ({
      row: item.row,
      key: existing ? existing.key : item.key === null ? null : excerpt(item.key),
      title: excerpt(item.title),
      status: item.status ?? existing?.status ?? 'draft',
      parent_key: existing ? existing.parent_key : item.parentKey === null ? null : excerpt(item.parentKey),
      action: existing ? 'update' : 'create',
    })),
    problems: problemsShown(checked.problems),
    problem_count: checked.problems.length,
  };
}

/**
 * Imports every row of the file, or none: one transaction, new requirements parents first in
 * batches, then the changed ones, telling `progress` after each batch. A file with problems is a
 * 400 listing them (`row <n>, <column>`).
 */
export async function importRequirements(
  db: Db,
  principal: Principal,
  projectId: number,
  bytes: Buffer,
  mappingText: string | undefined,
  progress: (done: number, total: number) => void = () => {},
): Promise<RequirementImportResult> {
  await requireProject(db, principal, projectId, 'add_requirement');
  // Checked once before the transaction, so a file with problems answers before any lock is taken.
  const file = await readTable(bytes);
  const first = await check(db, projectId, file, mappingText, false);
  throwProblems(first.problems);
  if (first.rows.length === 0) throw new BadRequestError('The file holds no requirements');
  return db.transaction(async (tx) => {
    // Serialises requirement creations in the project: keys, the counter and the limit.
    if (!(await lockProject(tx, projectId, LOCK.noKeyUpdate))) throw new NotFoundError('Project not found');
    const checked = await check(tx, projectId, file, mappingText, true);
    throwProblems(checked.problems);
    const fresh = checked.rows.filter((r) => r.existing === null);
    const changed = changedRows(checked.rows);
    const needed: PermissionName[] = ['add_requirement'];
    if (checked.rows.length > fresh.length) needed.push('edit_requirement');
    for (const permission of needed) await requireProject(tx, principal, projectId, permission);

    const total = fresh.length + changed.length;
    let done = 0;
    progress(done, total);
    const fileKeys = checked.rows.flatMap((r) => (r.item.key === null ? [] : [r.item.key]));
    const assigned = await allocateKeys(
      tx,
      projectId,
      fresh.filter((r) => r.item.key === null).length,
      fileKeys,
    );
    const keyOf = new Map<ImportedRequirement, string>();
    for (const row of fresh) keyOf.set(row.item, row.item.key ?? assigned.shift()!);
    const idOf = new Map<string, number>([...checked.known.values()].map((r) => [lower(r.key), r.id]));
    const tracker = await trackerOfProject(tx, projectId);
    for (let depth = 0; depth < REQUIREMENT_LIMITS.depth; depth++) {
      const level = fresh.filter((r) => r.depth === depth);
      for (let start = 0; start < level.length; start += BATCH) {
        const batch = level.slice(start, start + BATCH).map(({ item }) => {
          const key = keyOf.get(item)!;
          return {
            key,
            title: item.title,
            description: item.description ?? '',
            status: item.status ?? 'draft',
            parent_id: item.parentKey === null ? null : idOf.get(lower(item.parentKey))!,
            external_url: item.externalUrl ?? (item.key === null ? null : trackerUrlFor(tracker, key)),
          };
        });
        for (const row of await insertRequirementBatch(tx, projectId, batch, principal.id)) {
          idOf.set(lower(row.key), row.id);
        }
        done += batch.length;
        progress(done, total);
      }
    }
    for (let start = 0; start < changed.length; start += BATCH) {
      const batch = changed.slice(start, start + BATCH);
      await updateRequirementBatch(tx, batch, principal.id);
      done += batch.length;
      progress(done, total);
    }
    const parts = [`${counted(fresh.length, 'new requirement')}`];
    if (checked.rows.length > fresh.length) parts.push(`${counted(changed.length, 'requirement')} changed`);
    const message = `Imported ${parts.join(' and ')}`;
    await recordAudit(tx, principal, {
      action: fresh.length > 0 ? 'create' : 'update',
      entity: 'requirement',
      projectId,
      summary: message,
      changes: {
        created: { before: null, after: fresh.length },
        updated: { before: null, after: changed.length },
      },
    });
    return { message, created: fresh.length, updated: changed.length };
  });
}

function throwProblems(problems: CaseImportProblem[]): void {
  if (problems.length === 0) return;
  throw new BadRequestError(
    `The file has ${counted(problems.length, 'problem')}; nothing was imported`,
    problemsShown(problems).map((p) => ({
      field: `row ${p.row}, ${p.column}`.replace(/, $/, ''),
      message: p.message,
    })),
  );
}

/** The existing requirements whose row changes something: each as its next version. */
function changedRows(rows: Resolved[]): ChangedRequirementRow[] {
  const changed: ChangedRequirementRow[] = [];
  for (const { item, existing } of rows) {
    if (!existing) continue;
    const next = {
      key: existing.key,
      title: item.title || existing.title,
      description: item.description ?? existing.description,
      status: item.status ?? existing.status,
      parent_id: existing.parent_id,
      external_url: item.externalUrl ?? existing.external_url,
    };
    const same =
      next.title === existing.title &&
      next.description === existing.description &&
      next.status === existing.status &&
      next.external_url === existing.external_url;
    if (!same) changed.push({ id: existing.id, version: existing.version + 1, ...next });
  }
  return changed;
}
