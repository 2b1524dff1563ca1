import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAuth } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';
import type { TreeAccess } from '../tree-model';
import { TreeLoadFailed } from './tree-row';
import { TreeView } from './tree-view';
import { useExpandedNodes } from './use-expanded-nodes';
import { useTreeRows } from './use-tree-rows';
import './project-tree.css';

/**
 * The sidebar's project tree (docs/product/shell-and-navigation.md, "The project tree"). The
 * main layout renders it in
 * the 'Projects' section, which only shows with home_project; suites need home_test_suit and
 * cases home_test_case. Other screens keep it fresh with `invalidateTree`
 * (lib/project-tree-refresh.ts).
 */
export function ProjectTree() {
  const { can } = useAuth();
  const canSuites = can('home_test_suit');
  const canCases = can('home_test_case');
  const access = useMemo<TreeAccess>(() => ({ suites: canSuites, cases: canCases }), [canSuites, canCases]);
  const [expanded, setExpanded] = useExpandedNodes(access);
  const { loadingProjects, projectsFailed, tree, busy, showMore } = useTreeRows(expanded, access);
  const queryClient = useQueryClient();

  if (loadingProjects) {
    return (
      <p className="sidebar-note" role="status">
        Loading projects…
      </p>
    );
  }
  if (projectsFailed) {
    return (
      <p className="sidebar-note" role="alert">
        <TreeLoadFailed
          text="⚠️ Could not load the projects."
          onRetry={() => void queryClient.refetchQueries({ queryKey: queryKeys.tree.projects() })}
        />
      </p>
    );
  }
  if (tree.rows.length === 0) return <p className="sidebar-note">No projects</p>;
  return (
    <TreeView
      rows={tree.rows}
      label="Projects"
      busy={busy}
      onExpandedChange={setExpanded}
      onShowMore={showMore}
    />
  );
}
