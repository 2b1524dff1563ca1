import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { roles } from '../roles/roles-schema.ts';

/** The tables the users module owns (decision 176; docs/database.md lists every table's owner). */

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    maxUserLimit: integer('max_user_limit'),
    status: text('status').notNull().default('active'),
    // The user who created this sub-user; null for a top-level user.
    parentId: integer('parent_id').references((): any => users.id, { onDelete: 'restrict' }),
    // The top-level user at the root of the creator chain; null for a top-level user.
    accountId: integer('account_id').references((): any => users.id, { onDelete: 'restrict' }),
    // Bumped on password change and deactivation so every earlier token stops working.
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    // Single sign-on (docs/product/single-sign-on.md): the provider's subject of
    // the person this account belongs to; null for an account that never signed in that way.
    oidcSubject: text('oidc_subject'),
    // The second factor (docs/product/two-factor.md): the TOTP key once confirmed, the key being
    // set up until its first code is entered, and the time step of the last code accepted (a
    // code is good once).
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('users_oidc_subject_key').on(t.oidcSubject),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_account_idx').on(t.accountId),
    index('users_parent_idx').on(t.parentId),
    check('users_status_check', sql`${t.status} in ('active', 'inactive')`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // restrict: a role still held cannot be deleted (409, docs/product/roles-and-permissions.md, "Rules for roles").
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);
