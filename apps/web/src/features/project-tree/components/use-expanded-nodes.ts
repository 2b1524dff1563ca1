import { STORAGE_KEYS } from '@verdict/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { matchPath, useLocation } from 'react-router';
import { type TrailStart, useObjectTrail } from '@/entities/project/use-object-trail';
import { paths } from '@/lib/paths';
import { parseId } from '@/lib/route-params';
import {
  type ExpandedMap,
  parseExpandedMap,
  revealPath,
  setNodeExpanded,
  type TreeAccess,
  targetPath,
} from '../tree-model';

/**
 * The tree's expanded map, restored from local storage `expandedNodes` and written back on
 * every change, so a reload opens the same nodes again.
 * docs/product/shell-and-navigation.md, "Expanded state"
 *
 * The object of the page on screen is revealed: its ancestors open, so a deep link to a case
 * shows that case (highlighted as the current item) in the tree.
 * docs/product/projects.md, "Where you are"
 */
export function useExpandedNodes(
  access: TreeAccess,
): [ExpandedMap, (path: string, expanded: boolean) => void] {
  const [stored] = useState(() => localStorage.getItem(STORAGE_KEYS.expandedNodes));
  const [expanded, setExpanded] = useState<ExpandedMap>(() => parseExpandedMap(stored));
  const written = useRef(expanded);

  useEffect(() => {
    if (expanded === written.current) return;
    written.current = expanded;
    localStorage.setItem(STORAGE_KEYS.expandedNodes, JSON.stringify(expanded));
  }, [expanded]);

  const setNode = useCallback((path: string, value: boolean) => {
    setExpanded((map) => setNodeExpanded(map, path, value));
  }, []);

  const current = useCurrentNodePath(access);
  // Once per page: the user may fold the item away again while it stays open.
  const revealed = useRef<string | null>(null);
  useEffect(() => {
    if (current === null || current === revealed.current) return;
    revealed.current = current;
    setExpanded((map) => revealPath(map, current));
  }, [current]);

  return [expanded, setNode];
}

const DETAIL_SCREENS = [
  { type: 'project', pattern: paths.projectDetail.pattern },
  { type: 'suite', pattern: paths.suiteDetail.pattern },
  { type: 'case', pattern: paths.caseDetail.pattern },
] as const;

/** The object whose detail screen is open, read from the address. */
function detailTarget(pathname: string): TrailStart | null {
  for (const { type, pattern } of DETAIL_SCREENS) {
    const id = matchPath(pattern, pathname)?.params.id;
    if (id !== undefined) return { type, id: parseId(id) };
  }
  return null;
}

/** The tree path of the open project, suite or case, once all its ancestors are known. */
function useCurrentNodePath(access: TreeAccess): string | null {
  const { pathname } = useLocation();
  const start = detailTarget(pathname);
  const trail = useObjectTrail(start);
  if (start === null || trail.projectId === null || !trail.complete) return null;
  return targetPath({ projectId: trail.projectId, suiteId: trail.suiteId, caseIds: trail.caseIds }, access);
}
