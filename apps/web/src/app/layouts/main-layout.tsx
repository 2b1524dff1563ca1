import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { AccountActions } from '@/components/shell/account-actions';
import { MainHeader } from '@/components/shell/main-header';
import { MainSidebar } from '@/components/shell/main-sidebar';
import { ShellFrame } from '@/components/shell/shell-frame';
import { useSidebarShown } from '@/components/shell/sidebar-shown';
import { useNavigationToast } from '@/components/ui/toast';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { loadScreen } from '../stale-chunk';
import { MyWorkLink } from './my-work-link';

/**
 * The project tree is its own chunk (with the virtual list it draws with), fetched once the sidebar
 * shows: at once on a wide screen, when the drawer first opens on a phone.
 */
const ProjectTree = lazy(() =>
  loadScreen(() => import('@/features/project-tree/components/project-tree')).then((module) => ({
    default: module.ProjectTree,
  })),
);

function SidebarProjectTree() {
  if (!useSidebarShown()) return null;
  return (
    <Suspense
      fallback={
        <p className="sidebar-note" role="status">
          Loading projects…
        </p>
      }
    >
      <ProjectTree />
    </Suspense>
  );
}

/** Every signed-in screen outside the admin area. */
export function MainLayout() {
  useNavigationToast();
  return (
    <ShellFrame
      navLabel="Main"
      header={<MainHeader bell={<NotificationBell />} />}
      account={<AccountActions apiTokens />}
      sidebar={<MainSidebar projectTree={<SidebarProjectTree />} myWork={<MyWorkLink />} />}
    >
      <Outlet />
    </ShellFrame>
  );
}
