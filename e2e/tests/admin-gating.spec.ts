import type { Page } from '@playwright/test';
import type { PermissionName } from '@verdict/contract';
import {
  type Api,
  createPermission,
  createRole,
  expect,
  type HttpMethod,
  PASSWORD,
  signIn,
  signInAt,
  type TestUser,
  test,
  unique,
  uniquePermissionName,
} from '../fixtures';
import { bodyRows, errorBox, rowWith } from '../page-helpers';

type Control = 'add' | 'edit' | 'delete';
type ListKey = 'users' | 'subUsers' | 'permissions' | 'roles';

/** The permission that gates each control of each admin list (docs/product/admin-screens.md). */
const GATES: Record<ListKey, Record<Control, PermissionName>> = {
  users: { add: 'add_admin_home', edit: 'edit_admin_home', delete: 'delete_admin_home' },
  subUsers: { add: 'manage_sub_users_add', edit: 'manage_sub_users_edit', delete: 'manage_sub_users_delete' },
  permissions: {
    add: 'manage_permissions_add',
    edit: 'manage_permissions_edit',
    delete: 'manage_permissions_delete',
  },
  roles: { add: 'manage_roles_add', edit: 'manage_roles_edit', delete: 'manage_roles_delete' },
};

const LISTS: Record<ListKey, { path: string; search: string; add: string }> = {
  users: { path: '/admin', search: 'Search users...', add: 'Add User' },
  subUsers: { path: '/sub-user-list', search: 'Search sub-users...', add: 'Add Sub-User' },
  permissions: { path: '/admin-permissions', search: 'Search permissions...', add: 'Add Permission' },
  roles: { path: '/admin-roles', search: '', add: 'Add Role' },
};

const HOMES: PermissionName[] = [
  'manage_admin_panel',
  'view_admin_home',
  'manage_sub_users_home',
  'manage_permissions_home',
  'manage_roles_home',
];

/**
 * Four users, each holding every *_home permission plus one control per list, rotated so that
 * every list meets every control (and no control) once, and no two lists agree for one user.
 */
const ROTATION: Array<Partial<Record<ListKey, Control>>> = [
  { users: 'add', subUsers: 'edit', permissions: 'delete' },
  { users: 'edit', subUsers: 'delete', roles: 'add' },
  { users: 'delete', permissions: 'add', roles: 'edit' },
  { subUsers: 'add', permissions: 'edit', roles: 'delete' },
];

interface Targets {
  user: TestUser;
  subUser: TestUser;
  permission: { id: number; name: string };
  role: { id: number; name: string };
}

/** What each list's row under test is called, and how to call the gated endpoints directly. */
function rowName(list: ListKey, targets: Targets): string {
  if (list === 'users') return targets.user.username;
  if (list === 'subUsers') return targets.subUser.username;
  if (list === 'permissions') return targets.permission.name;
  return targets.role.name;
}

async function callGated(api: Api, list: ListKey, control: Control, targets: Targets): Promise<number> {
  const name = unique('refused');
  const perm = uniquePermissionName('refused');
  const calls: Record<ListKey, Record<Control, [HttpMethod, string, unknown?]>> = {
    users: {
      add: [
        'POST',
        '/api/users/create',
        { username: name, email: `${name}@example.com`, password: PASSWORD },
      ],
      edit: [
        'PUT',
        `/api/users/edit/${targets.user.id}`,
        { username: targets.user.username, email: targets.user.email },
      ],
      delete: ['DELETE', `/api/users/delete/${targets.user.id}`],
    },
    subUsers: {
      add: [
        'POST',
        '/api/users/create-subuser',
        { username: name, email: `${name}@example.com`, password: PASSWORD },
      ],
      edit: [
        'PUT',
        `/api/users/update-subuser/${targets.subUser.id}`,
        { username: targets.subUser.username, email: targets.subUser.email },
      ],
      delete: ['DELETE', `/api/users/delete/${targets.subUser.id}`],
    },
    permissions: {
      add: ['POST', '/api/permissions/create', { name: perm, description: 'refused' }],
      edit: [
        'PUT',
        `/api/permissions/update/${targets.permission.id}`,
        { name: perm, description: 'refused' },
      ],
      delete: ['DELETE', `/api/permissions/delete/${targets.permission.id}`],
    },
    roles: {
      add: ['POST', '/api/roles/create', { name, description: 'refused', permissionIds: [] }],
      edit: [
        'PUT',
        `/api/roles/update/${targets.role.id}`,
        { name, description: 'refused', permissionIds: [] },
      ],
      delete: ['DELETE', `/api/roles/delete/${targets.role.id}`],
    },
  };
  const [method, url, data] = calls[list][control];
  return api.status(method, url, data);
}

