/**
 * PLACEHOLDER: the sidebar's project tree (SPEC §2 'Project tree behaviour') is built by the
 * shell/project-tree engineer. The main layout already renders it inside the 'Projects'
 * section, which only shows with home_project; keep the export name.
 */
export function ProjectTree() {
  return <p className="sidebar-note">Project tree coming soon</p>;
}
