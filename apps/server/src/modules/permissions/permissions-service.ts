import type { ListQuery, Permission, PermissionBody } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dbViolationOf } from '../../lib/db-violation.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { pageClause, textMatches } from '../../lib/list-paging.ts';
import {
  changedFieldList,
  createdChanges,
  deletedChanges,
  quoted,
  recordAudit,
  updatedChanges,
} from '../audit/audit-log.ts';
import type { Principal } from '../authz/authorization.ts';
import {
  deletePermission as deletePermissionRow,
  findPermissionIdByName,
  findPermissionRecord,
  grantToBuiltInRole,
  insertPermission,
  selectPermissions,
  updatePermission as updatePermissionRow,
} from './permissions-repository.ts';

const nameTaken = (name: string) => new ConflictError(`A permission named "${name}" already exists`);

/** A racing insert of the same name fails on the unique constraint; it answers the same 409. */
function asNameConflict(error: unknown, name: string): unknown {
  return dbViolationOf(error)?.kind === 'unique' ? nameTaken(name) : error;
}

export function listPermissions(db: Db, query: ListQuery): Promise<Permission[]> {
  return selectPermissions(db, textMatches(query.q, sql`p.name`), pageClause(query));
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
      // Administrator holds every permission (DESIGN §1), as bootstrap does for new catalogue
      // entries. Without this nobody would hold the new permission, so nobody could grant it.
      await grantToBuiltInRole(tx, id);
      const permission = { id, name: body.name, description: body.description };
      await recordAudit(tx, principal, {
        action: 'create',
        entity: 'permission',
        entityId: id,
        summary: `Created permission ${quoted(body.name)}`,
        changes: createdChanges({ name: body.name, description: body.description }),
      });
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
          );
        }
        if ((await findPermissionIdByName(tx, body.name)) !== null) throw nameTaken(body.name);
      }
      await updatePermissionRow(tx, id, body);
      const changes = updatedChanges(
        { name: found.name, description: found.description },
        { name: body.name, description: body.description },
      );
      await recordAudit(tx, principal, {
        action: 'update',
        entity: 'permission',
        entityId: id,
        summary: `Updated permission ${quoted(body.name)}${changedFieldList(changes)}`,
        changes,
      });
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
      throw new ConflictError(`"${found.name}" is a built-in permission and cannot be deleted`);
    await deletePermissionRow(tx, id);
    await recordAudit(tx, principal, {
      action: 'delete',
      entity: 'permission',
      entityId: id,
      summary: `Deleted permission ${quoted(found.name)}`,
      changes: deletedChanges({ name: found.name, description: found.description }),
    });
  });
}
