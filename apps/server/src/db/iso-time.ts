import { type SQL, sql } from 'drizzle-orm';

/**
 * A timestamptz as the API answers every time: ISO 8601 in UTC with milliseconds
 * (`2026-11-28T08:41:16.560Z`), as `Date.toISOString()` writes it. A statement that answers a
 * time as text uses this, never `::text` (which reads `2026-11-28 08:41:16.56+00`).
 */
export const isoText = (time: SQL): SQL =>
  sql`to_char(${time} at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
