import { PERMISSION_CATALOGUE, type PermissionName } from '@verdict/contract';
import type { ComboOption } from '@/components/ui/searchable-select';

/**
 * The areas the role editor lists permissions under (docs/product/admin-screens.md, "Create
 * Role"), in this order. Typed by the catalogue, so a new permission must be given an area.
 */
export const PERMISSION_AREAS = [
  'Projects',
  'Project members',
  'Suites and cases',
  'Test runs',
  'Test cycles',
  'Administration',
  'Other permissions',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

const AREA_OF: Record<PermissionName, PermissionArea> = {
  add_project: 'Projects',
  home_project: 'Projects',
  view_all_projects: 'Projects',
  edit_project: 'Projects',
  delete_project: 'Projects',
  export_project: 'Projects',
  manage_case_fields: 'Projects',
  manage_webhooks: 'Projects',
  add_user_in_project: 'Project members',
  users_in_project: 'Project members',
  change_user_role_in_project: 'Project members',
  remove_user_from_project: 'Project members',
  home_test_suit: 'Suites and cases',
  home_test_case: 'Suites and cases',
  add_test_suit_in_project: 'Suites and cases',
  add_test_case_in_project: 'Suites and cases',
  edit_test_suit: 'Suites and cases',
  delete_test_suit: 'Suites and cases',
  add_test_case_in_test_suit: 'Suites and cases',
  edit_test_case: 'Suites and cases',
  delete_test_case: 'Suites and cases',
  add_test_case_in_test_case: 'Suites and cases',
  quarantine_test_case: 'Suites and cases',
  home_test_run: 'Test runs',
  add_test_run_in_test_case: 'Test runs',
  edit_test_run: 'Test runs',
  delete_test_run: 'Test runs',
  import_results: 'Test runs',
  home_test_cycle: 'Test cycles',
  add_test_cycle: 'Test cycles',
  edit_test_cycle: 'Test cycles',
  delete_test_cycle: 'Test cycles',
  execute_test_cycle: 'Test cycles',
  home_milestone: 'Test cycles',
  add_milestone: 'Test cycles',
  edit_milestone: 'Test cycles',
  delete_milestone: 'Test cycles',
  home_requirement: 'Suites and cases',
  add_requirement: 'Suites and cases',
  edit_requirement: 'Suites and cases',
  delete_requirement: 'Suites and cases',
  comment: 'Suites and cases',
  manage_admin_panel: 'Administration',
  view_admin_home: 'Administration',
  add_admin_home: 'Administration',
  edit_admin_home: 'Administration',
  delete_admin_home: 'Administration',
  manage_sub_users_home: 'Administration',
  manage_sub_users_add: 'Administration',
  manage_sub_users_edit: 'Administration',
  manage_sub_users_delete: 'Administration',
  manage_permissions_home: 'Administration',
  manage_permissions_add: 'Administration',
  manage_permissions_edit: 'Administration',
  manage_permissions_delete: 'Administration',
  manage_roles_home: 'Administration',
  manage_roles_add: 'Administration',
  manage_roles_edit: 'Administration',
  manage_roles_delete: 'Administration',
  view_audit_log: 'Administration',
};

const isCatalogued = (name: string): name is PermissionName => Object.hasOwn(PERMISSION_CATALOGUE, name);

/**
 * The role editor's permission options: each with its readable words (the catalogue's, or the
 * permission's own description for one an administrator added) and its name beside them, grouped
 * by area in PERMISSION_AREAS order, each area in the order given. The label stays the name, so
 * chips and typing a name work as before.
 */
export function permissionOptions(options: readonly ComboOption<number>[]): ComboOption<number>[] {
  const areaOf = (name: string): PermissionArea => (isCatalogued(name) ? AREA_OF[name] : 'Other permissions');
  return PERMISSION_AREAS.flatMap((area) =>
    options
      .filter((option) => areaOf(option.label) === area)
      .map((option) => {
        const title = isCatalogued(option.label) ? PERMISSION_CATALOGUE[option.label] : option.hint;
        return { value: option.value, label: option.label, group: area, ...(title ? { title } : {}) };
      }),
  );
}
