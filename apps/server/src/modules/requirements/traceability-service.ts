import { Readable } from 'node:stream';
import { REQUIREMENT_LIMITS, type TraceabilityPage, type TraceabilityQuery } from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { type CsvValue, csvRow } from '../../lib/csv.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { type Principal, requireProject } from '../authz/authorization.ts';
import type { CsvDownload } from '../exports/exports-service.ts';
import type { CoverageScope } from './requirements-coverage.ts';
import {
  casesOfRows,
  isProjectConfiguration,
  isProjectMilestone,
  type MatrixFilters,
  type MatrixRowBase,
  selectMatrixPage,
} from './traceability-repository.ts';

/** The traceability matrix and its CSV (docs/product/requirements.md, "The matrix"). */

const bad = (field: string, message: string) => new BadRequestError(message, [{ field, message }]);

/** The scope a query names, each part one of the project's, else 400. */
async function checkedScope(db: Tx, projectId: number, query: TraceabilityQuery): Promise<CoverageScope> {
  if (query.milestone_id !== undefined && !(await isProjectMilestone(db, projectId, query.milestone_id))) {
    throw bad('milestone_id', 'The milestone is not one of this project');
  }
  if (
    query.configuration_id !== undefined &&
    !(await isProjectConfiguration(db, projectId, query.configuration_id))
  ) {
    throw bad('configuration_id', 'The configuration is not one of this project');
  }
  return { milestoneId: query.milestone_id, configurationId: query.configuration_id };
}

const filtersOf = (query: TraceabilityQuery): MatrixFilters => ({
  status: query.status,
  coverage: query.coverage,
});

export async function getTraceability(
  db: Db,
  principal: Principal,
  projectId: number,
  query: TraceabilityQuery,
): Promise<TraceabilityPage> {
  await requireProject(db, principal, projectId, 'home_requirement');
  const scope = await checkedScope(db, projectId, query);
  const page = await selectMatrixPage(db, projectId, scope, filtersOf(query), {
    limit: query.limit ?? REQUIREMENT_LIMITS.pageDefault,
    offset: query.offset ?? 0,
  });
  const cases = await casesOfRows(
    db,
    projectId,
    scope,
    page.rows.map((row) => row.requirement.id),
    REQUIREMENT_LIMITS.casesPerRow,
  );
  return {
    items: page.rows.map((row) => ({ ...row, cases: cases.get(row.requirement.id) ?? [] })),
    total: page.total,
    summary: page.summary,
  };
}

const CSV_COLUMNS = [
  'key',
  'title',
  'status',
  'depth',
  'coverage',
  'cases',
  'passed',
  'failing',
  'untested',
  'case_ids',
  'case_names',
];
/** Requirements per statement of the CSV; each row lists all of its directly linked cases. */
const CSV_BATCH = 1000;

function csvCells(row: MatrixRowBase, cases: { id: number; name: string }[]): CsvValue[] {
  return [
    row.requirement.key,
    row.requirement.title,
    row.requirement.status,
    row.requirement.depth,
    row.coverage,
    row.counts.cases,
    row.counts.passed,
    row.counts.failing,
    row.counts.untested,
    cases.map((c) => c.id).join(' '),
    cases.map((c) => c.name).join('; '),
  ];
}

/**
 * The whole matrix as CSV, in tree order, a batch of requirements at a time: the first batch is
 * read before anything is sent (a refusal still answers its status), the next once the client
 * has taken the last (the stream is not in object mode, so it buffers little).
 */
export async function traceabilityCsv(
  db: Db,
  principal: Principal,
  projectId: number,
  query: TraceabilityQuery,
): Promise<CsvDownload> {
  await requireProject(db, principal, projectId, 'home_requirement');
  const scope = await checkedScope(db, projectId, query);
  const filters = filtersOf(query);
  const batch = async (offset: number) => {
    const page = await selectMatrixPage(db, projectId, scope, filters, { limit: CSV_BATCH, offset });
    const ids = page.rows.map((row) => row.requirement.id);
    const cases = await casesOfRows(db, projectId, scope, ids, null);
    return page.rows.map((row) => csvRow(csvCells(row, cases.get(row.requirement.id) ?? []))).join('');
  };
  const first = await batch(0);
  async function* chunks(): AsyncGenerator<string> {
    yield csvRow(CSV_COLUMNS);
    let text = first;
    for (let offset = CSV_BATCH; text !== ''; offset += CSV_BATCH) {
      yield text;
      text = await batch(offset);
    }
  }
  return {
    filename: `traceability-${projectId}.csv`,
    stream: Readable.from(chunks(), { objectMode: false }),
  };
}
