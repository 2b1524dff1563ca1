import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface ServerHandle {
  child: ChildProcess;
  url: string;
  /** Peak resident memory of the process so far, in MB (VmHWM). */
  peakMemoryMb(): number;
  metrics(): { eventLoopP99Ms: number; eventLoopMaxMs: number } | null;
  stop(): Promise<void>;
}

/**
 * `npm start` as package.json spells it: its environment settings (the memory allocator's) and
 * node's options, so a benchmark starts the server exactly as users do.
 */
export function npmStartCommand(): { args: string[]; env: Record<string, string> } {
  const root = path.resolve(import.meta.dirname, '..');
  const start: string = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
  const env: Record<string, string> = {};
  const args: string[] = [];
  for (const word of start.split(/\s+/)) {
    const setting = /^([A-Z_]+)=(.*)$/.exec(word);
    if (setting && args.length === 0) env[setting[1]!] = setting[2]!;
    else if (word !== 'node' || args.length > 0) args.push(word);
  }
  return { args, env };
}

export async function startProcess(
  args: string[],
  env: Record<string, string>,
  port: number,
  readyPath: string,
): Promise<ServerHandle> {
  const root = path.resolve(import.meta.dirname, '..');
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url + readyPath);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not become ready');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    child,
    url,
    peakMemoryMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const match = /VmHWM:\s+(\d+) kB/.exec(status);
      return match ? Number(match[1]) / 1024 : 0;
    },
    metrics() {
      const file = env.VERDICT_METRICS_FILE;
      if (!file || !existsSync(file)) return null;
      return JSON.parse(readFileSync(file, 'utf8'));
    },
    stop() {
      return new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}
