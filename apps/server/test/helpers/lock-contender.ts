import { createInterface } from 'node:readline';
import { DataDirLockedError, lockDataDir } from '../../src/lib/data-dir-lock.ts';

/**
 * One contender for the data directory lock, as a separate process so that contenders really
 * run at the same time. Reads commands on stdin, one a line:
 *   `try <dir>`  takes the lock on <dir>; prints `won`, `lost <message>` or `error <message>`
 *   `release`    gives back a lock it holds; prints `released`
 * Prints `ready` once loaded, and exits when stdin closes.
 */

let release: (() => void) | null = null;
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line.startsWith('try ')) {
    try {
      release = lockDataDir(line.slice(4));
      process.stdout.write('won\n');
    } catch (error) {
      const kind = error instanceof DataDirLockedError ? 'lost' : 'error';
      process.stdout.write(`${kind} ${(error as Error).message.replaceAll('\n', ' ')}\n`);
    }
  } else if (line === 'release') {
    release?.();
    release = null;
    process.stdout.write('released\n');
  }
});
lines.on('close', () => {
  release?.();
  process.exit(0);
});
process.stdout.write('ready\n');
