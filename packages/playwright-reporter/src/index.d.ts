import type { FullConfig, FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import type { LiveRunOptions } from '@verdict/client/live-run';

/** Options: `['@verdict/playwright-reporter', { url, token, project }]`, or VERDICT_URL, VERDICT_TOKEN, VERDICT_PROJECT. */
export type VerdictReporterOptions = LiveRunOptions;

export default class VerdictReporter implements Reporter {
  constructor(options?: VerdictReporterOptions);
  printsToStdio(): boolean;
  onBegin(config: FullConfig): void;
  onTestEnd(test: TestCase, result: TestResult): void;
  onEnd(result: FullResult): Promise<void>;
}
