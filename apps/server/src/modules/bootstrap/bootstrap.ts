import { randomBytes } from 'node:crypto';
import { ADMIN_ROLE_NAME, PERMISSION_CATALOGUE } from '@verdict/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { permissions, rolePermissions, roles, userRoles, users } from '../../db/schema.ts';
import { counted, createdChanges, quoted, recordAudit } from '../audit/audit-log.ts';
import { hashPassword } from '../auth/password.ts';

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
 * First start on an empty database: the permission catalogue, the Administrator role and the
 * first admin user (DESIGN §1). Later starts add only catalogue permissions that are new in
 * this version and give Administrator any permission it lacks, so a second start changes nothing.
 */
export async function bootstrap(db: Db, options: BootstrapOptions): Promise<BootstrapResult> {
  const passwordHashIfNeeded = await needsAdmin(db).then(async (needed) => {
    if (!needed) return undefined;
    const password = options.adminPassword ?? randomBytes(12).toString('base64url');
    return { password, hash: await hashPassword(password) };
  });

  return db.transaction(async (tx) => {
    // Serialises concurrent first starts of several instances against one server.
    await tx.execute(sql`select pg_advisory_xact_lock(7261002)`);

    const added = await tx
      .insert(permissions)
      .values(
        Object.entries(PERMISSION_CATALOGUE).map(([name, description]) => ({
          name,
          description,
          builtIn: true,
        })),
      )
      .onConflictDoNothing({ target: permissions.name })
      .returning({ id: permissions.id, name: permissions.name });
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
    }

    // The Administrator role is the built-in one, found by its flag (never by its name).
    let [adminRole] = await tx.select().from(roles).where(eq(roles.builtIn, true));
    if (!adminRole) {
      [adminRole] = await tx
        .insert(roles)
        .values({ name: ADMIN_ROLE_NAME, description: 'Holds every permission', builtIn: true })
        .returning();
      const all = await tx
        .select({ id: permissions.id, name: permissions.name })
        .from(permissions)
        .orderBy(permissions.id);
      await tx
        .insert(rolePermissions)
        .values(all.map((p) => ({ roleId: adminRole!.id, permissionId: p.id })));
      await recordAudit(tx, null, {
        action: 'create',
        entity: 'role',
        entityId: adminRole!.id,
        summary: `Created role ${quoted(ADMIN_ROLE_NAME)}`,
        changes: createdChanges({
          name: adminRole!.name,
          description: adminRole!.description,
          permissions: all.map((p) => p.name),
        }),
      });
    } else {
      // Every permission, new in this version or taken from it by an earlier one, joins it.
      await grantEveryPermission(tx, adminRole.id);
    }
    if (!adminRole) throw new Error('Administrator role could not be created');

    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(users);
    if (n > 0 || !passwordHashIfNeeded) return { createdAdmin: false };

    const [admin] = await tx
      .insert(users)
      .values({
        username: options.adminName,
        email: options.adminEmail,
        passwordHash: passwordHashIfNeeded.hash,
        status: 'active',
      })
      .returning({ id: users.id });
    if (!admin) throw new Error('Admin user could not be created');
    await tx.insert(userRoles).values({ userId: admin.id, roleId: adminRole.id });
    await recordAudit(tx, null, {
      action: 'create',
      entity: 'user',
      entityId: admin.id,
      summary: `Created user ${quoted(options.adminName)} (${options.adminEmail}) on first start`,
      changes: createdChanges({
        username: options.adminName,
        email: options.adminEmail,
        status: 'active',
        max_user_limit: null,
        roles: [ADMIN_ROLE_NAME],
      }),
    });
    return options.adminPassword
      ? { createdAdmin: true }
      : { createdAdmin: true, generatedPassword: passwordHashIfNeeded.password };
  });
}

async function grantEveryPermission(tx: Tx, roleId: number): Promise<void> {
  await tx.execute(sql`
    insert into role_permissions (role_id, permission_id)
    select ${roleId}, p.id from permissions p
    where not exists (select 1 from role_permissions rp where rp.role_id = ${roleId} and rp.permission_id = p.id)
    on conflict do nothing`);
}

async function needsAdmin(db: Db): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(users);
  return n === 0;
}
