import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../users/users-schema.ts';

/** The tables the api-tokens module owns (decision 176; docs/database.md lists every table's owner). */

/**
 * Personal API tokens (CI uploads, scripts). Only a SHA-256 hash of the secret is stored; the
 * secret is shown once at creation. A token works while it is not revoked and its owner is
 * active with the same token_version as when it was made, so a password change or a
 * deactivation ends it like every session token.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique('api_tokens_token_hash_key'),
    // The first characters of the secret, to tell tokens apart in the list.
    prefix: text('prefix').notNull(),
    tokenVersion: integer('token_version').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId, t.id)],
);
