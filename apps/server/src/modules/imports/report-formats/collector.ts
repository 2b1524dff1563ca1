import { IMPORT_LIMITS, LIMITS } from '@verdict/contract';
import { BadRequestError } from '../../../lib/errors.ts';
import { fitName } from '../junit-case-path.ts';
import type { OnCase, ReadReport, ReportedCase } from './reported-case.ts';

/**
 * What every report reader but JUnit's does with a test it has read: its suite and path names
 * fitted to the name limit, a path deeper than cases nest refused, a test without a name left out
 * and counted, and the warnings the import's answer gives for both.
 */
export class CaseCollector {
  private shortened = 0;
  private unnamed = 0;
  reportName: string | null = null;

  constructor(private readonly onCase: OnCase) {}

  /** Hands on one test (or one attempt of it) under `suite`, at `path` (outermost first). */
  add(suite: string, path: string[], test: Omit<ReportedCase, 'suite' | 'path'>): void {
    const segments: string[] = [];
    for (const part of path) {
      const fitted = fitName(part);
      if (!fitted.name) continue;
      if (fitted.shortened) this.shortened += 1;
      segments.push(fitted.name);
    }
    if (segments.length === 0) {
      this.unnamed += 1;
      return;
    }
    if (segments.length > LIMITS.caseDepthMax) {
      throw new BadRequestError(
        `The report nests the test case "${segments.at(-1)}" deeper than cases may go: cases nest at most ${LIMITS.caseDepthMax} levels`,
      );
    }
    this.onCase({ suite: fitName(suite).name || 'Imported tests', path: segments, ...test });
  }

  result(): ReadReport {
    const warnings: string[] = [];
    if (this.shortened > 0)
      warnings.push(`${this.shortened} test name(s) longer than 255 characters were shortened`);
    if (this.unnamed > 0) warnings.push(`${this.unnamed} test case(s) without a name were left out`);
    return { warnings, reportName: this.reportName };
  }
}

// The escape character (27) starts a colour code: built from its code, as a literal one is refused by the linter.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, 'g');

/** Text a runner wrote for a terminal, without its colour codes. */
export const plainText = (text: string) => text.replace(ANSI, '');

/** A failure's parts, each cut to IMPORT_LIMITS.failureTextMax; null when all are empty. */
export function failureOf(message: string | null, type: string | null, text: string | null) {
  const part = (value: string | null) => {
    const trimmed = value === null ? '' : plainText(value).trim();
    return trimmed ? trimmed.slice(0, IMPORT_LIMITS.failureTextMax) : null;
  };
  const failure = { message: part(message), type: part(type), text: part(text) };
  return failure.message === null && failure.type === null && failure.text === null ? null : failure;
}

/** A test's output under the names of its streams, cut to IMPORT_LIMITS.logMax; null when empty. */
export function logOfStreams(streams: [name: string, text: string][]): string | null {
  const parts = streams
    .map(([name, text]) => [name, plainText(text).trim()] as const)
    .filter(([, text]) => text)
    .map(([name, text]) => `${name}:\n${text}`);
  return parts.length === 0 ? null : parts.join('\n\n').slice(0, IMPORT_LIMITS.logMax);
}

/** Milliseconds from seconds written as text ("1.234"); null when not a number. */
export function msFromSeconds(value: string | number | null | undefined): number | null {
  const n = typeof value === 'number' ? value : Number(value);
  if (value === '' || value === null || value === undefined || !Number.isFinite(n) || n < 0) return null;
  const ms = Math.round(n * 1000);
  return ms <= 2_147_483_647 ? ms : null;
}
