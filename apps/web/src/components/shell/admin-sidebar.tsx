import { Can } from '@/components/can';
import { DashboardIcon, KeyIcon, ListIcon, ShieldIcon, UserIcon, UsersIcon } from './icons';
import { SidebarLink } from './sidebar-link';

/**
 * SPEC §2: the admin area's own sidebar, each link gated by its *_home permission; then the
 * Permission Inspector and the Audit Log, which SPEC does not have.
 */
export function AdminSidebar() {
  return (
    <>
      <SidebarLink to="/admin-dashboard" icon={<DashboardIcon />}>
        Dashboard
      </SidebarLink>
      <Can permission="view_admin_home">
        <SidebarLink to="/admin" icon={<UsersIcon />}>
          User Management
        </SidebarLink>
      </Can>
      <Can permission="manage_sub_users_home">
        <SidebarLink to="/sub-user-list" icon={<UserIcon />}>
          Sub-User Management
        </SidebarLink>
      </Can>
      <Can permission="manage_permissions_home">
        <SidebarLink to="/admin-permissions" icon={<KeyIcon />}>
          Permission Management
        </SidebarLink>
      </Can>
      <Can permission="manage_roles_home">
        <SidebarLink to="/admin-roles" icon={<ShieldIcon />}>
          Role Management
        </SidebarLink>
      </Can>
      <Can permission="view_admin_home">
        <SidebarLink to="/admin-inspector" icon={<ShieldIcon />}>
          Permission Inspector
        </SidebarLink>
      </Can>
      <Can permission="view_audit_log">
        <SidebarLink to="/admin-audit-log" icon={<ListIcon />}>
          Audit Log
        </SidebarLink>
      </Can>
    </>
  );
}
