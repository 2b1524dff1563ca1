import type { paths } from './schema.d.ts';

/** One test's result, as POST /api/live-runs/{id}/results takes it. */
export type LiveResult =
  paths['/api/live-runs/{id}/results']['post']['requestBody']['content']['application/json']['results'][number];

/** A file of a result's evidence: a path on this machine, or bytes. */
export interface LiveFile {
  name?: string;
  contentType: string;
  path?: string;
  body?: Uint8Array;
}

export interface LiveRunOptions {
  /** The server's root address (VERDICT_URL). */
  url?: string;
  /** A personal API token holding import_results (VERDICT_TOKEN). */
  token?: string;
  /** The project's id (VERDICT_PROJECT). */
  project?: number | string;
  /** The cycle's name (VERDICT_RUN_NAME); else 'Live run' and the time. */
  name?: string;
  /** The branch, when the CI's own variables do not say it. */
  branch?: string;
  /** Results per batch (200). */
  batchSize?: number;
  /** The most milliseconds a finished result waits before it is sent (2000). */
  flushMs?: number;
  /** Milliseconds a call may take (30000). */
  timeoutMs?: number;
  fetch?: (input: Request) => Promise<Response>;
  /** Where warnings and the summary go (stderr). */
  log?: (line: string) => void;
}

export declare function liveRunOptions(
  options?: LiveRunOptions,
  env?: Record<string, string | undefined>,
): unknown;
export declare function caseKeyInTitle(title: string): { key: number | null; title: string };
export declare function caseKeyOf(value: string | null | undefined): number | null;
export declare function cut(text: string | null | undefined, max?: number): string | null;

export declare class LiveRun {
  constructor(options: ResolvedLiveRunOptions);
  /** Writes a warning line ("verdict: …"); reporting never throws into the test run. */
  warn(line: string): void;
  start(): void;
  add(result: LiveResult, files?: LiveFile[]): void;
  flush(): Promise<void>;
  finish(): Promise<{ cycle: unknown; gate: unknown } | null>;
}
