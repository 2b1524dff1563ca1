import { Can } from '@/components/can';
import { paths } from '@/lib/paths';
import { DashboardIcon, KeyIcon, ListIcon, ShieldIcon, UserIcon, UsersIcon } from './icons';
import { SidebarLink } from './sidebar-link';

/**
 * The admin area's own sidebar, each link gated by its *_home permission; then the
 * Permission Inspector and the Audit Log, added after the first release
 * (docs/product/shell-and-navigation.md, "Admin layout").
 */
export function AdminSidebar() {
  return (
    <>
      <SidebarLink to={paths.adminDashboard} icon={<DashboardIcon />}>
        Dashboard
      </SidebarLink>
      <Can permission="view_admin_home">
        <SidebarLink to={paths.users} icon={<UsersIcon />}>
          User Management
        </SidebarLink>
      </Can>
      <Can permission="manage_sub_users_home">
        <SidebarLink to={paths.subUsers} icon={<UserIcon />}>
          Sub-User Management
        </SidebarLink>
      </Can>
      <Can permission="manage_permissions_home">
        <SidebarLink to={paths.permissions} icon={<KeyIcon />}>
          Permission Management
        </SidebarLink>
      </Can>
      <Can permission="manage_roles_home">
        <SidebarLink to={paths.roles} icon={<ShieldIcon />}>
          Role Management
        </SidebarLink>
      </Can>
      <Can permission="view_admin_home">
        <SidebarLink to={paths.adminInspector} icon={<ShieldIcon />}>
          Permission Inspector
        </SidebarLink>
      </Can>
      <Can permission="view_audit_log">
        <SidebarLink to={paths.auditLog} icon={<ListIcon />}>
          Audit Log
        </SidebarLink>
      </Can>
    </>
  );
}
