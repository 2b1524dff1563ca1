import { appendCut } from './xml-report.ts';

/**
 * What the TRX, NUnit, TestNG and xUnit.net readers share: the text of chosen elements of the test
 * being read (its failure's message and stack trace, its output), each kept up to its own limit
 * however long the report's, and the tests already read, so a test reported again is a later
 * attempt of it (a retry) rather than a test of its own.
 */

/** The text of the elements a reader chose, by field; several elements of one field are joined. */
export class TextFields<Field extends string> {
  private current: { field: Field; depth: number; max: number } | null = null;
  private values: Partial<Record<Field, string>> = {};

  /** Gathers the text of the element just opened at `depth` into `field`, after `separator` when it holds some. */
  start(field: Field, depth: number, max: number, separator = ''): void {
    const before = this.values[field];
    if (before !== undefined && separator) this.values[field] = appendCut(before, separator, max);
    this.current = { field, depth, max };
  }

  text(text: string): void {
    const current = this.current;
    if (current) this.values[current.field] = appendCut(this.values[current.field], text, current.max);
  }

  /** An element closed at `depth`: the one gathered stops there. */
  close(depth: number): void {
    if (this.current?.depth === depth) this.current = null;
  }

  /** What was gathered for `field`, '' when nothing. */
  get(field: Field): string {
    return this.values[field] ?? '';
  }

  /** What was gathered for `field`, trimmed, and forgets it: one element's text of several. */
  take(field: Field): string {
    const value = this.get(field).trim();
    delete this.values[field];
    return value;
  }

  /** Forgets everything gathered: the next test starts empty. */
  clear(): void {
    this.values = {};
    this.current = null;
  }
}

/** The tests read so far, by suite and path: a test read again is a later attempt. */
export class Attempts {
  private readonly seen = new Set<string>();

  /** True when this test was read before in the report. */
  repeat(suite: string, path: string[]): boolean {
    const key = [suite, ...path].join('\u0000');
    if (this.seen.has(key)) return true;
    this.seen.add(key);
    return false;
  }
}
