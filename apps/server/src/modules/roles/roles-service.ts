import type { ListQuery, Role, RoleBody } from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { dbViolationOf } from '../../lib/db-violation.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { type Audited, auditCreated, auditDeleted, auditUpdated } from '../audit-log/audit-entries.ts';
import { assertCanChangeRole, assertCanGrant, type Principal } from '../authz/authorization.ts';
import { resolvePermissionIds } from '../permissions/permissions-service.ts';
import {
  countRoleHolders,
  deleteRoleRow,
  findExistingRoleIds,
  findRoleById,
  findRoleNameClash,
  insertRole,
  listRolesPage,
  lockRole,
  lockRoleAgainstDelete,
  lockRoleNames,
  replaceRolePermissions,
  updateRoleRow,
} from './roles-repository.ts';

async function assertRoleNameFree(tx: Tx, name: string, exceptId?: number): Promise<void> {
  await lockRoleNames(tx);
  if (await findRoleNameClash(tx, name, exceptId))
    throw new ConflictError(`A role named "${name}" already exists`, 'name_taken');
}

/** Unknown role ids are a fault in the body, so they answer 400 naming the field. */
export async function assertRolesExist(tx: Tx, roleIds: number[]): Promise<void> {
  const known = new Set(await findExistingRoleIds(tx, roleIds));
  const missing = roleIds.filter((id) => !known.has(id));
  if (missing.length === 0) return;
  const message = `Unknown role id${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`;
  throw new BadRequestError(message, [{ field: 'roleIds', message }]);
}

/** A unique violation that slipped past the check (a racing writer) answers the same 409. */
function asNameConflict(error: unknown, name: string): unknown {
  return dbViolationOf(error)?.kind === 'unique'
    ? new ConflictError(`A role named "${name}" already exists`, 'name_taken')
    : error;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

const audited = (role: Role): Audited => ({ entity: 'role', id: role.id, name: role.name });

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

/** Keeps a role from being deleted until the transaction ends (a grant names it); 404 when missing. */
export async function lockExistingRole(tx: Tx, id: number): Promise<void> {
  if (!(await lockRoleAgainstDelete(tx, id))) throw new NotFoundError('Role not found');
}

export function listRoles(db: Db, query: ListQuery): Promise<Role[]> {
  return listRolesPage(db, query);
}

export function getRole(db: Db, id: number): Promise<Role> {
  return roleOrNotFound(db, id);
}

export async function createRole(db: Db, principal: Principal, body: RoleBody): Promise<Role> {
  const permissionIds = body.permissionIds ?? [];
  const created = db.transaction(async (tx) => {
    const granted = await resolvePermissionIds(tx, permissionIds);
    assertCanGrant(
      principal.permissions,
      granted.map((p) => p.name),
    );
    await assertRoleNameFree(tx, body.name);
    const id = await insertRole(tx, { name: body.name, description: body.description });
    await replaceRolePermissions(tx, id, permissionIds);
    const role = await roleOrNotFound(tx, id);
    await auditCreated(tx, principal, audited(role), auditedRoleFields(role));
    return role;
  });
  return created.catch((error: unknown) => {
    throw asNameConflict(error, body.name);
  });
}

/**
 * Locks a role for a change or a delete and reads it as it stands: 404 when it is missing, 403
 * when it holds a permission the caller lacks.
 */
async function lockRoleToAlter(tx: Tx, principal: Principal, id: number, action: 'change' | 'delete') {
  const role = await lockRole(tx, id);
  if (!role) throw new NotFoundError('Role not found');
  const before = await roleOrNotFound(tx, id);
  assertCanChangeRole(
    principal,
    role.name,
    before.Permissions.map((p) => p.name),
    action,
  );
  return { role, before };
}

/** The built-in Administrator role keeps its name and every permission (it may be described). */
function builtInRefusal(name: string, what: string): ConflictError {
  return new ConflictError(`"${name}" is the built-in administrator role: ${what}`, 'built_in');
}

/**
 * The editor must hold every permission the role holds before the change and every one it will
 * hold after it: otherwise they could weaken a role stronger than their own, or grant through it
 * what they lack. Omitting permissionIds keeps the permissions as they are.
 */
export async function updateRole(db: Db, principal: Principal, id: number, body: RoleBody): Promise<Role> {
  const updated = db.transaction(async (tx) => {
    const { role, before } = await lockRoleToAlter(tx, principal, id, 'change');
    if (role.builtIn && body.name !== role.name) throw builtInRefusal(role.name, 'it cannot be renamed');
    if (body.permissionIds) {
      const granted = await resolvePermissionIds(tx, body.permissionIds);
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
    await auditUpdated(tx, principal, audited(after), auditedRoleFields(before), auditedRoleFields(after));
    return after;
  });
  return updated.catch((error: unknown) => {
    throw asNameConflict(error, body.name);
  });
}

export async function deleteRole(db: Db, principal: Principal, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const { role, before } = await lockRoleToAlter(tx, principal, id, 'delete');
      if (role.builtIn) throw builtInRefusal(role.name, 'it cannot be deleted');
      const { users, members } = await countRoleHolders(tx, id);
      if (users + members > 0) {
        const holders = [users && plural(users, 'user'), members && plural(members, 'project member')];
        throw new ConflictError(`This role is held by ${holders.filter(Boolean).join(' and ')}`, 'in_use');
      }
      await deleteRoleRow(tx, id);
      await auditDeleted(tx, principal, audited(before), auditedRoleFields(before));
    });
  } catch (error) {
    // A grant that raced in after the count is refused by the foreign key.
    if (dbViolationOf(error)?.kind === 'foreign-key') {
      throw new ConflictError(
        'This role is held by users or project members; remove it from them first',
        'in_use',
      );
    }
    throw error;
  }
}
