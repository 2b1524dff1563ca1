// @verdict/playwright-reporter (docs/product/live-runs.md): opens a live run when Playwright
// starts, sends each test's result as it ends (in batches, never holding the run up) with its
// screenshots and traces, and finishes the run at the end with the CI gate in a summary line.
import path from 'node:path';
import { caseKeyInTitle, caseKeyOf, cut, LiveRun, liveRunOptions } from '@verdict/client/live-run';

/** The describe titles above a test, outermost first (not the project's or the file's suite). */
function describesOf(test) {
  const titles = [];
  for (let suite = test.parent; suite && suite.type === 'describe'; suite = suite.parent)
    titles.unshift(suite.title);
  return titles;
}

/** As Playwright's JSON import reads it: the expected status passes; skipped skips; anything else fails. */
function outcomeOf(result, test) {
  if (result.status === 'skipped') return 'skipped';
  return result.status === test.expectedStatus ? 'passed' : 'failed';
}

function streamText(chunks) {
  return chunks.map((chunk) => (typeof chunk === 'string' ? chunk : chunk.toString('utf8'))).join('');
}

export default class VerdictReporter {
  constructor(options = {}) {
    this.run = new LiveRun(liveRunOptions(options));
    this.rootDir = process.cwd();
    this.projects = 1;
  }

  printsToStdio() {
    return false;
  }

  onBegin(config, suite) {
    this.rootDir = config.rootDir;
    // The projects this run runs tests of (not every project of the config: `--project` picks some),
    // as the JSON import counts the projects its tests name.
    this.projects = suite.suites.filter((project) => project.allTests().length > 0).length;
    this.run.start();
  }

  onTestEnd(test, result) {
    try {
      const titled = caseKeyInTitle(test.title);
      const annotated = test.annotations.find((a) => a.type === 'verdict');
      const project = test.parent?.project?.()?.name;
      const titles = [...describesOf(test), titled.title];
      if (this.projects > 1 && project) titles.push(project);
      const outcome = outcomeOf(result, test);
      const error = result.error ?? result.errors?.[0];
      const message = error?.message ?? '';
      const log = [
        ...(result.stdout.length > 0 ? [`stdout:\n${streamText(result.stdout)}`] : []),
        ...(result.stderr.length > 0 ? [`stderr:\n${streamText(result.stderr)}`] : []),
      ].join('\n');
      this.run.add(
        {
          suite:
            path.relative(this.rootDir, test.location.file).split(path.sep).join('/') || test.location.file,
          path: titles,
          outcome,
          duration_ms: Math.max(0, Math.round(result.duration)),
          failure:
            outcome === 'failed'
              ? { message: cut(message.split('\n')[0]), type: null, text: cut(error?.stack ?? message) }
              : null,
          log: cut(log),
          retry: result.retry > 0,
          case_key: caseKeyOf(annotated?.description) ?? titled.key,
        },
        result.attachments
          .filter((file) => file.path || file.body)
          .map((file) => ({
            name: file.path ? path.basename(file.path) : file.name,
            contentType: file.contentType,
            path: file.path,
            body: file.path ? undefined : file.body,
          })),
      );
    } catch (error) {
      this.run.warn(`a result was not reported: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async onEnd() {
    await this.run.finish();
  }
}
