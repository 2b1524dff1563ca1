import { LIMITS } from '@verdict/contract';

/**
 * Where a `<testcase>` lives in the case tree of its suite, as a path of case names.
 *
 * - Vitest joins describe blocks with " > ", Playwright with " › ": each part becomes a level.
 * - Go subtests are `TestParent/sub_test` (Go replaces spaces with underscores, so a name
 *   without spaces that starts like a Go test is split on "/"); other names keep their "/",
 *   which is common in titles such as "GET /api/users".
 * - `classname` becomes a parent level when it says something the suite and the name do not
 *   (pytest's "tests.test_math.TestCalc" under the suite "pytest"), so two tests with the
 *   same name in different classes stay two cases. Surefire, Vitest, Playwright and Go repeat
 *   the suite name there, and jest-junit repeats the test name, so they stay flat.
 */
const TITLE_SEPARATOR = /\s+[›>]\s+/;
const GO_SUBTEST = /^(Test|Example|Benchmark|Fuzz)[^\s/]*\/\S/;

export interface CasePath {
  segments: string[];
  /** True when a name was longer than the limit and was shortened. */
  shortened: boolean;
}

function splitName(name: string): string[] {
  if (GO_SUBTEST.test(name)) return name.split('/');
  return name.split(TITLE_SEPARATOR);
}

function sameName(a: string, b: string): boolean {
  const normal = (s: string) => s.replace(/[\\/]/g, '.');
  return normal(a) === normal(b);
}

/** Trims a name and shortens it to the name limit (DESIGN §2). */
export function fitName(raw: string): { name: string; shortened: boolean } {
  const name = raw.replace(/\s+/g, ' ').trim();
  if (name.length <= LIMITS.nameMax) return { name, shortened: false };
  return { name: `${name.slice(0, LIMITS.nameMax - 1).trimEnd()}…`, shortened: true };
}

/**
 * @param innerSuites names of `<testsuite>` elements nested inside the outermost one
 * @param innermostSuite the name of the `<testsuite>` the case sits in
 */
export function casePath(
  innerSuites: string[],
  innermostSuite: string,
  classname: string,
  name: string,
): CasePath {
  const cls = classname.trim();
  const title = name.trim() || cls;
  const parts = [...innerSuites];
  if (cls && title !== cls && !sameName(cls, innermostSuite) && !title.startsWith(`${cls} `)) parts.push(cls);
  parts.push(...splitName(title));
  let shortened = false;
  const segments: string[] = [];
  for (const part of parts) {
    const fitted = fitName(part);
    if (!fitted.name) continue;
    shortened ||= fitted.shortened;
    segments.push(fitted.name);
  }
  return { segments, shortened };
}
