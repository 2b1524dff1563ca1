/**
 * Builders for every route of SPEC §2, so links read `paths.projectDetail(id)` rather than
 * hand-assembled strings. The route patterns themselves live in app/router.tsx.
 */
type Id = number | string;

export const paths = {
  signIn: '/',
  dashboard: '/dashboard',

  adminDashboard: '/admin-dashboard',
  users: '/admin',
  userCreate: '/admin-create-user',
  userEdit: (id: Id) => `/admin-edit-user/${id}`,
  subUsers: '/sub-user-list',
  subUserCreate: '/admin-create-subuser',
  subUserEdit: (id: Id) => `/admin-edit-subuser/${id}`,
  permissions: '/admin-permissions',
  permissionCreate: '/admin-create-permission',
  permissionEdit: (id: Id) => `/admin-edit-permission/${id}`,
  roles: '/admin-roles',
  roleCreate: '/admin-create-role',
  roleEdit: (id: Id) => `/admin-edit-role/${id}`,
  /** Not in SPEC: the permission inspector (?user=&project=). */
  adminInspector: '/admin-inspector',
  /** Not in SPEC: the audit log (?q=&user=&entity=&action=&from=&to=). */
  auditLog: '/admin-audit-log',

  projectCreate: '/projects-create',
  projectDetail: (id: Id) => `/projects/${id}`,
  projectEdit: (id: Id) => `/edit-project/${id}`,
  projectAddUser: (id: Id) => `/projects/${id}/add-user`,
  projectChangeRole: (id: Id, userId: Id) => `/projects/${id}/user/${userId}`,
  projectAddSuite: (id: Id) => `/projects/${id}/add-suite`,
  projectAddCase: (id: Id) => `/projects/${id}/add-case`,

  suiteDetail: (id: Id) => `/suites/${id}`,
  suiteEdit: (id: Id) => `/edit-suite/${id}`,
  suiteAddCase: (id: Id) => `/suites/${id}/add-case`,

  caseDetail: (id: Id) => `/cases/${id}`,
  caseEdit: (id: Id) => `/edit-testcase/${id}`,
  caseAddChild: (id: Id) => `/testcases/${id}/add-child`,
  runCreate: (id: Id) => `/testcases/${id}/add-testrun`,
  runEdit: (id: Id) => `/edit-testrun/${id}`,
} as const;
