import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME, takeoverClaimPath } from '../src/lib/data-dir-lock.ts';

/**
 * The data directory lock under real concurrency: 30 processes try to take it at the same
 * moment, many rounds in a row, on an empty directory and on one holding a stale lock (its
 * owner's process is gone). Exactly one may win each round, and the lock file then names it.
 */

const CONTENDERS = 30;
const ROUNDS = 8;
const script = path.join(import.meta.dirname, 'helpers/lock-contender.ts');

interface Contender {
  child: ChildProcess;
  pid: number;
  next(): Promise<string>;
  send(line: string): void;
}

function startContender(): Contender {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const pending: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  let buffer = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    buffer += chunk;
    let end = buffer.indexOf('\n');
    while (end >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      const waiter = waiting.shift();
      if (waiter) waiter(line);
      else pending.push(line);
      end = buffer.indexOf('\n');
    }
  });
  return {
    child,
    pid: child.pid ?? 0,
    next: () => {
      const line = pending.shift();
      return line !== undefined ? Promise.resolve(line) : new Promise((resolve) => waiting.push(resolve));
    },
    send: (line) => child.stdin?.write(`${line}\n`),
  };
}

let contenders: Contender[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  contenders = Array.from({ length: CONTENDERS }, startContender);
  const greetings = await Promise.all(contenders.map((c) => c.next()));
  expect(greetings.every((line) => line === 'ready')).toBe(true);
});

afterAll(async () => {
  await Promise.all(
    contenders.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.child.exitCode !== null) return resolve();
          c.child.once('exit', () => resolve());
          c.child.stdin?.end();
        }),
    ),
  );
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'verdict-lock-race-'));
  dirs.push(dir);
  return dir;
}

/** The pid of a process that has already ended. */
function deadPid(): number {
  const pid = spawnSync('true').pid;
  expect(pid).toBeGreaterThan(0);
  return pid;
}

/** All contenders try at once; answers who won, after every one has answered. */
async function round(dir: string): Promise<{ winners: Contender[]; answers: string[] }> {
  for (const c of contenders) c.send(`try ${dir}`);
  const answers = await Promise.all(contenders.map((c) => c.next()));
  const errors = answers.filter((a) => a.startsWith('error'));
  expect(errors).toEqual([]);
  const winners = contenders.filter((_, i) => answers[i] === 'won');
  return { winners, answers };
}

async function releaseAll(): Promise<void> {
  for (const c of contenders) c.send('release');
  const answers = await Promise.all(contenders.map((c) => c.next()));
  expect(answers.every((a) => a === 'released')).toBe(true);
}

async function expectOneWinner(dir: string, loserNamesWinner = true): Promise<void> {
  const { winners, answers } = await round(dir);
  expect(winners.length, answers.join('\n')).toBe(1);
  const lock = JSON.parse(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8'));
  expect(lock.pid).toBe(winners[0]?.pid);
  const pids = new Set(contenders.map((c) => c.pid));
  for (const [i, answer] of answers.entries()) {
    if (contenders[i] === winners[0]) continue;
    if (loserNamesWinner) {
      expect(answer).toContain(`Another Verdict server (pid ${winners[0]?.pid}) is using the data directory`);
    } else {
      // Taking over a stale lock, a loser names the contender holding the takeover claim at
      // that moment. When another contender finished the takeover just before, that claim
      // holder then finds the lock no longer stale and loses too: the name can be a contender
      // other than the final owner, always a live one. Exactly one wins all the same.
      const named = Number(/pid (\d+)/.exec(answer)?.[1]);
      expect(pids.has(named), answer).toBe(true);
    }
  }
  await releaseAll();
  // Released, the directory holds nothing of the lock any more (no temporary files either).
  expect(readdirSync(dir)).toEqual([]);
}

describe('data directory lock under 30 concurrent contenders', () => {
  it('on a directory without a lock, exactly one contender wins, round after round', {
    timeout: 120_000,
  }, async () => {
    for (let r = 0; r < ROUNDS; r++) await expectOneWinner(freshDir());
  });

  it('on a directory with a stale lock (its owner is gone), exactly one contender takes it over', {
    timeout: 120_000,
  }, async () => {
    for (let r = 0; r < ROUNDS; r++) {
      const dir = freshDir();
      writeFileSync(
        path.join(dir, LOCK_FILE_NAME),
        JSON.stringify({ pid: deadPid(), host: os.hostname(), since: new Date().toISOString() }),
      );
      await expectOneWinner(dir, false);
    }
  });

  it('an empty lock file (an older version killed while writing it) is stale too, taken over by one', {
    timeout: 120_000,
  }, async () => {
    for (let r = 0; r < ROUNDS; r++) {
      const dir = freshDir();
      writeFileSync(path.join(dir, LOCK_FILE_NAME), '');
      await expectOneWinner(dir, false);
    }
  });

  it('a contender that died while taking over a stale lock leaves a claim that is taken over too, by one', {
    timeout: 120_000,
  }, async () => {
    for (let r = 0; r < ROUNDS; r++) {
      const dir = freshDir();
      const file = path.join(dir, LOCK_FILE_NAME);
      const record = (pid: number) =>
        JSON.stringify({ pid, host: os.hostname(), since: new Date().toISOString() });
      writeFileSync(file, record(deadPid()));
      writeFileSync(takeoverClaimPath(file)!, record(deadPid()));
      await expectOneWinner(dir, false);
    }
  });

  it('a live lock is never taken: every contender loses and the lock is untouched', {
    timeout: 120_000,
  }, async () => {
    const dir = freshDir();
    const file = path.join(dir, LOCK_FILE_NAME);
    const record = JSON.stringify({ pid: process.pid, host: os.hostname(), since: 'test' });
    writeFileSync(file, record);
    const { winners, answers } = await round(dir);
    expect(winners, answers.join('\n')).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe(record);
    expect(readdirSync(dir)).toEqual([LOCK_FILE_NAME]);
  });
});
