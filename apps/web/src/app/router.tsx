import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Loading } from '@/components/ui/loading';
import { SignInPage } from '@/features/auth/components/sign-in-page';
import { AdminLayout } from './layouts/admin-layout';
import { MainLayout } from './layouts/main-layout';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';
import { PublicOnly, RequireAuth, RootRoute } from './route-guards';

/**
 * THE route table (SPEC §2). Each screen is its own lazily loaded module; to build a screen,
 * replace the placeholder file a line points at and keep its export name. Paths for links:
 * lib/paths.ts.
 */
function screen<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/** Inside the admin layout: own sidebar, header with 'Back'. */
const adminRoutes: RouteObject[] = [
  {
    path: '/admin-dashboard',
    lazy: screen(
      () => import('@/features/admin/components/admin-dashboard-page'),
      (m) => m.AdminDashboardPage,
    ),
  },
  {
    path: '/admin',
    lazy: screen(
      () => import('@/features/admin/components/users-list-page'),
      (m) => m.UsersListPage,
    ),
  },
  {
    path: '/admin-create-user',
    lazy: screen(
      () => import('@/features/admin/components/user-create-page'),
      (m) => m.UserCreatePage,
    ),
  },
  {
    path: '/admin-edit-user/:id',
    lazy: screen(
      () => import('@/features/admin/components/user-edit-page'),
      (m) => m.UserEditPage,
    ),
  },
  {
    path: '/sub-user-list',
    lazy: screen(
      () => import('@/features/admin/components/sub-users-list-page'),
      (m) => m.SubUsersListPage,
    ),
  },
  {
    path: '/admin-create-subuser',
    lazy: screen(
      () => import('@/features/admin/components/sub-user-create-page'),
      (m) => m.SubUserCreatePage,
    ),
  },
  {
    path: '/admin-edit-subuser/:id',
    lazy: screen(
      () => import('@/features/admin/components/sub-user-edit-page'),
      (m) => m.SubUserEditPage,
    ),
  },
  {
    path: '/admin-permissions',
    lazy: screen(
      () => import('@/features/admin/components/permissions-list-page'),
      (m) => m.PermissionsListPage,
    ),
  },
  {
    path: '/admin-create-permission',
    lazy: screen(
      () => import('@/features/admin/components/permission-create-page'),
      (m) => m.PermissionCreatePage,
    ),
  },
  {
    path: '/admin-edit-permission/:id',
    lazy: screen(
      () => import('@/features/admin/components/permission-edit-page'),
      (m) => m.PermissionEditPage,
    ),
  },
  {
    path: '/admin-roles',
    lazy: screen(
      () => import('@/features/admin/components/roles-list-page'),
      (m) => m.RolesListPage,
    ),
  },
  {
    path: '/admin-create-role',
    lazy: screen(
      () => import('@/features/admin/components/role-create-page'),
      (m) => m.RoleCreatePage,
    ),
  },
  {
    path: '/admin-edit-role/:id',
    lazy: screen(
      () => import('@/features/admin/components/role-edit-page'),
      (m) => m.RoleEditPage,
    ),
  },
  {
    path: '/admin-inspector',
    lazy: screen(
      () => import('@/features/admin-inspector/components/permission-inspector-page'),
      (m) => m.PermissionInspectorPage,
    ),
  },
  {
    path: '/admin-audit-log',
    lazy: screen(
      () => import('@/features/audit-log/components/audit-log-page'),
      (m) => m.AuditLogPage,
    ),
  },
];

/** Inside the main shell layout. */
const mainRoutes: RouteObject[] = [
  {
    path: '/dashboard',
    lazy: screen(
      () => import('@/features/dashboard/components/dashboard-page'),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: '/projects-create',
    lazy: screen(
      () => import('@/features/projects/components/project-create-page'),
      (m) => m.ProjectCreatePage,
    ),
  },
  {
    path: '/projects/:id',
    lazy: screen(
      () => import('@/features/projects/components/project-detail-page'),
      (m) => m.ProjectDetailPage,
    ),
  },
  {
    path: '/edit-project/:id',
    lazy: screen(
      () => import('@/features/projects/components/project-edit-page'),
      (m) => m.ProjectEditPage,
    ),
  },
  {
    path: '/projects/:id/add-user',
    lazy: screen(
      () => import('@/features/projects/components/project-add-user-page'),
      (m) => m.ProjectAddUserPage,
    ),
  },
  {
    path: '/projects/:id/user/:userId',
    lazy: screen(
      () => import('@/features/projects/components/project-change-role-page'),
      (m) => m.ProjectChangeRolePage,
    ),
  },
  {
    path: '/projects/:id/add-suite',
    lazy: screen(
      () => import('@/features/projects/components/project-add-suite-page'),
      (m) => m.ProjectAddSuitePage,
    ),
  },
  {
    path: '/projects/:id/add-case',
    lazy: screen(
      () => import('@/features/projects/components/project-add-case-page'),
      (m) => m.ProjectAddCasePage,
    ),
  },
  {
    path: '/suites/:id',
    lazy: screen(
      () => import('@/features/suites/components/suite-detail-page'),
      (m) => m.SuiteDetailPage,
    ),
  },
  {
    path: '/edit-suite/:id',
    lazy: screen(
      () => import('@/features/suites/components/suite-edit-page'),
      (m) => m.SuiteEditPage,
    ),
  },
  {
    path: '/suites/:id/add-case',
    lazy: screen(
      () => import('@/features/suites/components/suite-add-case-page'),
      (m) => m.SuiteAddCasePage,
    ),
  },
  {
    path: '/cases/:id',
    lazy: screen(
      () => import('@/features/cases/components/case-detail-page'),
      (m) => m.CaseDetailPage,
    ),
  },
  {
    path: '/edit-testcase/:id',
    lazy: screen(
      () => import('@/features/cases/components/case-edit-page'),
      (m) => m.CaseEditPage,
    ),
  },
  {
    path: '/testcases/:id/add-child',
    lazy: screen(
      () => import('@/features/cases/components/case-add-child-page'),
      (m) => m.CaseAddChildPage,
    ),
  },
  {
    path: '/testcases/:id/add-testrun',
    lazy: screen(
      () => import('@/features/cases/components/run-create-page'),
      (m) => m.RunCreatePage,
    ),
  },
  {
    path: '/edit-testrun/:id',
    lazy: screen(
      () => import('@/features/cases/components/run-edit-page'),
      (m) => m.RunEditPage,
    ),
  },
  {
    path: '/api-tokens',
    lazy: screen(
      () => import('@/features/api-tokens/components/api-tokens-page'),
      (m) => m.ApiTokensPage,
    ),
  },
  { path: '*', Component: NotFoundPage },
];

export const routes: RouteObject[] = [
  {
    Component: RootRoute,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Loading fullPage />,
    children: [
      {
        path: '/',
        element: (
          <PublicOnly>
            <SignInPage />
          </PublicOnly>
        ),
      },
      {
        element: (
          <RequireAuth>
            <AdminLayout />
          </RequireAuth>
        ),
        // A failing screen shows its error inside the frame, so the sidebar stays usable.
        children: [{ errorElement: <RouteError />, children: adminRoutes }],
      },
      {
        element: (
          <RequireAuth>
            <MainLayout />
          </RequireAuth>
        ),
        children: [{ errorElement: <RouteError />, children: mainRoutes }],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
