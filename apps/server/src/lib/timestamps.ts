/** A timestamp as the database driver hands it (a Date, or text), as the API answers it: ISO 8601 in UTC. */
export const isoTime = (value: Date | string): string => new Date(value).toISOString();

export const isoTimeOrNull = (value: Date | string | null): string | null =>
  value === null ? null : isoTime(value);
