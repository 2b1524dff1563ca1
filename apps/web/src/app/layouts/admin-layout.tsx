import { Outlet } from 'react-router';
import { AdminHeader } from '@/components/shell/admin-header';
import { AdminSidebar } from '@/components/shell/admin-sidebar';
import { ShellFrame } from '@/components/shell/shell-frame';
import { useNavigationToast } from '@/components/ui/toast';

/** The admin area (SPEC §2): its own sidebar, and a header with the toggle and 'Back'. */
export function AdminLayout() {
  useNavigationToast();
  return (
    <ShellFrame navLabel="Admin" header={<AdminHeader />} sidebar={<AdminSidebar />}>
      <Outlet />
    </ShellFrame>
  );
}
