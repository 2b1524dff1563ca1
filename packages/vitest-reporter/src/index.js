// @verdict/vitest-reporter (docs/product/live-runs.md): opens a live run when Vitest starts a run,
// sends each test's result as it ends (in batches, never holding the run up), and finishes the run
// at the end with the CI gate in a summary line.
import path from 'node:path';
import { caseKeyInTitle, cut, LiveRun, liveRunOptions } from '@verdict/client/live-run';

/** The suite titles above a test, outermost first. */
function suitesOf(testCase) {
  const titles = [];
  for (let parent = testCase.parent; parent && parent.type === 'suite'; parent = parent.parent)
    titles.unshift(parent.name);
  return titles;
}

const OUTCOMES = { passed: 'passed', failed: 'failed', skipped: 'skipped', pending: 'skipped' };

export default class VerdictReporter {
  constructor(options = {}) {
    this.options = liveRunOptions(options);
    this.run = null;
    this.root = process.cwd();
  }

  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunStart() {
    this.run = new LiveRun(this.options);
    this.run.start();
  }

  onTestCaseResult(testCase) {
    if (!this.run) return;
    try {
      const result = testCase.result();
      const diagnostic = testCase.diagnostic();
      const titled = caseKeyInTitle(testCase.name);
      const outcome = OUTCOMES[result.state] ?? 'skipped';
      const error = result.errors?.[0];
      this.run.add({
        suite: path.relative(this.root, testCase.module.moduleId).split(path.sep).join('/'),
        path: [...suitesOf(testCase), titled.title],
        outcome,
        duration_ms: diagnostic ? Math.max(0, Math.round(diagnostic.duration)) : null,
        failure:
          outcome === 'failed' && error
            ? {
                message: cut(String(error.message ?? '').split('\n')[0]),
                type: error.name ?? null,
                text: cut(error.stack ?? error.message),
              }
            : null,
        log: null,
        case_key: titled.key,
      });
      // A retried test's earlier attempts are not results of their own: Vitest reports the last.
    } catch (error) {
      this.run.warn(`a result was not reported: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async onTestRunEnd() {
    if (!this.run) return;
    await this.run.finish();
    this.run = null;
  }
}
