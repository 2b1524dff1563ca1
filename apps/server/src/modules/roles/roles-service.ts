import type { IdName, ListQuery, Role, RoleBody } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { dbViolationOf } from '../../lib/db-violation.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { pageClause, textMatches } from '../../lib/list-paging.ts';
import {
  changedFieldList,
  createdChanges,
  deletedChanges,
  quoted,
  recordAudit,
  updatedChanges,
} from '../audit/audit-log.ts';
import { assertCanChangeRole, assertCanGrant, type Principal } from '../authz/authorization.ts';
import { findPermissionsByIds } from '../permissions/permissions-repository.ts';
import {
  countRoleHolders,
  deleteRoleRow,
  findRoleById,
  findRoleNameClash,
  insertRole,
  lockRole,
  replaceRolePermissions,
  selectRoles,
  updateRoleRow,
} from './roles-repository.ts';

const ROLE_NAMES_LOCK = 7261004;

/**
 * Role names are unique ignoring case, which the plain unique constraint cannot see; the lock
 * keeps two requests from both passing the check and inserting "QA" and "qa".
 */
async function assertRoleNameFree(tx: Tx, name: string, exceptId?: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROLE_NAMES_LOCK})`);
  if (await findRoleNameClash(tx, name, exceptId))
    throw new ConflictError(`A role named "${name}" already exists`);
}

/** Unknown permission ids are a fault in the body, so they answer 400 naming the field. */
async function resolvePermissions(tx: Tx, ids: number[]): Promise<IdName[]> {
  const found = await findPermissionsByIds(tx, ids);
  const known = new Set(found.map((p) => p.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) {
    const message = `Unknown permission id${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`;
    throw new BadRequestError(message, [{ field: 'permissionIds', message }]);
  }
  return found;
}

/** A unique violation that slipped past the check (a racing writer) answers the same 409. */
function asNameConflict(error: unknown, name: string): unknown {
  return dbViolationOf(error)?.kind === 'unique'
    ? new ConflictError(`A role named "${name}" already exists`)
    : error;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The fields of a role the audit log shows; permissions by name, in id order. */
function auditedRoleFields(role: Role) {
  return {
    name: role.name,
    description: role.description,
    permissions: role.Permissions.map((permission) => permission.name),
  };
}

async function roleOrNotFound(tx: Tx, id: number): Promise<Role> {
  const role = await findRoleById(tx, id);
  if (!role) throw new NotFoundError('Role not found');
  return role;
}

export function listRoles(db: Db, query: ListQuery): Promise<Role[]> {
  return selectRoles(db, textMatches(query.q, sql`r.name`), pageClause(query));
}

export function getRole(db: Db, id: number): Promise<Role> {
  return roleOrNotFound(db, id);
}

export async function createRole(db: Db, principal: Principal, body: RoleBody): Promise<Role> {
  const permissionIds = body.permissionIds ?? [];
  const created = db.transaction(async (tx) => {
    const granted = await resolvePermissions(tx, permissionIds);
    assertCanGrant(
      principal.permissions,
      granted.map((p) => p.name),
    );
    await assertRoleNameFree(tx, body.name);
    const id = await insertRole(tx, { name: body.name, description: body.description });
    await replaceRolePermissions(tx, id, permissionIds);
    const role = await roleOrNotFound(tx, id);
    await recordAudit(tx, principal, {
      action: 'create',
      entity: 'role',
      entityId: id,
      summary: `Created role ${quoted(role.name)}`,
      changes: createdChanges(auditedRoleFields(role)),
    });
    return role;
  });
  return created.catch((error: unknown) => {
    throw asNameConflict(error, body.name);
  });
}

/** The built-in Administrator role keeps its name and every permission (it may be described). */
function builtInRefusal(name: string, what: string): ConflictError {
  return new ConflictError(`"${name}" is the built-in administrator role: ${what}`);
}

/**
 * The editor must hold every permission the role holds before the change and every one it will
 * hold after it: otherwise they could weaken a role stronger than their own, or grant through it
 * what they lack. Omitting permissionIds keeps the permissions as they are.
 */
export async function updateRole(db: Db, principal: Principal, id: number, body: RoleBody): Promise<Role> {
  const updated = db.transaction(async (tx) => {
    const role = await lockRole(tx, id);
    if (!role) throw new NotFoundError('Role not found');
    const before = await roleOrNotFound(tx, id);
    assertCanChangeRole(
      principal,
      role.name,
      before.Permissions.map((p) => p.name),
      'change',
    );
    if (role.builtIn && body.name !== role.name) throw builtInRefusal(role.name, 'it cannot be renamed');
    if (body.permissionIds) {
      const granted = await resolvePermissions(tx, body.permissionIds);
      assertCanGrant(
        principal.permissions,
        granted.map((p) => p.name),
      );
      const after = new Set(body.permissionIds);
      if (role.builtIn && role.permissionIds.some((p) => !after.has(p))) {
        throw builtInRefusal(role.name, 'it keeps every permission');
      }
      await replaceRolePermissions(tx, id, body.permissionIds);
    }
    await assertRoleNameFree(tx, body.name, id);
    await updateRoleRow(tx, id, { name: body.name, description: body.description });
    const after = await roleOrNotFound(tx, id);
    const changes = updatedChanges(auditedRoleFields(before), auditedRoleFields(after));
    await recordAudit(tx, principal, {
      action: 'update',
      entity: 'role',
      entityId: id,
      summary: `Updated role ${quoted(after.name)}${changedFieldList(changes)}`,
      changes,
    });
    return after;
  });
  return updated.catch((error: unknown) => {
    throw asNameConflict(error, body.name);
  });
}

export async function deleteRole(db: Db, principal: Principal, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const role = await lockRole(tx, id);
      if (!role) throw new NotFoundError('Role not found');
      const before = await roleOrNotFound(tx, id);
      assertCanChangeRole(
        principal,
        role.name,
        before.Permissions.map((p) => p.name),
        'delete',
      );
      if (role.builtIn) throw builtInRefusal(role.name, 'it cannot be deleted');
      const { users, members } = await countRoleHolders(tx, id);
      if (users + members > 0) {
        const holders = [users && plural(users, 'user'), members && plural(members, 'project member')];
        throw new ConflictError(`This role is held by ${holders.filter(Boolean).join(' and ')}`);
      }
      await deleteRoleRow(tx, id);
      await recordAudit(tx, principal, {
        action: 'delete',
        entity: 'role',
        entityId: id,
        summary: `Deleted role ${quoted(before.name)}`,
        changes: deletedChanges(auditedRoleFields(before)),
      });
    });
  } catch (error) {
    // A grant that raced in after the count is refused by the foreign key.
    if (dbViolationOf(error)?.kind === 'foreign-key') {
      throw new ConflictError('This role is held by users or project members; remove it from them first');
    }
    throw error;
  }
}
