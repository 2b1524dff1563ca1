/**
 * Every route (docs/product/README.md, "Routes"), spelled once: app/router.tsx matches
 * `paths.projectDetail.pattern`
 * and links read `paths.projectDetail(id)`, so a route cannot drift from its links.
 */
type Id = number | string;

/** The ids a pattern's `:params` take, in order: '/projects/:id/user/:userId' takes two. */
type IdsOf<Pattern extends string> = Pattern extends `${string}:${string}/${infer Rest}`
  ? [Id, ...IdsOf<Rest>]
  : Pattern extends `${string}:${string}`
    ? [Id]
    : [];

/** A route with parameters: call it with the ids for a link; the router reads `pattern`. */
export interface RouteWithIds<Pattern extends string> {
  (...ids: IdsOf<Pattern>): string;
  readonly pattern: Pattern;
}

function withIds<Pattern extends string>(pattern: Pattern): RouteWithIds<Pattern> {
  const link = (...ids: Id[]) => {
    let next = 0;
    return pattern.replace(/:\w+/g, () => encodeURIComponent(String(ids[next++])));
  };
  return Object.assign(link, { pattern }) as RouteWithIds<Pattern>;
}

export const paths = {
  signIn: '/',
  /** "Forgot password?" and the e-mailed link's screen (docs/product/sign-in-and-sessions.md). */
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  /** Added after the first release: the caller's API tokens (docs/product/api-tokens.md). */
  apiTokens: '/api-tokens',

  adminDashboard: '/admin-dashboard',
  users: '/admin',
  userCreate: '/admin-create-user',
  userEdit: withIds('/admin-edit-user/:id'),
  subUsers: '/sub-user-list',
  subUserCreate: '/admin-create-subuser',
  subUserEdit: withIds('/admin-edit-subuser/:id'),
  permissions: '/admin-permissions',
  permissionCreate: '/admin-create-permission',
  permissionEdit: withIds('/admin-edit-permission/:id'),
  roles: '/admin-roles',
  roleCreate: '/admin-create-role',
  roleEdit: withIds('/admin-edit-role/:id'),
  /** The permission inspector, ?user=&project= (docs/product/permission-inspector.md). */
  adminInspector: '/admin-inspector',
  /** The audit log, ?q=&user=&entity=&action=&from=&to= (docs/product/audit-log.md). */
  auditLog: '/admin-audit-log',

  projectCreate: '/projects-create',
  projectDetail: withIds('/projects/:id'),
  projectEdit: withIds('/edit-project/:id'),
  projectAddUser: withIds('/projects/:id/add-user'),
  projectChangeRole: withIds('/projects/:id/user/:userId'),
  projectAddSuite: withIds('/projects/:id/add-suite'),
  projectAddCase: withIds('/projects/:id/add-case'),

  suiteDetail: withIds('/suites/:id'),
  suiteEdit: withIds('/edit-suite/:id'),
  suiteAddCase: withIds('/suites/:id/add-case'),

  caseDetail: withIds('/cases/:id'),
  caseEdit: withIds('/edit-testcase/:id'),
  caseAddChild: withIds('/testcases/:id/add-child'),
  runCreate: withIds('/testcases/:id/add-testrun'),
  runEdit: withIds('/edit-testrun/:id'),

  /** Added with test cycles (docs/product/cycles-screens.md). */
  cycleCreate: withIds('/projects/:id/new-cycle'),
  cycleDetail: withIds('/cycles/:id'),
  cycleEdit: withIds('/edit-cycle/:id'),
  /** The execution view of one cycle item. */
  cycleItem: withIds('/cycle-items/:id'),
  /** The caller's open assigned items across projects. */
  myWork: '/my-work',
  notifications: '/notifications',
  notificationSettings: '/notifications/settings',
  /** What the words mean: the glossary (docs/product/shell-and-navigation.md, "Help"). */
  help: '/help',

  /** A project's custom case fields (docs/product/rich-cases-screens.md). */
  caseFields: withIds('/projects/:id/case-fields'),
  /** A project's issue tracker setting (docs/product/defects-screens.md). */
  tracker: withIds('/projects/:id/tracker'),
  /** Search Test Cases, ?q= (docs/product/search-screens.md). */
  caseSearch: withIds('/projects/:id/search'),
  /** Import Test Cases from a CSV or XLSX file (docs/product/case-import-screens.md). */
  caseImport: withIds('/projects/:id/import-cases'),
  /** A project's flaky tests, ranked by flip rate (docs/product/flaky-tests.md). */
  flakyTests: withIds('/projects/:id/flaky'),
  /** A project's reports, ?branch= (docs/product/reports-screens.md). */
  reports: withIds('/projects/:id/reports'),
  /** Two cycles of a project side by side, ?from=&to= (docs/product/reports-screens.md). */
  cycleCompare: withIds('/projects/:id/cycles/compare'),
  /** A project's webhooks and their deliveries (docs/product/webhooks-screens.md). */
  webhooks: withIds('/projects/:id/webhooks'),
  /** A project's milestones, open ones with their progress (docs/product/milestones.md, "The screens"). */
  milestones: withIds('/projects/:id/milestones'),
  /** One milestone: its figures, cycles and sub-milestones. */
  milestoneDetail: withIds('/milestones/:id'),
  /** A milestone's sign-off report, for the screen, paper and as a PDF. */
  milestoneSignOff: withIds('/milestones/:id/sign-off'),
  /** A project's configuration groups, such as Browser: Chrome, Firefox (docs/product/milestones.md). */
  configurations: withIds('/projects/:id/configurations'),
  /** A project's test plans with their totals (docs/product/plans-screens.md). */
  plans: withIds('/projects/:id/plans'),
  /** New test plan: entries of cases and configurations, one cycle per combination. */
  planCreate: withIds('/projects/:id/plans/new'),
  /** One test plan: its totals and its cycles by entry. */
  planDetail: withIds('/plans/:id'),
  /** A project's requirements as a tree, with filters (docs/product/requirements-screens.md). */
  requirements: withIds('/projects/:id/requirements'),
  /** One requirement: its description, coverage, children, linked cases and history. */
  requirementDetail: withIds('/requirements/:id'),
  /** Import Requirements from a CSV or XLSX file (docs/product/requirements-screens.md). */
  requirementImport: withIds('/projects/:id/import-requirements'),
  /** The traceability matrix: requirements by coverage with their cases' latest results. */
  traceability: withIds('/projects/:id/traceability'),
} as const;
