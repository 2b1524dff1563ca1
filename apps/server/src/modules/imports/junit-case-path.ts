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
const TITLE_SEPARATOR = /\s+[\u203a>]\s+/;
const GO_SUBTEST = /^(Test|Example|Benchmark|Fuzz)[^\s/]*\/\S/;

export interface CasePath {
  segments: string[];
  /** True when a name was longer than the limit and was shortened. */
  shortened: boolean;
}

/** The parts one at a time, so a caller that has enough stops cutting a long name. */
function* splitName(name: string): Generator<string> {
  const separator = GO_SUBTEST.test(name) ? /\//g : new RegExp(TITLE_SEPARATOR.source, 'g');
  let start = 0;
  for (let match = separator.exec(name); match; match = separator.exec(name)) {
    yield name.slice(start, match.index);
    start = match.index + match[0].length;
  }
  yield name.slice(start);
}

function sameName(a: string, b: string): boolean {
  const normal = (s: string) => s.replace(/[\\/]/g, '.');
  return normal(a) === normal(b);
}

/** Trims a name and shortens it to the name limit (docs/product/limits-and-constants.md, "Field bounds"). */
export function fitName(raw: string): { name: string; shortened: boolean } {
  const name = raw.replace(/\s+/g, ' ').trim();
  if (name.length <= LIMITS.nameMax) return { name, shortened: false };
  return { name: `${name.slice(0, LIMITS.nameMax - 1).trimEnd()}…`, shortened: true };
}

/**
 * @param innerSuites names of `<testsuite>` elements nested inside the outermost one
 * @param innermostSuite the name of the `<testsuite>` the case sits in
 * @param maxLevels the deepest path the caller accepts: a deeper one stops one segment past it
 */
export function casePath(
  innerSuites: string[],
  innermostSuite: string,
  classname: string,
  name: string,
  maxLevels = Number.POSITIVE_INFINITY,
): CasePath {
  const cls = classname.trim();
  const title = name.trim() || cls;
  const parts = [...innerSuites];
  if (cls && title !== cls && !sameName(cls, innermostSuite) && !title.startsWith(`${cls} `)) parts.push(cls);
  let shortened = false;
  const segments: string[] = [];
  /** Adds a part; false once the path is deeper than the caller accepts. */
  const add = (part: string) => {
    const fitted = fitName(part);
    if (fitted.name) {
      shortened ||= fitted.shortened;
      segments.push(fitted.name);
    }
    return segments.length <= maxLevels;
  };
  if (parts.every(add)) {
    for (const part of splitName(title)) if (!add(part)) break;
  }
  return { segments, shortened };
}
