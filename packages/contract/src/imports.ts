import { type Static, Type } from 'typebox';
import { IdName } from './common.ts';
import { ImportGate } from './gate.ts';

/** Media types the JUnit import accepts; `Content-Encoding: gzip` is accepted too. */
export const JUNIT_CONTENT_TYPES = ['application/xml', 'text/xml'] as const;

/** The default of the server setting IMPORT_MAX_BYTES: the largest report accepted (50 MB). */
export const IMPORT_MAX_BYTES_DEFAULT = 50 * 1024 * 1024;

/**
 * Limits of one report, checked while it is read, so a report past one is refused at once.
 * Reports of the common runners nest fewer than ten elements deep and put a few attributes on
 * each; a million elements is a report of several hundred thousand test cases.
 */
export const IMPORT_LIMITS = {
  xmlDepthMax: 100,
  xmlElementsMax: 1_000_000,
  xmlAttributesMax: 100,
  /** A failure's message, type and text are each kept up to this many characters (64 KB). */
  failureTextMax: 65_536,
  /** A test case's system-out and system-err, kept together as its result's log up to this many characters (64 KB). */
  logMax: 65_536,
} as const;

/**
 * Bounds of the files a report names as a test's evidence (docs/product/report-formats.md,
 * "Evidence"): past them a file is skipped with a line in the answer's summary.
 */
export const EVIDENCE_LIMITS = {
  /** Files kept per reported test (per attempt). */
  perTestMax: 20,
  /** Files kept per import, inline and path-based together. */
  perImportMax: 2000,
  /** A file's name is cut to this many characters. */
  nameMax: 255,
  /** A path longer than this is skipped. */
  pathMax: 4096,
  /** The bytes a report may carry inline (base64 in JSON, files of an Allure zip), together. */
  inlineBytesMax: 50 * 1024 * 1024,
} as const;

/**
 * The query of POST /api/projects/{id}/import/junit: the name of the cycle the import creates
 * (else the report's name and the time) and the CI facts it carries (docs/product/junit-import.md).
 */
export const ImportQuery = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 255 })),
    branch: Type.Optional(Type.String({ maxLength: 255 })),
    commit: Type.Optional(Type.String({ maxLength: 255 })),
    build_url: Type.Optional(Type.String({ maxLength: 2048 })),
    build_number: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { additionalProperties: false },
);
export type ImportQuery = Static<typeof ImportQuery>;

/** The request body of POST /api/projects/{id}/import/junit: the report itself, as XML text. */
export const JunitXmlBody = Type.String({
  description:
    'A JUnit XML report (JUnit/Surefire, pytest, jest-junit, Playwright, go-junit-report, Vitest…), ' +
    'sent as application/xml or text/xml, optionally with Content-Encoding: gzip',
});

/**
 * The report formats `POST /api/projects/{id}/import/results` reads (docs/product/report-formats.md):
 * detected from the report's first bytes, or named by `?format=`.
 */
export const REPORT_FORMATS = [
  'junit',
  'playwright',
  'cucumber',
  'trx',
  'nunit',
  'testng',
  'xunit',
  'allure',
] as const;
export const ReportFormat = Type.Union([
  Type.Literal('junit'),
  Type.Literal('playwright'),
  Type.Literal('cucumber'),
  Type.Literal('trx'),
  Type.Literal('nunit'),
  Type.Literal('testng'),
  Type.Literal('xunit'),
  Type.Literal('allure'),
]);
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** What the results import takes: XML reports, JSON reports, and an Allure results directory as a zip. */
export const RESULTS_CONTENT_TYPES = [...JUNIT_CONTENT_TYPES, 'application/json', 'application/zip'] as const;

/** The query of POST /api/projects/{id}/import/results: the JUnit import's, and the format when not detected. */
export const ResultsImportQuery = Type.Object(
  { ...ImportQuery.properties, format: Type.Optional(ReportFormat) },
  { additionalProperties: false },
);
export type ResultsImportQuery = Static<typeof ResultsImportQuery>;

