import type { IdName, ListQuery, Permission, PermissionBody } from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { dbViolationOf } from '../../lib/db-violation.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { auditCreated, auditDeleted, auditUpdated } from '../audit-log/audit-entries.ts';
import type { Principal } from '../authz/authorization.ts';
import {
  deletePermission as deletePermissionRow,
  findPermissionIdByName,
  findPermissionRecord,
  findPermissionsByIds,
  grantToBuiltInRole,
  insertPermission,
  selectPermissions,
  updatePermission as updatePermissionRow,
} from './permissions-repository.ts';

const nameTaken = (name: string) =>
  new ConflictError(`A permission named "${name}" already exists`, 'name_taken');

const auditedFields = (p: PermissionBody) => ({ name: p.name, description: p.description });

/** A racing insert of the same name fails on the unique constraint; it answers the same 409. */
function asNameConflict(error: unknown, name: string): unknown {
  return dbViolationOf(error)?.kind === 'unique' ? nameTaken(name) : error;
}

/** Unknown permission ids are a fault in the body, so they answer 400 naming the field. */
export async function resolvePermissionIds(tx: Tx, ids: number[]): Promise<IdName[]> {
  const found = await findPermissionsByIds(tx, ids);
  const known = new Set(found.map((p) => p.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) {
    const message = `Unknown permission id${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`;
    throw new BadRequestError(message, [{ field: 'permissionIds', message }]);
  }
  return found;
}

export function listPermissions(db: Db, query: ListQuery): Promise<Permission[]> {
  return selectPermissions(db, query);
}

export async function getPermission(db: Db, id: number): Promise<Permission> {
  const found = await findPermissionRecord(db, id);
  if (!found) throw new NotFoundError('Permission not found');
  return { id: found.id, name: found.name, description: found.description };
}

export async function createPermission(
  db: Db,
  principal: Principal,
  body: PermissionBody,
): Promise<Permission> {
  try {
    return await db.transaction(async (tx) => {
      if ((await findPermissionIdByName(tx, body.name)) !== null) throw nameTaken(body.name);
      const id = await insertPermission(tx, body);
      // Administrator holds every permission (docs/product/roles-and-permissions.md, "Rules for
      // roles"), as bootstrap does for new catalogue
      // entries. Without this nobody would hold the new permission, so nobody could grant it.
      await grantToBuiltInRole(tx, id);
      const permission = { id, name: body.name, description: body.description };
      await auditCreated(tx, principal, { entity: 'permission', id, name: body.name }, auditedFields(body));
      return permission;
    });
  } catch (error) {
    throw asNameConflict(error, body.name);
  }
}

export async function updatePermission(
  db: Db,
  principal: Principal,
  id: number,
  body: PermissionBody,
): Promise<Permission> {
  try {
    return await db.transaction(async (tx) => {
      const found = await findPermissionRecord(tx, id, true);
      if (!found) throw new NotFoundError('Permission not found');
      if (body.name !== found.name) {
        // The code checks catalogue permissions by name, so a rename would silently revoke them.
        if (found.builtIn) {
          throw new ConflictError(
            `"${found.name}" is a built-in permission: it cannot be renamed, only its description can change`,
            'built_in',
          );
        }
        if ((await findPermissionIdByName(tx, body.name)) !== null) throw nameTaken(body.name);
      }
      await updatePermissionRow(tx, id, body);
      await auditUpdated(
        tx,
        principal,
        { entity: 'permission', id, name: body.name },
        auditedFields(found),
        auditedFields(body),
      );
      return { id, name: body.name, description: body.description };
    });
  } catch (error) {
    throw asNameConflict(error, body.name);
  }
}

export async function deletePermission(db: Db, principal: Principal, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await findPermissionRecord(tx, id, true);
    if (!found) throw new NotFoundError('Permission not found');
    if (found.builtIn)
      throw new ConflictError(`"${found.name}" is a built-in permission and cannot be deleted`, 'built_in');
    await deletePermissionRow(tx, id);
    await auditDeleted(tx, principal, { entity: 'permission', id, name: found.name }, auditedFields(found));
  });
}
