import { type Static, Type } from 'typebox';
import { IdName } from './common.ts';
import { CycleResult, CycleResultState } from './cycles.ts';
import { ItemParameterRow } from './parameters.ts';

/**
 * A case's one history of results (docs/product/cases.md, "Results"), whatever recorded them: a
 * test run recorded on its own (`run`), a result recorded in a test cycle (`cycle`), or a result a
 * JUnit import recorded (`import`, in the import's cycle). A cycle or import result that recorded
 * the case's test run is one entry carrying both ids (decision 180).
 */
export const CaseResultSource = Type.Union([
  Type.Literal('run'),
  Type.Literal('cycle'),
  Type.Literal('import'),
]);
export type CaseResultSource = Static<typeof CaseResultSource>;

export const CaseResultEntry = Type.Object({
  source: CaseResultSource,
  /** The state as it stands: a recorded run's status (edited or not), else the cycle result's state. */
  state: CycleResultState,
  /** The test run it recorded or is (Test Runs table), or null: blocked and skipped record none. */
  run_id: Type.Union([Type.Integer(), Type.Null()]),
  /** The cycle result, or null for a run recorded on its own. */
  result_id: Type.Union([Type.Integer(), Type.Null()]),
  /** The cycle (an import's cycle for an import), or null for a run recorded on its own. */
  cycle: Type.Union([IdName, Type.Null()]),
  /** The data row of a parameterized case the result was recorded on (null: none, or a run). */
  parameter_row: ItemParameterRow,
  /** The user who recorded it; null once that user is deleted (`executed_by` keeps the id). */
  executor: Type.Union([Type.Object({ id: Type.Integer(), username: Type.String() }), Type.Null()]),
  executed_by: Type.Union([Type.Integer(), Type.Null()]),
  elapsed_ms: Type.Union([Type.Integer(), Type.Null()]),
  comment: Type.Union([Type.String(), Type.Null()]),
  /** What an imported report said of a failure or error (as a cycle result's `failure`); else null. */
  failure: CycleResult.properties.failure,
  created_at: Type.String(),
});
export type CaseResultEntry = Static<typeof CaseResultEntry>;

export const CaseResultsQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);
export type CaseResultsQuery = Static<typeof CaseResultsQuery>;

/** One page of a case's results, newest first, and how many there are in all. */
export const CaseResultsPage = Type.Object({ items: Type.Array(CaseResultEntry), total: Type.Integer() });
export type CaseResultsPage = Static<typeof CaseResultsPage>;

/** How many results a page of a case's history holds unless `limit` says otherwise. */
export const CASE_RESULTS_PAGE = 20;