/** The request body of POST /api/projects/{id}/import/results: the report as its runner wrote it. */
export const ResultsReportBody = Type.String({
  description:
    'A test report: JUnit XML, Playwright JSON, Cucumber JSON, TRX, NUnit 3 XML, TestNG XML or xUnit.net v2 XML ' +
    '(application/xml, text/xml or application/json), or an Allure results directory as a zip (application/zip); ' +
    'optionally with Content-Encoding: gzip',
});

/** A test that looks renamed: the case the report no longer has, and the one it made instead. */
export const RenamePair = Type.Object({
  from: Type.Object({ id: Type.Integer(), name: Type.String() }),
  to: Type.Object({ id: Type.Integer(), name: Type.String() }),
});
export type RenamePair = Static<typeof RenamePair>;

/** `GET /api/cycles/{id}/renames`: the pairs an import's cycle proposes (empty for other cycles). */
export const CycleRenames = Type.Object({ items: Type.Array(RenamePair) });
export type CycleRenames = Static<typeof CycleRenames>;

/** What one import did. Skipped test cases record no run; they become skipped items of its cycle. */
export const ImportSummary = Type.Object({
  /** Test cases in the report (every `<testcase>`). */
  tests: Type.Integer(),
  /** Distinct suites that received results, and how many of them were new. */
  suites: Type.Integer(),
  suitesCreated: Type.Integer(),
  /** Distinct cases that received a run, and how many cases (parents included) were new. */
  cases: Type.Integer(),
  casesCreated: Type.Integer(),
  runsRecorded: Type.Integer(),
  passed: Type.Integer(),
  /** Failed runs: test cases with a `<failure>` or an `<error>`. */
  failed: Type.Integer(),
  /** Of the failed runs, those reported as `<error>` (the test could not run to its end). */
  errors: Type.Integer(),
  skipped: Type.Integer(),
  /** Things worth knowing that did not stop the import, e.g. a name shortened to fit. */
  warnings: Type.Array(Type.String()),
  /**
   * Tests that failed and then passed on a retry in the same report (a flaky signal: each attempt
   * is a result of the item). Answered by the results import.
   */
  retried: Type.Optional(Type.Integer()),
  /**
   * Tests that look renamed (the results import): a case of the branch's previous import that this
   * report no longer has, beside a case it made in the same suite and parent with a similar name.
   * `POST /api/test-cases/{to.id}/merge {from_case_id: from.id}` keeps the history.
   */
  renames: Type.Optional(Type.Array(RenamePair)),
  /**
   * The report's evidence (files it names for its tests), when it names any: how many the report
   * carried inline and the server attached, how many are files on the CI machine for the uploader
   * to send (`evidence_uploads`), and a line for each file skipped (over a bound, over
   * ATTACHMENT_MAX_BYTES, past the project's quota).
   */
  evidence: Type.Optional(
    Type.Object({
      attached: Type.Integer(),
      to_upload: Type.Integer(),
      skipped: Type.Array(Type.String()),
    }),
  ),
});
export type ImportSummary = Static<typeof ImportSummary>;

/** A file of a result's evidence that the report names by its path on the CI machine. */
export const EvidenceUpload = Type.Object({
  result_id: Type.Integer(),
  /** The name to store it under: the path's last segment, cut to EVIDENCE_LIMITS.nameMax. */
  name: Type.String(),
  /** As the report wrote it; a relative path is read against the report file's folder. */
  path: Type.String(),
  content_type: Type.String(),
});
export type EvidenceUpload = Static<typeof EvidenceUpload>;

export const ImportResponse = Type.Object({
  message: Type.String(),
  project: IdName,
  summary: ImportSummary,
  /** The test cycle the import created (null when the report held no test case). */
  cycle: Type.Union([IdName, Type.Null()]),
  /** Its failures sorted for a CI gate (docs/product/ci-gate.md); null without a cycle. */
  gate: Type.Union([ImportGate, Type.Null()]),
  /** The report's format, as detected or named (the results import). */
  format: Type.Optional(ReportFormat),
  /**
   * The files the report names by a path on the machine that ran the tests, for the uploader to
   * send to `POST /api/cycle-results/{result_id}/evidence`: the server never reads a path. Present
   * when the report names any; at most EVIDENCE_LIMITS.perImportMax.
   */
  evidence_uploads: Type.Optional(Type.Array(EvidenceUpload)),
});
export type ImportResponse = Static<typeof ImportResponse>;
