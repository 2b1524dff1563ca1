import { type Static, Type } from 'typebox';
import { Cycle } from './cycles.ts';
import { ImportGate } from './gate.ts';
import { IMPORT_LIMITS, ImportQuery } from './imports.ts';

/**
 * Live runs (docs/product/live-runs.md): a reporter opens an import cycle when the test run
 * starts, sends each test's result as it finishes, in batches, and finishes the run at its end.
 */

/** Results one batch may hold; a reporter sends more as further batches. */
export const LIVE_RUN_BATCH_MAX = 1000;
/** The largest batch body, in bytes: a reporter sends its results in smaller batches before this. */
export const LIVE_RUN_BODY_MAX_BYTES = 8 * 1024 * 1024;
/** The default of LIVE_RUN_TIMEOUT: minutes without a result after which an open run has stopped. */
export const LIVE_RUN_TIMEOUT_MINUTES_DEFAULT = 30;

/** `POST /api/projects/{id}/live-runs`: the cycle's name (else 'Live run' and the time) and CI facts. */
export const LiveRunBody = ImportQuery;
export type LiveRunBody = Static<typeof LiveRunBody>;

const Text = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()]);

/** One test's result, as a report reader hands it on (suite, case path, outcome…). */
export const LiveResult = Type.Object(
  {
    /** The suite: the test file, as the Playwright JSON import names it. */
    suite: Type.String({ minLength: 1, maxLength: 1024 }),
    /** Describe titles, then the test's title. */
    path: Type.Array(Type.String({ minLength: 1, maxLength: 1024 }), { minItems: 1, maxItems: 50 }),
    outcome: Type.Union([
      Type.Literal('passed'),
      Type.Literal('failed'),
      Type.Literal('error'),
      Type.Literal('skipped'),
    ]),
    duration_ms: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
    failure: Type.Optional(
      Type.Union([
        Type.Object(
          {
            message: Text(IMPORT_LIMITS.failureTextMax),
            type: Text(IMPORT_LIMITS.failureTextMax),
            text: Text(IMPORT_LIMITS.failureTextMax),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ]),
    ),
    log: Type.Optional(Text(IMPORT_LIMITS.logMax)),
    /** A later attempt of the same test (a retry): a result of the same item, not a test of its own. */
    retry: Type.Optional(Type.Boolean()),
    steps: Type.Optional(
      Type.Array(
        Type.Object(
          {
            text: Type.String({ maxLength: 1024 }),
            outcome: Type.Union([Type.Literal('passed'), Type.Literal('failed'), Type.Literal('skipped')]),
          },
          { additionalProperties: false },
        ),
        { maxItems: 200 },
      ),
    ),
    /** The case the test names ([C123], an annotation): it lands on that case whatever its name. */
    case_key: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type LiveResult = Static<typeof LiveResult>;

export const LiveResultsBody = Type.Object(
  { results: Type.Array(LiveResult, { minItems: 1, maxItems: LIVE_RUN_BATCH_MAX }) },
  { additionalProperties: false },
);
export type LiveResultsBody = Static<typeof LiveResultsBody>;

/** The results' ids, in the batch's order, for their evidence (POST /api/cycle-results/{id}/evidence). */
export const LiveResultsResponse = Type.Object({
  result_ids: Type.Array(Type.Integer()),
  /** Things worth knowing that did not stop the batch, e.g. a case key that names no case. */
  warnings: Type.Array(Type.String()),
});
export type LiveResultsResponse = Static<typeof LiveResultsResponse>;

/** `POST /api/live-runs/{cycle_id}/finish`: CI facts known only at the end (each optional). */
export const LiveFinishBody = Type.Object(
  {
    branch: ImportQuery.properties.branch,
    commit: ImportQuery.properties.commit,
    build_url: ImportQuery.properties.build_url,
    build_number: ImportQuery.properties.build_number,
  },
  { additionalProperties: false },
);
export type LiveFinishBody = Static<typeof LiveFinishBody>;

/** The finished run: its cycle, closed, with its counts, and its CI gate (docs/product/ci-gate.md). */
export const LiveFinishResponse = Type.Object({
  message: Type.String(),
  cycle: Cycle,
  gate: ImportGate,
});
export type LiveFinishResponse = Static<typeof LiveFinishResponse>;
