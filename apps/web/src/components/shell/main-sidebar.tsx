import type { ReactNode } from 'react';
import { useId } from 'react';
import { Can } from '@/components/can';
import { paths } from '@/lib/paths';
import { DashboardIcon, HelpIcon, PlusIcon } from './icons';
import { SidebarLink } from './sidebar-link';

export interface MainSidebarProps {
  /** The project tree; passed in by the layout so shared code does not import a feature. */
  projectTree: ReactNode;
  /** The 'My Work' link; passed in by the layout, as it reads cycle items (an entity). */
  myWork: ReactNode;
}

/**
 * Dashboard, My Work (docs/product/cycle-execution.md, "My Work"), Help (the glossary),
 * 'Add Project' (add_project), and the 'Projects' tree (home_project)
 * (docs/product/shell-and-navigation.md, "Main layout").
 */
export function MainSidebar({ projectTree, myWork }: MainSidebarProps) {
  const headingId = useId();
  return (
    <>
      <SidebarLink to={paths.dashboard} icon={<DashboardIcon />}>
        Dashboard
      </SidebarLink>
      {myWork}
      <SidebarLink to={paths.help} icon={<HelpIcon />}>
        Help
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
