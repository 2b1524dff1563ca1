/**
 * Database failures that are not the caller's fault but not a bug either: the database is
 * unreachable (503, retry later) or refused a text value it cannot store (400). Drivers wrap
 * their errors (Drizzle puts the driver's error in `cause`), so the chain is walked.
 */

// Network errors of the driver, and PostgreSQL's "connection exception" (08…) and shutdown codes.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '53300',
  '57P01',
  '57P02',
  '57P03',
]);
// node-postgres reports a dropped connection or an exhausted connect timeout by message only.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed/i;

// NUL in text (22021), a character the encoding lacks (22P05), a value too large for an index (54000).
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05', '54000']);

function* chain(error: unknown): Generator<Record<string, unknown>> {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    yield e as Record<string, unknown>;
    e = (e as { cause?: unknown }).cause;
  }
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of chain(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || e.syscall === 'connect') return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

export function isUnstorableText(error: unknown): boolean {
  for (const e of chain(error)) {
    if (typeof e.code === 'string' && UNSTORABLE_TEXT_CODES.has(e.code)) return true;
  }
  return false;
}

/**
 * What may be logged of an error. A failed query's message carries its parameters, and a
 * PostgreSQL error's `detail` the offending row: either may hold a password hash or personal
 * data, so only the SQL text (placeholders, no values), codes and the driver's message remain.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const first = error as { name?: string; message?: string; stack?: string; query?: unknown };
  const parts = [...chain(error)];
  const driver = parts.find((e) => typeof e.code === 'string' || e.severity) ?? parts.at(-1);
  if (typeof first.query !== 'string') {
    return { type: first.name ?? 'Error', message: first.message, stack: first.stack };
  }
  return {
    type: 'DatabaseQueryError',
    message: `Database query failed: ${String(driver?.message ?? 'unknown error')}`,
    code: driver?.code,
    query: first.query,
  };
}
