import { Readable } from 'node:stream';
import type { CaseField } from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { type CsvValue, csvRow } from '../../lib/csv.ts';
import { type Principal, requireProject, requireProjectOf } from '../authz/authorization.ts';
import { fieldsOfProject } from '../case-fields/case-fields-service.ts';
import { parametersText, sharedStepsText } from '../case-import/case-file-cells.ts';
import { CASE_NOT_FOUND, findCaseProjectId } from '../cases/cases-service.ts';
import {
  type CaseContentRow,
  type CaseExportRow,
  caseContentBatch,
  caseExportBatch,
  type RunExportRow,
  runExportBatch,
} from './exports-repository.ts';

/** Rows per query; a batch of cases is a few hundred kilobytes of CSV. */
export const EXPORT_BATCH_SIZE = 2000;

export interface CsvDownload {
  filename: string;
  /** Pulls the next batch from the database only when the client has taken the previous one. */
  stream: Readable;
}

const CASE_COLUMNS = ['id', 'parent_id', 'suite', 'path', 'name', 'description', 'latest_status', 'rollup'];
/**
 * After the seed's columns: the rich content (the steps written out, then which of them are
 * shared steps, then the parameters as a pipe table: case-file-cells.ts), then one column per
 * custom field, by name.
 */
const CONTENT_COLUMNS = [
  'preconditions',
  'priority',
  'tags',
  'steps',
  'expected_results',
  'shared_steps',
  'parameters',
];

type ExportedCase = CaseExportRow & { content: CaseContentRow | undefined };

/** Numbered lines, one per step, as TestRail's CSV writes steps and their expected results. */
const numbered = (texts: string[]) => texts.map((text, i) => `${i + 1}. ${text}`).join('\n');

/** Which numbered steps come from which set: `1-2: Sign in; 5: Add to cart`; empty for none. */
function sharedStepsCell(layout: CaseContentRow['step_layout'] | undefined): string {
  if (!layout) return '';
  const spans = [];
  let from = 1;
  for (const { size, name } of layout) {
    if (name !== null && size > 0) spans.push({ from, to: from + size - 1, name });
    from += size;
  }
  return sharedStepsText(spans);
}

function fieldCell(value: unknown): CsvValue {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.join('; ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return value as CsvValue;
}

const caseCells =
  (fields: CaseField[]) =>
  (c: ExportedCase): CsvValue[] => [
    c.id,
    c.parent_id,
    c.suite,
    c.path,
    c.name,
    c.description,
    c.status,
    c.rollup,
    c.content?.preconditions ?? '',
    c.content?.priority ?? '',
    (c.content?.tags ?? []).join(', '),
    numbered((c.content?.steps ?? []).map((s) => s.action)),
    numbered((c.content?.steps ?? []).map((s) => s.expected)),
    sharedStepsCell(c.content?.step_layout),
    c.content?.parameters ? parametersText(c.content.parameters) : '',
    ...fields.map((f) => fieldCell(c.content?.custom_fields[String(f.id)])),
  ];

/** A batch of the case export with each case's rich content, read by primary key. */
async function exportedCases(
  db: Db,
  projectId: number,
  afterId: number,
  limit: number,
): Promise<ExportedCase[]> {
  const rows = await caseExportBatch(db, projectId, afterId, limit);
  if (rows.length === 0) return [];
  const content = new Map(
    (
      await caseContentBatch(
        db,
        rows.map((r) => r.id),
      )
    ).map((c) => [c.id, c]),
  );
  return rows.map((row) => ({ ...row, content: content.get(row.id) }));
}

const RUN_COLUMNS = ['id', 'status', 'executed_by', 'executor', 'created_at'];
const runCells = (r: RunExportRow): CsvValue[] => [
  r.id,
  r.status,
  r.executed_by,
  r.executor,
  new Date(r.created_at).toISOString(),
];

const CHUNK_CHARS = 64 * 1024;

async function* csvChunks<Row extends { id: number }>(
  columns: string[],
  first: Row[],
  next: (afterId: number) => Promise<Row[]>,
  cells: (row: Row) => CsvValue[],
  batchSize: number,
): AsyncGenerator<string> {
  yield csvRow(columns);
  let batch = first;
  while (batch.length > 0) {
    // In pieces of about CHUNK_CHARS, so a batch of long paths is not formatted in one go: the
    // stream asks for the next piece once the client has taken the last.
    let piece = '';
    for (const row of batch) {
      piece += csvRow(cells(row));
      if (piece.length >= CHUNK_CHARS) {
        yield piece;
        piece = '';
      }
    }
    if (piece) yield piece;
    if (batch.length < batchSize) return;
    batch = await next(batch[batch.length - 1]!.id);
  }
}

/**
 * The first batch is read before anything is sent, so a refused or failing export still answers
 * a proper status; after that a failure can only cut the download short. Not object mode: the
 * stream then buffers about 16 kB, so the generator (and the database) is asked for the next
 * batch only once the client has drained the previous one.
 */
async function download<Row extends { id: number }>(
  filename: string,
  columns: string[],
  next: (afterId: number) => Promise<Row[]>,
  cells: (row: Row) => CsvValue[],
  batchSize: number,
): Promise<CsvDownload> {
  const first = await next(0);
  const chunks = csvChunks(columns, first, next, cells, batchSize);
  return { filename, stream: Readable.from(chunks, { objectMode: false }) };
}

/** A project's cases with their hierarchy, latest status and roll-up, parents before children. */
export async function exportProjectCases(
  db: Db,
  principal: Principal,
  projectId: number,
  batchSize = EXPORT_BATCH_SIZE,
): Promise<CsvDownload> {
  await requireProject(db, principal, projectId, 'export_project');
  const fields = await fieldsOfProject(db, projectId);
  return download(
    `project-${projectId}-cases.csv`,
    [...CASE_COLUMNS, ...CONTENT_COLUMNS, ...fields.map((f) => f.name)],
    (afterId) => exportedCases(db, projectId, afterId, batchSize),
    caseCells(fields),
    batchSize,
  );
}

/** A case's runs, oldest first. */
export async function exportCaseRuns(
  db: Db,
  principal: Principal,
  caseId: number,
  batchSize = EXPORT_BATCH_SIZE,
): Promise<CsvDownload> {
  const projectId = await findCaseProjectId(db, caseId);
  await requireProjectOf(db, principal, projectId, CASE_NOT_FOUND, 'export_project');
  return download(
    `case-${caseId}-runs.csv`,
    RUN_COLUMNS,
    (afterId) => runExportBatch(db, caseId, afterId, batchSize),
    runCells,
    batchSize,
  );
}
