import { type ComponentType, lazy, type ReactElement } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { sharedStepsPaths } from '@/entities/shared-steps/shared-steps-paths';
import { paths } from '@/lib/paths';
import { AdminLayout } from './layouts/admin-layout';
import { MainLayout } from './layouts/main-layout';
import { NotFoundPage } from './not-found-page';
import { RequirePermission, type ScreenAccess } from './require-permission';
import { ScreenErrorBoundary } from './route-error';
import { PublicOnly, RequireAuth, RootRoute } from './route-guards';
import { countedLoad } from './screen-loading';
import { loadScreen } from './stale-chunk';

/**
 * THE route table (docs/product/README.md, "Routes"). Each screen is its own lazily loaded
 * module; to build a screen,
 * replace the placeholder file a line points at and keep its export name. The paths themselves
 * are spelled once, in lib/paths.ts, for this table and for every link. Screens that combine
 * features (a project with its export and import buttons) are composed in ./routes.
 * A missing chunk (a new release under an open tab) reloads the app once (./route-error.tsx); an
 * admin screen with an `access` entry shows its access message to users without that permission
 * (docs/product/errors-and-keyboard.md, "No access").
 *
 * The table is drawn by `useRoutes` under a `BrowserRouter` (app-entry.tsx): a navigation keeps
 * the screen on view until the next one's code has loaded (a transition), while RootRoute shows a
 * thin progress bar. Plain route objects, so the tests' memory routers draw the same table.
 */
function lazyScreen<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return lazy(async () => ({ default: pick(await countedLoad(() => loadScreen(load))) }));
}

function screen<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
  access?: ScreenAccess,
): ReactElement {
  const Screen = lazyScreen(load, pick);
  if (!access) return <Screen />;
  return (
    <RequirePermission {...access}>
      <Screen />
    </RequirePermission>
  );
}

/** Inside the admin layout: own sidebar, header with 'Back'. */
const adminRoutes: RouteObject[] = [
  {
    path: paths.adminDashboard,
    element: screen(
      () => import('@/features/admin/components/admin-dashboard-page'),
      (m) => m.AdminDashboardPage,
      { permission: 'manage_admin_panel', title: 'Admin Dashboard' },
    ),
  },
  {
    path: paths.users,
    element: screen(
      () => import('@/features/admin/components/users-list-page'),
      (m) => m.UsersListPage,
    ),
  },
  {
    path: paths.userCreate,
    element: screen(
      () => import('@/features/admin/components/user-create-page'),
      (m) => m.UserCreatePage,
      { permission: 'add_admin_home', title: 'Create User' },
    ),
  },
  {
    path: paths.userEdit.pattern,
    element: screen(
      () => import('@/features/admin/components/user-edit-page'),
      (m) => m.UserEditPage,
      { permission: 'edit_admin_home', title: 'Edit User' },
    ),
  },
  {
    path: paths.subUsers,
    element: screen(
      () => import('@/features/admin/components/sub-users-list-page'),
      (m) => m.SubUsersListPage,
    ),
  },
  {
    path: paths.subUserCreate,
    element: screen(
      () => import('@/features/admin/components/sub-user-create-page'),
      (m) => m.SubUserCreatePage,
      { permission: 'manage_sub_users_add', title: 'Create Sub-User' },
    ),
  },
  {
    path: paths.subUserEdit.pattern,
    element: screen(
      () => import('@/features/admin/components/sub-user-edit-page'),
      (m) => m.SubUserEditPage,
      { permission: 'manage_sub_users_edit', title: 'Edit Sub-User' },
    ),
  },
  {
    path: paths.permissions,
    element: screen(
      () => import('@/features/admin/components/permissions-list-page'),
      (m) => m.PermissionsListPage,
    ),
  },
  {
    path: paths.permissionCreate,
    element: screen(
      () => import('@/features/admin/components/permission-create-page'),
      (m) => m.PermissionCreatePage,
      { permission: 'manage_permissions_add', title: 'Create Permission' },
    ),
  },
  {
    path: paths.permissionEdit.pattern,
    element: screen(
      () => import('@/features/admin/components/permission-edit-page'),
      (m) => m.PermissionEditPage,
      { permission: 'manage_permissions_edit', title: 'Edit Permission' },
    ),
  },
  {
    path: paths.roles,
    element: screen(
      () => import('@/features/admin/components/roles-list-page'),
      (m) => m.RolesListPage,
    ),
  },
  {
    path: paths.roleCreate,
    element: screen(
      () => import('@/features/admin/components/role-create-page'),
      (m) => m.RoleCreatePage,
      { permission: 'manage_roles_add', title: 'Create Role' },
    ),
  },
  {
    path: paths.roleEdit.pattern,
    element: screen(
      () => import('@/features/admin/components/role-edit-page'),
      (m) => m.RoleEditPage,
      { permission: 'manage_roles_edit', title: 'Edit Role' },
    ),
  },
  {
    path: paths.adminInspector,
    element: screen(
      () => import('@/features/permission-inspector/components/permission-inspector-page'),
      (m) => m.PermissionInspectorPage,
    ),
  },
  {
    path: paths.auditLog,
    element: screen(
      () => import('@/features/audit-log/components/audit-log-page'),
      (m) => m.AuditLogPage,
    ),
  },
];

