import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  linkSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The embedded database (PGlite) does not lock its directory: two servers on one DATA_DIR
 * would both write to the same files and corrupt them. So a lock file holds the owner's pid;
 * a second server refuses to start while that process lives, and takes over a lock whose
 * process is gone (a crash or SIGKILL leaves the file behind).
 *
 * Servers started at the same moment must not both win, so every change of the lock file is
 * a single atomic step:
 * - the owner record is written whole to a temporary file of its own first, then hard-linked
 *   to the lock's name, which fails if the name exists (so a lock file is never seen half
 *   written, and of two servers linking at once one fails);
 * - a stale lock is never deleted and re-created (two servers could then each delete the
 *   other's fresh lock). It is replaced in one rename, and only by the one contender that
 *   holds the takeover claim for that very lock file (its inode and content). The claim is a
 *   lock file itself, taken the same way; a claim whose holder died is taken over likewise.
 */

export const LOCK_FILE_NAME = 'verdict.lock';

export class DataDirLockedError extends Error {}

// Locks this process holds: a lock naming our own pid but not in here was left by an earlier
// process that had the same pid (a container restart often reuses pid 1).
const held = new Set<string>();

// A claim of a claim is needed only when a contender dies while taking over; more than a few
// levels means something else is wrong.
const MAX_CLAIM_DEPTH = 4;
const ATTEMPTS = 10;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parsePid(text: string): number | null {
  try {
    const pid = Number(JSON.parse(text).pid);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

interface SeenLock {
  pid: number | null;
  /** Names this very file: its inode and content (a later lock file gets another key). */
  key: string;
  text: string;
}

/** Reads a lock file, or answers null when there is none. */
function readLock(file: string): SeenLock | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const { dev, ino } = fstatSync(fd);
    const text = readFileSync(fd, 'utf8');
    const key = createHash('sha256').update(`${dev}:${ino}:${text}`).digest('hex').slice(0, 16);
    return { pid: parsePid(text), key, text };
  } finally {
    closeSync(fd);
  }
}

function claimPath(file: string, key: string): string {
  return `${file}.takeover-${key}`;
}

/** The takeover claim's path for the lock file as it is now, or null without one (for tests). */
export function takeoverClaimPath(file: string): string | null {
  const seen = readLock(file);
  return seen && claimPath(file, seen.key);
}

/** Writes `record` whole to a temporary file next to `file`; answers its path. */
function writeTemporary(file: string, record: string): string {
  const temporary = path.join(
    path.dirname(file),
    `${LOCK_FILE_NAME}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`,
  );
  writeFileSync(temporary, record, { flag: 'wx' });
  return temporary;
}

/** Creates `file` holding `record` if no such file exists; answers whether it did. */
function createIfAbsent(file: string, record: string): boolean {
  const temporary = writeTemporary(file, record);
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code && NO_HARD_LINKS.has(code)) return createInTwoSteps(file, record);
    throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
}

// What link() answers on a file system without hard links (some network shares).
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/**
 * Where hard links are not available: create exclusively, then write. Another server starting
 * in the same instant could then read the file still empty and take it for stale, as before
 * the lock was made atomic; such file systems get that weaker lock rather than none.
 */
function createInTwoSteps(file: string, record: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, record);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Answers 'won', or the pid of the live process that holds `file` (or is taking it over). */
function take(file: string, record: string, depth: number): 'won' | number {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (createIfAbsent(file, record)) return 'won';
    const seen = readLock(file);
    if (seen === null) continue; // released in between: try again
    if (seen.pid !== null && isAlive(seen.pid) && (seen.pid !== process.pid || held.has(file))) {
      return seen.pid;
    }
    // Stale (its owner is gone, or the file is unreadable). Only the holder of the claim on
    // this very file may replace it; the others lose to the claim's holder, who is taking over.
    if (depth >= MAX_CLAIM_DEPTH) break;
    const claim = claimPath(file, seen.key);
    const claimed = take(claim, record, depth + 1);
    if (claimed !== 'won') return claimed;
    try {
      // Nobody else may replace this file while we hold its claim, and its dead owner cannot
      // remove it; so if it is still the one we saw, the rename below replaces exactly it.
      if (readLock(file)?.key === seen.key) {
        renameSync(writeTemporary(file, record), file);
        return 'won';
      }
    } finally {
      rmSync(claim, { force: true });
    }
  }
  throw new DataDirLockedError(
    `Could not lock the data directory ${path.dirname(file)}; another server keeps taking it`,
  );
}

/** Removes temporary files and takeover claims left by contenders that died midway. */
function sweepLeftovers(dir: string): void {
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(`${LOCK_FILE_NAME}.`)) continue;
    const file = path.join(dir, name);
    const pid = name.startsWith(`${LOCK_FILE_NAME}.tmp-`)
      ? Number(name.split('-')[1])
      : name.startsWith(`${LOCK_FILE_NAME}.takeover-`)
        ? (readLock(file)?.pid ?? null)
        : undefined;
    if (pid === undefined) continue;
    if (pid === null || !isAlive(pid)) rmSync(file, { force: true });
  }
}

/** Takes the lock on `dir` or throws DataDirLockedError; answers the function that releases it. */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE_NAME);
  const record = JSON.stringify({
    pid: process.pid,
    host: os.hostname(),
    since: new Date().toISOString(),
    nonce: randomBytes(8).toString('hex'),
  });
  const outcome = take(file, record, 0);
  if (outcome !== 'won') {
    throw new DataDirLockedError(
      `Another Verdict server (pid ${outcome}) is using the data directory ${dir}. Stop it first, or ` +
        `start this one with another DATA_DIR. If no such server runs, delete ${file}.`,
    );
  }
  held.add(file);
  sweepLeftovers(dir);
  return () => {
    if (held.delete(file) && readLock(file)?.text === record) rmSync(file, { force: true });
  };
}
