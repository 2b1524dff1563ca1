import { execFile } from 'node:child_process';
import path from 'node:path';

/** The uploader (packages/cli) as the tests run it: a child process from the repository root. */

export const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const cli = path.join(repoRoot, 'packages/cli/bin/verdict-import.mjs');

export interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command from the repository root and answers its exit code and output. */
export function run(command: string, args: string[], env: Record<string, string> = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      {
        cwd: repoRoot,
        // No CI of its own: the tests say which CI the uploader runs in.
        env: {
          ...process.env,
          VERDICT_URL: '',
          VERDICT_TOKEN: '',
          VERDICT_PROJECT: '',
          GITHUB_ACTIONS: '',
          GITLAB_CI: '',
          CIRCLECI: '',
          JENKINS_URL: '',
          JENKINS_HOME: '',
          ...env,
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** `verdict-import` with these arguments and environment. */
export const verdictImport = (args: string[], env?: Record<string, string>) =>
  run(process.execPath, [cli, ...args], env);
