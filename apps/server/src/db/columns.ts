import { customType, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL's byte string; drizzle-orm has no column for it. */
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** The creation time every table that has one declares alike. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