/** Inside the main shell layout. */
const mainRoutes: RouteObject[] = [
  {
    path: paths.dashboard,
    element: screen(
      () => import('@/features/dashboard/components/dashboard-page'),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: paths.projectCreate,
    element: screen(
      () => import('@/features/projects/components/project-create-page'),
      (m) => m.ProjectCreatePage,
    ),
  },
  {
    path: paths.projectDetail.pattern,
    element: screen(
      () => import('./routes/project-detail-page'),
      (m) => m.ProjectDetailRoute,
    ),
  },
  {
    path: paths.projectEdit.pattern,
    element: screen(
      () => import('@/features/projects/components/project-edit-page'),
      (m) => m.ProjectEditPage,
    ),
  },
  {
    path: paths.projectAddUser.pattern,
    element: screen(
      () => import('@/features/projects/components/project-add-user-page'),
      (m) => m.ProjectAddUserPage,
    ),
  },
  {
    path: paths.projectChangeRole.pattern,
    element: screen(
      () => import('@/features/projects/components/project-change-role-page'),
      (m) => m.ProjectChangeRolePage,
    ),
  },
  {
    path: paths.projectAddSuite.pattern,
    element: screen(
      () => import('@/features/projects/components/project-add-suite-page'),
      (m) => m.ProjectAddSuitePage,
    ),
  },
  {
    path: paths.projectAddCase.pattern,
    element: screen(
      () => import('@/features/cases/components/project-add-case-page'),
      (m) => m.ProjectAddCasePage,
    ),
  },
  {
    path: paths.suiteDetail.pattern,
    element: screen(
      () => import('./routes/suite-detail-page'),
      (m) => m.SuiteDetailRoute,
    ),
  },
  {
    path: paths.suiteEdit.pattern,
    element: screen(
      () => import('@/features/suites/components/suite-edit-page'),
      (m) => m.SuiteEditPage,
    ),
  },
  {
    path: paths.suiteAddCase.pattern,
    element: screen(
      () => import('./routes/suite-add-case-page'),
      (m) => m.SuiteAddCasePage,
    ),
  },
  {
    path: paths.caseDetail.pattern,
    element: screen(
      () => import('./routes/case-detail-page'),
      (m) => m.CaseDetailRoute,
    ),
  },
  {
    path: paths.caseEdit.pattern,
    element: screen(
      () => import('@/features/cases/components/case-edit-page'),
      (m) => m.CaseEditPage,
    ),
  },
  {
    path: paths.caseAddChild.pattern,
    element: screen(
      () => import('@/features/cases/components/case-add-child-page'),
      (m) => m.CaseAddChildPage,
    ),
  },
  {
    path: paths.runCreate.pattern,
    element: screen(
      () => import('@/features/cases/components/run-create-page'),
      (m) => m.RunCreatePage,
    ),
  },
  {
    path: paths.runEdit.pattern,
    element: screen(
      () => import('@/features/cases/components/run-edit-page'),
      (m) => m.RunEditPage,
    ),
  },
  {
    path: paths.apiTokens,
    element: screen(
      () => import('./routes/api-tokens-page'),
      (m) => m.ApiTokensPage,
    ),
  },
  {
    path: paths.flakyTests.pattern,
    element: screen(
      () => import('@/features/flaky-tests/components/flaky-tests-page'),
      (m) => m.FlakyTestsPage,
    ),
  },
  {
    path: paths.reports.pattern,
    element: screen(
      () => import('@/features/reports/components/reports-page'),
      (m) => m.ReportsPage,
    ),
  },
  {
    path: paths.cycleCompare.pattern,
    element: screen(
      () => import('@/features/reports/components/cycle-compare-page'),
      (m) => m.CycleComparePage,
    ),
  },
  {
    path: paths.caseFields.pattern,
    element: screen(
      () => import('@/features/case-fields/components/case-fields-page'),
      (m) => m.CaseFieldsPage,
    ),
  },
  {
    path: paths.tracker.pattern,
    element: screen(
      () => import('@/features/defects/components/tracker-page'),
      (m) => m.TrackerPage,
    ),
  },
  {
    path: paths.webhooks.pattern,
    element: screen(
      () => import('@/features/webhooks/components/webhooks-page'),
      (m) => m.WebhooksPage,
    ),
  },
  {
    path: paths.milestones.pattern,
    element: screen(
      () => import('@/features/milestones/components/milestones-page'),
      (m) => m.MilestonesPage,
    ),
  },
  {
    path: paths.milestoneDetail.pattern,
    element: screen(
      () => import('./routes/milestone-page'),
      (m) => m.MilestoneRoute,
    ),
  },
  {
    path: paths.milestoneSignOff.pattern,
    element: screen(
      () => import('@/features/milestones/components/sign-off-page'),
      (m) => m.SignOffPage,
    ),
  },
  {
    path: paths.configurations.pattern,
    element: screen(
      () => import('@/features/configurations/components/configurations-page'),
      (m) => m.ConfigurationsPage,
    ),
  },
  {
    path: paths.plans.pattern,
    element: screen(
      () => import('@/features/plans/components/plans-page'),
      (m) => m.PlansPage,
    ),
  },
  {
    path: paths.planCreate.pattern,
    element: screen(
      () => import('@/features/plans/components/plan-create-page'),
      (m) => m.PlanCreatePage,
    ),
  },
  {
    path: paths.planDetail.pattern,
    element: screen(
      () => import('@/features/plans/components/plan-page'),
      (m) => m.PlanPage,
    ),
  },
  {
    path: paths.requirements.pattern,
    element: screen(
      () => import('@/features/requirements/components/requirements-page'),
      (m) => m.RequirementsPage,
    ),
  },
  {
    path: paths.requirementDetail.pattern,
    element: screen(
      () => import('@/features/requirements/components/requirement-page'),
      (m) => m.RequirementPage,
    ),
  },
  {
    path: paths.requirementImport.pattern,
    element: screen(
      () => import('@/features/requirements/components/requirement-import-page'),
      (m) => m.RequirementImportPage,
    ),
  },
  {
    path: paths.traceability.pattern,
    element: screen(
      () => import('@/features/requirements/components/traceability-page'),
      (m) => m.TraceabilityPage,
    ),
  },
  {
    path: sharedStepsPaths.list.pattern,
    element: screen(
      () => import('@/features/shared-steps/components/shared-steps-page'),
      (m) => m.SharedStepsPage,
    ),
  },
  {
    path: sharedStepsPaths.detail.pattern,
    element: screen(
      () => import('@/features/shared-steps/components/shared-steps-detail-page'),
      (m) => m.SharedStepsDetailPage,
    ),
  },
  {
    path: paths.caseSearch.pattern,
    element: screen(
      () => import('./routes/case-search-page'),
      (m) => m.CaseSearchRoute,
    ),
  },
  {
    path: paths.caseImport.pattern,
    element: screen(
      () => import('@/features/case-import/components/case-import-page'),
      (m) => m.CaseImportPage,
    ),
  },
  {
    path: paths.cycleCreate.pattern,
    element: screen(
      () => import('@/features/cycles/components/cycle-create-page'),
      (m) => m.CycleCreatePage,
    ),
  },
  {
    path: paths.cycleDetail.pattern,
    element: screen(
      () => import('./routes/cycle-detail-page'),
      (m) => m.CycleDetailRoute,
    ),
  },
  {
    path: paths.cycleEdit.pattern,
    element: screen(
      () => import('@/features/cycles/components/cycle-edit-page'),
      (m) => m.CycleEditPage,
    ),
  },
  {
    path: paths.cycleItem.pattern,
    element: screen(
      () => import('./routes/execution-page'),
      (m) => m.ExecutionRoute,
    ),
  },
  {
    path: paths.notifications,
    element: screen(
      () => import('@/features/notifications/components/notifications-page'),
      (m) => m.NotificationsPage,
    ),
  },
  {
    path: paths.notificationSettings,
    element: screen(
      () => import('@/features/notifications/components/notification-settings-page'),
      (m) => m.NotificationSettingsPage,
    ),
  },
  {
    path: paths.myWork,
    element: screen(
      () => import('@/features/my-work/components/my-work-page'),
      (m) => m.MyWorkPage,
    ),
  },
  {
    path: paths.help,
    element: screen(
      () => import('@/features/help/components/help-page'),
      (m) => m.HelpPage,
    ),
  },
  { path: '*', Component: NotFoundPage },
];

/** The sign-in form is its own chunk: a signed-in first load does not carry it. */
const SignInScreen = lazyScreen(
  () => import('@/features/auth/components/sign-in-page'),
  (m) => m.SignInPage,
);

/** "Forgot password?" and the e-mailed link's screen: no session needed, none required. */
const ForgotPasswordScreen = lazyScreen(
  () => import('@/features/auth/components/forgot-password-page'),
  (m) => m.ForgotPasswordPage,
);
const ResetPasswordScreen = lazyScreen(
  () => import('@/features/auth/components/reset-password-page'),
  (m) => m.ResetPasswordPage,
);

export const routes: RouteObject[] = [
  {
    Component: RootRoute,
    children: [
      {
        path: paths.signIn,
        element: (
          <PublicOnly>
            <SignInScreen />
          </PublicOnly>
        ),
      },
      {
        path: paths.forgotPassword,
        element: (
          <PublicOnly>
            <ForgotPasswordScreen />
          </PublicOnly>
        ),
      },
      // Not PublicOnly: a link opened in a browser signed in (as anyone) must still work.
      { path: paths.resetPassword, element: <ResetPasswordScreen /> },
      {
        element: (
          <RequireAuth>
            <AdminLayout />
          </RequireAuth>
        ),
        // A failing screen shows its error inside the frame, so the sidebar stays usable.
        children: [{ element: <ScreenOutlet />, children: adminRoutes }],
      },
      {
        element: (
          <RequireAuth>
            <MainLayout />
          </RequireAuth>
        ),
        children: [{ element: <ScreenOutlet />, children: mainRoutes }],
      },
    ],
  },
];

/** The screen inside a layout, behind its own error boundary. */
function ScreenOutlet() {
  return (
    <ScreenErrorBoundary>
      <Outlet />
    </ScreenErrorBoundary>
  );
}
