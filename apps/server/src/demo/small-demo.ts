import { ADMIN_ROLE_NAME, type CaseContent, type PermissionName } from '@verdict/contract';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { recordFirstVersion } from '../modules/case-versions/version-record.ts';
import { testCases } from '../modules/cases/cases-schema.ts';
import { permissions } from '../modules/permissions/permissions-schema.ts';
import { projectMembers, projects } from '../modules/projects/projects-schema.ts';
import { rolePermissions, roles } from '../modules/roles/roles-schema.ts';
import { testRuns } from '../modules/runs/runs-schema.ts';
import { suites } from '../modules/suites/suites-schema.ts';
import { userRoles, users } from '../modules/users/users-schema.ts';

export const DEMO_PASSWORD = 'verdict-demo-1';

const ROLES: { name: string; description: string; permissions: PermissionName[] }[] = [
  {
    name: 'Project Manager',
    description: 'Runs a project: members, suites, cases, runs, and plans and executes test cycles',
    permissions: [
      'home_project',
      'home_test_suit',
      'home_test_case',
      'home_test_run',
      'edit_project',
      'add_user_in_project',
      'users_in_project',
      'change_user_role_in_project',
      'remove_user_from_project',
      'add_test_suit_in_project',
      'add_test_case_in_project',
      'edit_test_suit',
      'delete_test_suit',
      'add_test_case_in_test_suit',
      'edit_test_case',
      'delete_test_case',
      'add_test_case_in_test_case',
      'add_test_run_in_test_case',
      'edit_test_run',
      'delete_test_run',
      'home_test_cycle',
      'add_test_cycle',
      'edit_test_cycle',
      'delete_test_cycle',
      'execute_test_cycle',
      'home_milestone',
      'add_milestone',
      'edit_milestone',
      'delete_milestone',
      'home_requirement',
      'comment',
      'add_requirement',
      'edit_requirement',
      'delete_requirement',
      'import_results',
      'export_project',
      'manage_case_fields',
      'quarantine_test_case',
    ],
  },
  {
    name: 'Tester',
    description: 'Writes cases, records runs and executes the test cycles assigned to them',
    permissions: [
      'home_project',
      'home_test_suit',
      'home_test_case',
      'home_test_run',
      'add_test_case_in_test_suit',
      'add_test_case_in_test_case',
      'edit_test_case',
      'add_test_run_in_test_case',
      'edit_test_run',
      'home_test_cycle',
      'home_milestone',
      'home_requirement',
      'comment',
      'edit_requirement',
      'execute_test_cycle',
      'import_results',
    ],
  },
  {
    name: 'Viewer',
    description: 'Reads projects, results and test cycles, and discusses them in comments',
    permissions: [
      'home_project',
      'home_test_suit',
      'home_test_case',
      'home_test_run',
      'users_in_project',
      'home_test_cycle',
      'home_milestone',
      'home_requirement',
      'comment',
    ],
  },
  {
    name: 'Team Lead',
    description: 'Creates projects and manages their sub-users',
    // Everything a Tester holds too: managing a sub-user needs every permission they hold.
    permissions: [
      'add_project',
      'home_project',
      'home_test_suit',
      'home_test_case',
      'home_test_run',
      'add_test_case_in_test_suit',
      'add_test_case_in_test_case',
      'edit_test_case',
      'add_test_run_in_test_case',
      'edit_test_run',
      'home_test_cycle',
      'home_milestone',
      'home_requirement',
      'comment',
      'edit_requirement',
      'execute_test_cycle',
      'import_results',
      'manage_admin_panel',
      'manage_sub_users_home',
      'manage_sub_users_add',
      'manage_sub_users_edit',
      'manage_sub_users_delete',
    ],
  },
];

const PROJECTS = [
  {
    name: 'Checkout Web',
    description: 'The web shop checkout: cart, address, payment and confirmation',
    suites: {
      Cart: ['Add an item', 'Remove an item', 'Change a quantity', 'Apply a coupon'],
      Payment: ['Pay by card', 'Pay by invoice', 'Declined card shows a message'],
      Confirmation: ['Order email is sent', 'Order appears in history'],
    },
  },
  {
    name: 'Mobile App',
    description: 'iOS and Android app releases',
    suites: {
      'Sign-in': ['Sign in with email', 'Sign in with a passkey', 'Forgotten password'],
      Offline: ['Queue actions offline', 'Sync after reconnect'],
    },
  },
  {
    name: 'Payments API',
    description: 'Public REST API for payments',
    suites: { Refunds: ['Full refund', 'Partial refund', 'Refund after 90 days is refused'] },
  },
];

