import { Outlet } from 'react-router';
import { AccountActions } from '@/components/shell/account-actions';
import { MainHeader } from '@/components/shell/main-header';
import { MainSidebar } from '@/components/shell/main-sidebar';
import { ShellFrame } from '@/components/shell/shell-frame';
import { useNavigationToast } from '@/components/ui/toast';
import { ProjectTree } from '@/features/project-tree/components/project-tree';
import { MyWorkLink } from './my-work-link';

/** Every signed-in screen outside the admin area. */
export function MainLayout() {
  useNavigationToast();
  return (
    <ShellFrame
      navLabel="Main"
      header={<MainHeader />}
      account={<AccountActions apiTokens />}
      sidebar={<MainSidebar projectTree={<ProjectTree />} myWork={<MyWorkLink />} />}
    >
      <Outlet />
    </ShellFrame>
  );
}
