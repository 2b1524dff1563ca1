import type { ReactNode } from 'react';
import { useId } from 'react';
import { Can } from '@/components/can';
import { useAuth } from '@/lib/auth';
import { useMyWork } from '@/lib/cycle-api';
import { paths } from '@/lib/paths';
import { ClipboardCheckIcon, DashboardIcon, PlusIcon } from './icons';
import { SidebarLink } from './sidebar-link';

export interface MainSidebarProps {
  /** The project tree; passed in by the layout so shared code does not import a feature. */
  projectTree: ReactNode;
}

/**
 * Dashboard, My Work (docs/product/cycle-execution.md, "My Work"), 'Add Project' (add_project),
 * and the 'Projects' tree (home_project) (docs/product/shell-and-navigation.md, "Main layout").
 */
export function MainSidebar({ projectTree }: MainSidebarProps) {
  const headingId = useId();
  return (
    <>
      <SidebarLink to={paths.dashboard} icon={<DashboardIcon />}>
        Dashboard
      </SidebarLink>
      <MyWorkLink />
      <Can permission="add_project">
        <SidebarLink to={paths.projectCreate} icon={<PlusIcon />}>
          Add Project
        </SidebarLink>
      </Can>
      <Can permission="home_project">
        <section className="sidebar-section sidebar-section-grow" aria-labelledby={headingId}>
          <h2 className="sidebar-heading" id={headingId}>
            Projects
          </h2>
          {projectTree}
        </section>
      </Can>
    </>
  );
}

/**
 * 'My Work' shows to holders of home_test_cycle or execute_test_cycle, and to anyone with open
 * items assigned to them (a project role may grant those permissions in one project only).
 * Everyone else sees the sidebar as before.
 */
function MyWorkLink() {
  const { can } = useAuth();
  const held = can('home_test_cycle') || can('execute_test_cycle');
  const work = useMyWork(!held);
  if (!held && (work.data?.items.length ?? 0) === 0) return null;
  return (
    <SidebarLink to={paths.myWork} icon={<ClipboardCheckIcon />}>
      My Work
    </SidebarLink>
  );
}