/** Fills an empty database with a small, realistic demo. Answers false when data already exists. */
export async function seedSmallDemo(db: Db, log: (line: string) => void): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(projects);
  if (n > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    const catalogue = await tx.select().from(permissions);
    const permissionId = new Map(catalogue.map((p) => [p.name, p.id]));
    const roleIds = new Map<string, number>();
    const [adminRole] = await tx.select().from(roles).where(eq(roles.builtIn, true));
    if (adminRole) roleIds.set(ADMIN_ROLE_NAME, adminRole.id);
    for (const role of ROLES) {
      const existing = await tx.select().from(roles).where(eq(roles.name, role.name));
      const [row] = existing.length
        ? existing
        : await tx.insert(roles).values({ name: role.name, description: role.description }).returning();
      roleIds.set(role.name, row!.id);
      if (existing.length) continue;
      await tx
        .insert(rolePermissions)
        .values(role.permissions.map((p) => ({ roleId: row!.id, permissionId: permissionId.get(p)! })));
    }

    const makeUser = async (
      username: string,
      role: string,
      extra: Partial<typeof users.$inferInsert> = {},
    ) => {
      const [user] = await tx
        .insert(users)
        .values({ username, email: `${username.replace(/\W/g, '.')}@example.com`, passwordHash, ...extra })
        .returning();
      await tx.insert(userRoles).values({ userId: user!.id, roleId: roleIds.get(role)! });
      return user!;
    };
    const demoAdmin = await makeUser('demo.admin', ADMIN_ROLE_NAME);
    // Each case's version 1, written by the demo's administrator, who also creates its projects:
    // the history names a person, as for a case created through the API (decision record 175).
    const firstVersions = async (rows: (typeof testCases.$inferSelect)[]) => {
      for (const row of rows) {
        const content: CaseContent = {
          name: row.name,
          description: row.description,
          preconditions: row.preconditions,
          priority: row.priority as CaseContent['priority'],
          tags: row.tags,
          steps: row.steps as CaseContent['steps'],
          custom_fields: row.customFields as CaseContent['custom_fields'],
          parameters: row.parameters as CaseContent['parameters'],
        };
        await recordFirstVersion(tx, row.id, demoAdmin.id, content);
      }
    };
    const lead = await makeUser('lena.lead', 'Team Lead', { maxUserLimit: 5 });
    const alice = await makeUser('alice', 'Tester', { parentId: lead.id, accountId: lead.id });
    const bob = await makeUser('bob', 'Tester', { parentId: lead.id, accountId: lead.id });
    const paul = await makeUser('paul.pm', 'Viewer');
    await makeUser('ivy.inactive', 'Viewer', { status: 'inactive' });

    let runSeed = 7;
    const nextStatus = () => {
      runSeed = (runSeed * 48271) % 2147483647;
      return runSeed % 5 === 0 ? 'failed' : 'passed';
    };
    for (const spec of PROJECTS) {
      const [project] = await tx
        .insert(projects)
        .values({ name: spec.name, description: spec.description, createdBy: demoAdmin.id })
        .returning();
      await tx.insert(projectMembers).values([
        { projectId: project!.id, userId: paul.id, roleId: roleIds.get('Project Manager')! },
        { projectId: project!.id, userId: alice.id, roleId: roleIds.get('Tester')! },
        { projectId: project!.id, userId: lead.id, roleId: roleIds.get('Project Manager')! },
      ]);
      if (spec.name === 'Checkout Web') {
        await tx
          .insert(projectMembers)
          .values({ projectId: project!.id, userId: bob.id, roleId: roleIds.get('Viewer')! });
      }
      for (const [suiteName, caseNames] of Object.entries(spec.suites)) {
        const [suite] = await tx
          .insert(suites)
          .values({ projectId: project!.id, name: suiteName, description: `${suiteName} tests` })
          .returning();
        for (const caseName of caseNames) {
          const [parent] = await tx
            .insert(testCases)
            .values({
              projectId: project!.id,
              suiteId: suite!.id,
              name: caseName,
              description: `Check: ${caseName.toLowerCase()}`,
            })
            .returning();
          await firstVersions([parent!]);
          if (caseName === caseNames[0]) {
            const children = await tx
              .insert(testCases)
              .values(
                ['on desktop', 'on a phone'].map((variant) => ({
                  projectId: project!.id,
                  suiteId: suite!.id,
                  parentId: parent!.id,
                  name: `${caseName} ${variant}`,
                  description: '',
                })),
              )
              .returning();
            await firstVersions(children);
            for (const child of children) {
              await tx.insert(testRuns).values({
                caseId: child.id,
                projectId: project!.id,
                status: nextStatus(),
                executedBy: alice.id,
              });
            }
          }
          await tx.insert(testRuns).values(
            [alice.id, bob.id, paul.id].map((executedBy) => ({
              caseId: parent!.id,
              projectId: project!.id,
              status: nextStatus(),
              executedBy,
            })),
          );
        }
      }
      await firstVersions(
        await tx
          .insert(testCases)
          .values({
            projectId: project!.id,
            name: 'Smoke test',
            description: 'Quick check after each deploy',
          })
          .returning(),
      );
      if (spec.name === 'Checkout Web') {
        // A parameterized case (docs/product/parameters.md): a cycle runs it once per card.
        await firstVersions(
          await tx
            .insert(testCases)
            .values({
              projectId: project!.id,
              name: 'Pay by card',
              description: 'One payment per card type',
              preconditions: 'A cart with one item, shipping to {{country}}',
              steps: [
                { action: 'Choose **{{card}}** at checkout', expected: 'The {{card}} form shows' },
                { action: 'Enter the test number {{number}}', expected: 'The payment is accepted' },
              ],
              parameters: {
                columns: ['card', 'number', 'country'],
                rows: [
                  ['Visa', '4111 1111 1111 1111', 'Germany'],
                  ['Mastercard', '5555 5555 5555 4444', 'France'],
                  ['American Express', '3782 822463 10005', 'United States'],
                ],
              },
            })
            .returning(),
        );
      }
    }
  });

  log('Demo data created: 3 projects with members, suites, nested cases and runs; 6 users; 4 roles.');
  log(`Sign in with any demo user, password "${DEMO_PASSWORD}":`);
  log('  demo.admin@example.com  (Administrator: everything)');
  log('  lena.lead@example.com   (Team Lead: creates projects, manages sub-users alice and bob)');
  log('  alice@example.com       (Tester, sub-user of lena.lead)');
  log('  paul.pm@example.com     (Project Manager in every project)');
  return true;
}
