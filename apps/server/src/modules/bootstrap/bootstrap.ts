import { randomBytes } from 'node:crypto';
import {
  ADMIN_ROLE_NAME,
  PERMISSION_CATALOGUE,
  PERMISSION_GRANT_RULES,
  type PermissionName,
} from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { ADVISORY_LOCK, takeAdvisoryLock } from '../../db/row-locks.ts';
import {
  auditCreated,
  auditUpdated,
  counted,
  createdChanges,
  quoted,
  recordAudit,
} from '../audit-log/audit-entries.ts';
import { hashPassword } from '../auth/password.ts';
import {
  countUsers,
  findBuiltInRole,
  grantByRules,
  grantEveryPermission,
  insertAdministrator,
  insertBuiltInRole,
  insertCataloguePermissions,
} from './bootstrap-repository.ts';
import { setRestoredAdministratorPassword } from './restored-administrator.ts';

export interface BootstrapOptions {
  adminEmail: string;
  adminName: string;
  adminPassword: string | undefined;
}

export interface BootstrapResult {
  createdAdmin: boolean;
  /** Set only when the admin was created without ADMIN_PASSWORD: shown once, never stored. */
  generatedPassword?: string;
}

/**
 * The permissions whose holders get `name` (PERMISSION_GRANT_RULES). An older permission added at
 * this same start is not held by anyone yet, so its own older permissions stand for it: when
 * cycles and milestones arrive together, home_test_case leads to home_milestone as it leads to
 * home_test_cycle.
 */
function olderPermissionsOf(name: PermissionName, addedNow: ReadonlySet<string>): PermissionName[] {
  const older = new Set<PermissionName>();
  const visit = (permission: PermissionName, depth: number) => {
    for (const o of PERMISSION_GRANT_RULES[permission] ?? []) {
      if (addedNow.has(o) && depth < 5) visit(o, depth + 1);
      else older.add(o);
    }
  };
  visit(name, 0);
  return [...older];
}

/**
 * First start on an empty database: the permission catalogue, the Administrator role and the
 * first admin user (docs/product/README.md, "First start"). Later starts add only catalogue
 * permissions that are new in this version, give each to the roles its grant rule names, and give
 * Administrator any permission it lacks, so a second start changes nothing.
 */
export async function bootstrap(db: Db, options: BootstrapOptions): Promise<BootstrapResult> {
  await setRestoredAdministratorPassword(db, options);
  const passwordHashIfNeeded = await countUsers(db).then(async (n) => {
    if (n > 0) return undefined;
    const password = options.adminPassword ?? randomBytes(12).toString('base64url');
    return { password, hash: await hashPassword(password) };
  });

  return db.transaction(async (tx) => {
    // Serialises concurrent first starts of several instances against one server.
    await takeAdvisoryLock(tx, ADVISORY_LOCK.firstStart);

    const added = await insertCataloguePermissions(tx, PERMISSION_CATALOGUE);
    // The system (no actor) records what it adds, so the audit log starts with the catalogue.
    if (added.length > 0) {
      const names = added.map((p) => p.name);
      await recordAudit(tx, null, {
        action: 'create',
        entity: 'permission',
        entityId: added.length === 1 ? added[0]!.id : null,
        summary:
          added.length === 1
            ? `Added the built-in permission ${quoted(names[0]!)}`
            : `Added ${counted(added.length, 'built-in permission')}`,
        changes: createdChanges({ names }),
      });
      // A new permission follows the older one it grows out of (PERMISSION_GRANT_RULES), so a
      // role that could record runs can execute cycles the day cycles arrive.
      const rules = names.flatMap((name) => {
        const olderPermissions = olderPermissionsOf(name as PermissionName, new Set(names));
        return olderPermissions.length > 0 ? [{ permission: name, olderPermissions }] : [];
      });
      for (const grant of await grantByRules(tx, rules)) {
        await auditUpdated(
          tx,
          null,
          { entity: 'role', id: grant.roleId, name: grant.roleName },
          { permissions: grant.before },
          { permissions: grant.after },
        );
      }
    }

    let adminRole = await findBuiltInRole(tx);
    if (!adminRole) {
      const created = await insertBuiltInRole(tx, {
        name: ADMIN_ROLE_NAME,
        description: 'Holds every permission',
      });
      adminRole = created.role;
      await auditCreated(
        tx,
        null,
        { entity: 'role', id: adminRole.id, name: ADMIN_ROLE_NAME },
        { name: adminRole.name, description: adminRole.description, permissions: created.permissionNames },
      );
    } else {
      // Every permission, new in this version or taken from it by an earlier one, joins it.
      await grantEveryPermission(tx, adminRole.id);
    }

    if ((await countUsers(tx)) > 0 || !passwordHashIfNeeded) return { createdAdmin: false };

    const adminId = await insertAdministrator(tx, {
      username: options.adminName,
      email: options.adminEmail,
      passwordHash: passwordHashIfNeeded.hash,
      roleId: adminRole.id,
    });
    const fields = {
      username: options.adminName,
      email: options.adminEmail,
      status: 'active',
      max_user_limit: null,
      roles: [ADMIN_ROLE_NAME],
    };
    const detail = ` (${options.adminEmail}) on first start`;
    await auditCreated(tx, null, { entity: 'user', id: adminId, name: options.adminName }, fields, detail);
    return options.adminPassword
      ? { createdAdmin: true }
      : { createdAdmin: true, generatedPassword: passwordHashIfNeeded.password };
  });
}
