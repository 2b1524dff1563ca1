import type { ReactNode } from 'react';
import { useId } from 'react';
import { Can } from '@/components/can';
import { paths } from '@/lib/paths';
import { DashboardIcon, PlusIcon } from './icons';
import { SidebarLink } from './sidebar-link';

export interface MainSidebarProps {
  /** The project tree; passed in by the layout so shared code does not import a feature. */
  projectTree: ReactNode;
}

/**
 * Dashboard, 'Add Project' (add_project), and the 'Projects' tree (home_project)
 * (docs/product/shell-and-navigation.md, "Main layout").
 */
export function MainSidebar({ projectTree }: MainSidebarProps) {
  const headingId = useId();
  return (
    <>
      <SidebarLink to={paths.dashboard} icon={<DashboardIcon />}>
        Dashboard
      </SidebarLink>
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
