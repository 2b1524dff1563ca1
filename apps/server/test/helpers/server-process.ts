import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/**
 * Real server processes for the fault tests: `node --import tsx apps/server/src/server.ts`, the
 * code `npm start` runs bundled (read fresh from the sources, so no build step), on a free port in 3400–3499 (other suites use 3100–3399).
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
export const SERVER_ADMIN_PASSWORD = 'fault-admin-password-1';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawn until /api/health answered 200. */
  readyMs: number;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code and signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

const taken = new Set<number>();
export async function freePort(): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const port = 3400 + Math.floor(Math.random() * 100);
    if (!taken.has(port) && (await portIsFree(port))) {
      taken.add(port);
      return port;
    }
  }
  throw new Error('No free port in 3400-3499');
}

/** Spawns a server and answers at once; `waitReady` waits for its health check. */
export function spawnServer(
  env: Record<string, string | undefined>,
  port: number,
): Omit<ServerProcess, 'readyMs'> {
  const { DATABASE_URL: _inherited, ...base } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...base,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      ADMIN_PASSWORD: SERVER_ADMIN_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

export async function startServer(
  env: Record<string, string | undefined>,
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  const port = await freePort();
  const started = Date.now();
  const server = spawnServer(env, port);
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`server exited during start:\n${server.output()}`);
    }
    try {
      const res = await fetch(`${server.url}/api/health`);
      if (res.status === 200) break;
    } catch {}
    if (Date.now() - started > timeoutMs) {
      server.child.kill('SIGKILL');
      throw new Error(`server not ready after ${timeoutMs} ms:\n${server.output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { ...server, readyMs: Date.now() - started };
}

/** Kills with SIGKILL (nothing runs after it) and waits until the process is gone. */
export async function killHard(server: Omit<ServerProcess, 'readyMs'>): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}

/** A JSON call to a running server. */
export async function call(
  server: { url: string },
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: any }> {
  const res = await fetch(server.url + url, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

export async function signIn(server: { url: string }, password = SERVER_ADMIN_PASSWORD): Promise<string> {
  const res = await call(server, 'POST', '/api/auth/login', {
    body: { email: 'admin@example.com', password },
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}
