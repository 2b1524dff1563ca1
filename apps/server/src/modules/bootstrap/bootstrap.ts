import { randomBytes } from 'node:crypto';
import { ADMIN_ROLE_NAME, PERMISSION_CATALOGUE } from '@verdict/contract';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { permissions, rolePermissions, roles, userRoles, users } from '../../db/schema.ts';
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
 * this version (granting them to Administrator), so a second start changes nothing.
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
      .returning({ id: permissions.id });

    let [adminRole] = await tx.select().from(roles).where(eq(roles.name, ADMIN_ROLE_NAME));
    if (!adminRole) {
      [adminRole] = await tx
        .insert(roles)
        .values({ name: ADMIN_ROLE_NAME, description: 'Holds every permission' })
        .returning();
      const all = await tx
        .select({ id: permissions.id })
        .from(permissions)
        .where(inArray(permissions.name, Object.keys(PERMISSION_CATALOGUE)));
      await tx
        .insert(rolePermissions)
        .values(all.map((p) => ({ roleId: adminRole!.id, permissionId: p.id })));
    } else if (added.length > 0) {
      await tx
        .insert(rolePermissions)
        .values(added.map((p) => ({ roleId: adminRole!.id, permissionId: p.id })))
        .onConflictDoNothing();
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
    return options.adminPassword
      ? { createdAdmin: true }
      : { createdAdmin: true, generatedPassword: passwordHashIfNeeded.password };
  });
}

async function needsAdmin(db: Db): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(users);
  return n === 0;
}
