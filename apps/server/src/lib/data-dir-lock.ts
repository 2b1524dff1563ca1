import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The embedded database (PGlite) does not lock its directory: two servers on one DATA_DIR
 * would both write to the same files and corrupt them. So a lock file holds the owner's pid;
 * a second server refuses to start while that process lives, and takes over a lock whose
 * process is gone (a crash or SIGKILL leaves the file behind).
 */

export const LOCK_FILE_NAME = 'verdict.lock';

export class DataDirLockedError extends Error {}

// Locks this process holds: a lock naming our own pid but not in here was left by an earlier
// process that had the same pid (a container restart often reuses pid 1).
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerPid(file: string): number | null {
  try {
    const pid = Number(JSON.parse(readFileSync(file, 'utf8')).pid);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the lock on `dir` or throws DataDirLockedError; answers the function that releases it. */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(
        fd,
        JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() }),
      );
      closeSync(fd);
      held.add(file);
      return () => {
        if (held.delete(file)) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = ownerPid(file);
    if (pid !== null && isAlive(pid) && (pid !== process.pid || held.has(file))) {
      throw new DataDirLockedError(
        `Another Verdict server (pid ${pid}) is using the data directory ${dir}. Stop it first, or ` +
          `start this one with another DATA_DIR. If no such server runs, delete ${file}.`,
      );
    }
    // The owner is gone (or the file is unreadable): a stale lock, taken over.
    rmSync(file, { force: true });
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}; another server keeps taking it`);
}
