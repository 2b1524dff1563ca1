/**
 * What every report reader hands on, one test at a time, whatever the format
 * (docs/product/report-formats.md): the import folds these into its plan (import-plan.ts).
 */

export type Outcome = 'passed' | 'failed' | 'error' | 'skipped';

export interface ReportedFailure {
  message: string | null;
  type: string | null;
  text: string | null;
}

/** A step of a test the report carries (Cucumber's Given/When/Then), with how it ended. */
export interface ReportedStep {
  text: string;
  outcome: 'passed' | 'failed' | 'skipped';
}

/**
 * A file the report names as the test's evidence (a screenshot, a trace, a log): either a path on
 * the machine that ran the tests, which only the uploader reads, or the bytes the report carries.
 */
export type ReportedAttachment = { name: string; contentType: string } & (
  | { path: string; body?: undefined }
  | { body: Buffer; path?: undefined }
);

export interface ReportedCase {
  suite: string;
  /** Case names from the top level of the suite down to the case itself. */
  path: string[];
  outcome: Outcome;
  /** The test's time in whole milliseconds; null when the report gives none. */
  durationMs: number | null;
  /** The failure or error that decided the outcome. */
  failure: ReportedFailure | null;
  /** The test's output (stdout, stderr), joined and cut (logOf); null when empty. */
  log: string | null;
  /**
   * The case the test names explicitly (`[C123]` or `@C123` in its title, a `verdict_case_id`
   * property, a Playwright annotation): it lands on that case whatever its name.
   */
  caseKey?: number | null;
  /** A later attempt of the test reported just before (a retry), not a test of its own. */
  retry?: boolean;
  /** The test's steps, when the format carries them: they become the result's step results. */
  steps?: ReportedStep[];
  /** The files the report names for this test (this attempt), bounded in import-evidence.ts. */
  attachments?: ReportedAttachment[];
}

/** What a reader tells the caller besides the tests: warnings and the report's own name. */
export interface ReadReport {
  warnings: string[];
  reportName: string | null;
}

export type OnCase = (reported: ReportedCase) => void;

const KEY_IN_TITLE = /(?:\[C(\d{1,9})\]|(?:^|\s)@C(\d{1,9})\b)/;

/**
 * The case a test's title names (`[C123]` or an `@C123` tag), and the title without it; the key
 * is null when there is none.
 */
export function caseKeyInTitle(title: string): { key: number | null; title: string } {
  const match = KEY_IN_TITLE.exec(title);
  if (!match) return { key: null, title };
  const key = Number(match[1] ?? match[2]);
  const rest = (title.slice(0, match.index) + title.slice(match.index + match[0].length))
    .replace(/\s+/g, ' ')
    .trim();
  return { key, title: rest || title };
}

/** A case key written as `C123` or `123` (a property's or an annotation's value); null otherwise. */
export function caseKeyOf(value: string | null | undefined): number | null {
  const match = /^\s*C?(\d{1,9})\s*$/i.exec(value ?? '');
  return match ? Number(match[1]) : null;
}
