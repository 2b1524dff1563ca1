import { Outlet } from 'react-router';
import { AccountActions } from '@/components/shell/account-actions';
import { AdminHeader } from '@/components/shell/admin-header';
import { AdminSidebar } from '@/components/shell/admin-sidebar';
import { ShellFrame } from '@/components/shell/shell-frame';
import { useNavigationToast } from '@/components/ui/toast';

/**
 * The admin area: its own sidebar, and a header with the toggle and 'Back'
 * (docs/product/shell-and-navigation.md, "Admin layout").
 */
export function AdminLayout() {
  useNavigationToast();
  return (
    <ShellFrame
      navLabel="Admin"
      header={<AdminHeader />}
      account={<AccountActions />}
      sidebar={<AdminSidebar />}
    >
      <Outlet />
    </ShellFrame>
  );
}
