import { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/errors.ts';
import { serverFile } from '../../server-files.ts';
import { CASE_IMPORT_LIMITS } from './case-import-limits.ts';
import type { Table } from './case-import-mapping.ts';

/**
 * A spreadsheet's first sheet, or a CSV file, as a table of text (docs/product/case-import.md).
 * The reading runs on a thread of its own (case-import-worker.mjs), one file at a time per core's
 * worth of readers, with a memory ceiling and a time limit besides the bounds of
 * CASE_IMPORT_LIMITS: whatever a file costs to read, the server's own thread keeps answering.
 */

export type Format = 'csv' | 'xlsx';

/** Readers at once; more files wait their turn (the machine's cores are the server's too). */
const READERS_MAX = 2;
/** The reader's JavaScript heap: a file of 50 MB read into a table takes about half of it. */
const READER_HEAP_MB = 512;
/** A file that takes longer than this to read is refused (the bounds keep legal files far below). */
const READ_TIMEOUT_MS = 60_000;

let reading = 0;
const waiting: (() => void)[] = [];

async function turn<T>(work: () => Promise<T>): Promise<T> {
  if (reading >= READERS_MAX) await new Promise<void>((resolve) => waiting.push(resolve));
  reading++;
  try {
    return await work();
  } finally {
    reading--;
    waiting.shift()?.();
  }
}

type Reply = { ok: true; format: Format; table: Table } | { ok: false; status: number; message: string };

function readInWorker(bytes: Buffer): Promise<{ format: Format; table: Table }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(serverFile('modules/case-import/case-import-worker.mjs'), {
      workerData: { bytes, limits: CASE_IMPORT_LIMITS },
      // Plain JavaScript: no TypeScript loader in the thread.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            new AppError(413, `Reading the file took longer than ${READ_TIMEOUT_MS / 1000} s; split it`),
          ),
        ),
      READ_TIMEOUT_MS,
    );
    worker.once('message', (reply: Reply) =>
      settle(() => {
        if (reply.ok) resolve({ format: reply.format, table: reply.table });
        else if (reply.status >= 500) reject(new Error(`The file's reader failed: ${reply.message}`));
        else reject(new AppError(reply.status, reply.message));
      }),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new AppError(413, 'The file needs more memory to read than an import may use; split it')
            : error,
        ),
      ),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`The file's reader stopped (${code}) without an answer`))),
    );
  });
}

export function readTable(bytes: Buffer): Promise<{ format: Format; table: Table }> {
  return turn(() => readInWorker(bytes));
}
