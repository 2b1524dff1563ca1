import { STORAGE_KEYS } from '@verdict/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ExpandedMap, parseExpandedMap, setNodeExpanded } from '../tree-model';

/**
 * The tree's expanded map, restored from local storage `expandedNodes` and written back on
 * every change, so a reload opens the same nodes again.
 * docs/product/shell-and-navigation.md, "Expanded state"
 */
export function useExpandedNodes(): [ExpandedMap, (path: string, expanded: boolean) => void] {
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

  return [expanded, setNode];
}
