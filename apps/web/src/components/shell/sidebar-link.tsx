import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

export interface SidebarLinkProps {
  to: string;
  icon?: ReactNode;
  children: ReactNode;
  /** Highlight only on an exact path match (default); false to include sub-paths. */
  end?: boolean;
}

export function SidebarLink({ to, icon, children, end = true }: SidebarLinkProps) {
  return (
    <NavLink to={to} end={end} className="sidebar-link">
      {icon}
      <span>{children}</span>
    </NavLink>
  );
}
