import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { permissions } from '../permissions/permissions-schema.ts';

/** The tables the roles module owns (decision 176; docs/database.md lists every table's owner). */

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique('roles_name_key'),
    description: text('description').notNull().default(''),
    // The Administrator role made on first start: it holds every permission, keeps its name and
    // cannot be deleted. Found by this flag, never by its name; at most one role carries it.
    builtIn: boolean('built_in').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_one_built_in').on(t.builtIn).where(sql`${t.builtIn}`)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.permissionId] }),
    index('role_permissions_permission_idx').on(t.permissionId),
  ],
);