async function expectControls(page: Page, list: ListKey, shown: Control | undefined, targets: Targets) {
  const config = LISTS[list];
  await page.goto(config.path);
  const search = config.search ? page.getByPlaceholder(config.search) : page.getByRole('searchbox');
  await search.fill(rowName(list, targets));
  const row = rowWith(page, rowName(list, targets));
  await expect(row).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(page.getByRole('link', { name: config.add, exact: true })).toHaveCount(
    shown === 'add' ? 1 : 0,
  );
  await expect(row.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(shown === 'edit' ? 1 : 0);
  await expect(row.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(
    shown === 'delete' ? 1 : 0,
  );
}

test.describe('admin controls are gated by their permissions', () => {
  let targets: Targets;

  test.beforeEach(async ({ adminApi, createUser, createSubUser }) => {
    targets = {
      user: await createUser(),
      subUser: await createSubUser(),
      permission: await createPermission(adminApi),
      role: await createRole(adminApi),
    };
  });

  for (const [index, grants] of ROTATION.entries()) {
    const label = Object.entries(grants)
      .map(([list, control]) => `${list}:${control}`)
      .join(', ');
    test(`user ${index + 1} (${label}) sees only those controls, and the server refuses the rest`, async ({
      page,
      adminApi,
      createSubUser,
    }) => {
      const granted = Object.entries(grants).map(
        ([list, control]) => GATES[list as ListKey][control as Control],
      );
      const role = await createRole(adminApi, [...HOMES, ...granted]);
      // A sub-user of the admin's account, so the sub-user list has the admin's sub-users to show.
      const holder = await createSubUser({ roleIds: [role.id] });
      await signIn(page, holder);

      for (const list of Object.keys(LISTS) as ListKey[]) {
        await expectControls(page, list, grants[list], targets);
      }

      const asHolder = await holder.api();
      for (const list of Object.keys(LISTS) as ListKey[]) {
        for (const control of ['add', 'edit', 'delete'] as Control[]) {
          if (grants[list] === control) continue;
          // delete_admin_home deletes anyone, sub-users included
          // (docs/product/users-and-sub-users.md), so skip that pair.
          if (list === 'subUsers' && control === 'delete' && grants.users === 'delete') continue;
          expect(await callGated(asHolder, list, control, targets), `${list} ${control}`).toBe(403);
        }
      }
    });
  }

  test('the admin sidebar shows only the links whose *_home permission the user holds', async ({
    page,
    adminApi,
    createUser,
  }) => {
    const role = await createRole(adminApi, ['manage_admin_panel', 'view_admin_home', 'manage_roles_home']);
    const holder = await createUser({ roleIds: [role.id] });
    await signInAt(page, '/admin-dashboard', holder);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link')).toHaveText([
      'Dashboard',
      'User Management',
      'Role Management',
      'Permission Inspector',
    ]);

    const other = await createRole(adminApi, [
      'manage_admin_panel',
      'manage_sub_users_home',
      'manage_permissions_home',
    ]);
    const second = await createUser({ roleIds: [other.id] });
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await signInAt(page, '/admin-dashboard', second);
    await expect(nav.getByRole('link')).toHaveText([
      'Dashboard',
      'Sub-User Management',
      'Permission Management',
    ]);
  });

  test('a user without the *_home permissions gets the list error texts from the server refusal', async ({
    page,
    adminApi,
    createUser,
  }) => {
    const role = await createRole(adminApi, ['manage_admin_panel']);
    const holder = await createUser({ roleIds: [role.id] });
    await signInAt(page, '/admin-dashboard', holder);
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link')).toHaveText(['Dashboard']);

    await page.goto('/admin');
    await expect(errorBox(page, '⚠️ Failed to fetch users')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add User' })).toHaveCount(0);
    await page.goto('/sub-user-list');
    await expect(errorBox(page, '⚠️ Failed to fetch users')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Sub-User' })).toHaveCount(0);
    await page.goto('/admin-permissions');
    await expect(errorBox(page, '⚠️ Failed to fetch permissions')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Permission' })).toHaveCount(0);
    // Role names are readable by everyone (role pickers need them), but no control shows.
    await page.goto('/admin-roles');
    await expect(page.getByRole('searchbox')).toBeVisible();
    await expect(bodyRows(page).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Role' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  });
});
