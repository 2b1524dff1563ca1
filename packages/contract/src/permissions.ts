/**
 * The permission catalogue: every name the app uses to gate a control, plus
 * `view_all_projects` (docs/product/roles-and-permissions.md, "The permission catalogue"). The
 * server seeds these on first start and
 * checks the same names; the web app gates the same controls by them.
 */
export const PERMISSION_CATALOGUE = {
  add_project: 'Create projects (Add Project link)',
  home_project: 'See the project tree in the sidebar',
  home_test_suit: 'See test suites in the project tree',
  home_test_case: 'See test cases in the project tree',
  manage_admin_panel: 'Open the admin area (Admin pill)',
  view_admin_home: 'See the user management list',
  manage_sub_users_home: 'See the sub-user management list',
  manage_permissions_home: 'See the permission management list',
  manage_roles_home: 'See the role management list',
  add_admin_home: 'Create users',
  edit_admin_home: 'Edit users',
  delete_admin_home: 'Delete users',
  manage_sub_users_add: 'Create sub-users',
  manage_sub_users_edit: 'Edit sub-users',
  manage_sub_users_delete: 'Delete sub-users',
  manage_permissions_add: 'Create permissions',
  manage_permissions_edit: 'Edit permissions',
  manage_permissions_delete: 'Delete permissions',
  manage_roles_add: 'Create roles',
  manage_roles_edit: 'Edit roles',
  manage_roles_delete: 'Delete roles',
  edit_project: 'Edit a project',
  delete_project: 'Delete a project',
  add_user_in_project: 'Add a member to a project',
  add_test_suit_in_project: 'Add a test suite to a project',
  add_test_case_in_project: 'Add a test case to a project',
  users_in_project: 'See the members of a project',
  change_user_role_in_project: "Change a project member's role",
  remove_user_from_project: 'Remove a member from a project',
  edit_test_suit: 'Edit a test suite',
  delete_test_suit: 'Delete a test suite',
  add_test_case_in_test_suit: 'Add a test case to a test suite',
  edit_test_case: 'Edit a test case',
  delete_test_case: 'Delete a test case',
  add_test_case_in_test_case: 'Add a child test case',
  add_test_run_in_test_case: 'Record a test run for a test case',
  home_test_run: 'See the test runs of a test case',
  edit_test_run: 'Edit a test run',
  delete_test_run: 'Delete a test run',
  view_all_projects: 'See every project, not only those one created or is a member of',
  import_results: 'Import test results (JUnit XML reports from CI) into a project',
  export_project: "Download a project's cases and a case's runs as CSV",
  view_audit_log: 'See the audit log (who changed what, and every sign-in)',
  home_test_cycle: 'See the test cycles of a project',
  add_test_cycle: 'Create test cycles',
  edit_test_cycle: 'Edit, close, reopen and assign test cycles',
  delete_test_cycle: 'Delete test cycles',
  execute_test_cycle: 'Record results in test cycles',
  manage_case_fields: "Define a project's custom case fields",
  quarantine_test_case: 'Quarantine a test case (its failures stop failing the gate) and end a quarantine',
  manage_webhooks: "Add, change and delete a project's webhooks, and see and redeliver their deliveries",
  home_milestone: 'See the milestones of a project',
  add_milestone: 'Create milestones',
  edit_milestone: 'Edit, complete and reopen milestones',
  delete_milestone: 'Delete milestones',
  home_requirement: 'See the requirements of a project and their coverage',
  add_requirement: 'Create and import requirements',
  edit_requirement: 'Edit requirements and link cases to them',
  delete_requirement: 'Delete requirements',
  comment: "Write comments on the cases and cycle items one can see, and edit and delete one's own",
} as const;

export type PermissionName = keyof typeof PERMISSION_CATALOGUE;

/**
 * How a permission added after the seed reaches the roles that existed before it
 * (docs/product/roles-and-permissions.md, "New permissions and existing roles"): when a version
 * adds one of these, every role holding any of the older permissions listed beside it gets it
 * too, in the same transaction that adds it. A permission without a rule (view_audit_log) goes
 * to the Administrator role alone. Migration 0023 applied the same rule once to databases whose
 * roles predate it.
 */
export const PERMISSION_GRANT_RULES: Partial<Record<PermissionName, readonly PermissionName[]>> = {
  import_results: ['add_test_run_in_test_case'],
  export_project: ['edit_project'],
  home_test_cycle: ['home_test_case'],
  add_test_cycle: ['add_test_suit_in_project'],
  edit_test_cycle: ['edit_test_suit'],
  delete_test_cycle: ['delete_test_suit'],
  execute_test_cycle: ['add_test_run_in_test_case'],
  manage_case_fields: ['edit_project'],
  quarantine_test_case: ['edit_test_case'],
  manage_webhooks: ['edit_project'],
  // A rule may name a permission that has a rule of its own: when both arrive at one start, the
  // newer follows the older one's own older permissions (bootstrap.ts).
  home_milestone: ['home_test_cycle'],
  add_milestone: ['add_test_cycle'],
  edit_milestone: ['edit_test_cycle'],
  delete_milestone: ['delete_test_cycle'],
  home_requirement: ['home_test_case'],
  add_requirement: ['add_test_case_in_project'],
  edit_requirement: ['edit_test_case'],
  delete_requirement: ['delete_test_case'],
  comment: ['home_test_case'],
};

export const PERMISSION_NAMES = Object.keys(PERMISSION_CATALOGUE) as PermissionName[];

/** The role created on first start, holding every catalogue permission. */
export const ADMIN_ROLE_NAME = 'Administrator';

/** Permission names are identifiers (docs/product/roles-and-permissions.md, "Rules for permissions"). */
export const PERMISSION_NAME_PATTERN = '^[a-z][a-z0-9_]{0,99}$';

export function isCataloguePermission(name: string): name is PermissionName {
  return Object.hasOwn(PERMISSION_CATALOGUE, name);
}
