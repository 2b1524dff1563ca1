/**
 * Unique and foreign-key violations that slip past a service's own checks (two requests racing).
 * Drizzle wraps the driver error in `cause`, so the chain is walked to find the PostgreSQL code.
 */
export interface DbViolation {
  kind: 'unique' | 'foreign-key';
  constraint: string;
}

export function dbViolationOf(error: unknown): DbViolation | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    const name = typeof constraint === 'string' ? constraint : '';
    if (code === '23505') return { kind: 'unique', constraint: name };
    if (code === '23503') return { kind: 'foreign-key', constraint: name };
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
