import type { LiveRunOptions } from '@verdict/client/live-run';
import type { Reporter, TestCase, Vitest } from 'vitest/node';

/** Options: `reporters: ['default', new VerdictReporter({ url, token, project })]`, or VERDICT_URL, VERDICT_TOKEN, VERDICT_PROJECT. */
export type VerdictReporterOptions = LiveRunOptions;

export default class VerdictReporter implements Reporter {
  constructor(options?: VerdictReporterOptions);
  onInit(vitest: Vitest): void;
  onTestRunStart(): void;
  onTestCaseResult(testCase: TestCase): void;
  onTestRunEnd(): Promise<void>;
}
