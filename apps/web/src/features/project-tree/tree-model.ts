import type { CaseStatus, Project, Suite, TestCase } from '@verdict/contract';
import { paths } from '@/lib/paths';

/**
 * The sidebar's project tree as plain data (docs/product/shell-and-navigation.md, "The project
 * tree"): nodes, their paths, the expanded map kept in local storage, and the flat list of
 * visible rows that the virtualized view draws. No React and no fetching here.
 */

export type TreeNodeType = 'project' | 'suite' | 'case';

/**
 * What a node's icon shows; a case without children is a document
 * (docs/product/shell-and-navigation.md, "The project tree").
 */
export type TreeIcon = 'project' | 'suite' | 'case-group' | 'document';

export interface TreeNode {
  type: TreeNodeType;
  id: number;
  name: string;
  /** 'project-1', 'project-1/suite-3', 'project-1/suite-3/case-7': unique in the tree. */
  path: string;
  /** Whether it has (or may have) children this user can load. */
  expandable: boolean;
  icon: TreeIcon;
  /** Cases only: the latest run's status and the roll-up of its subtree. */
  status?: CaseStatus;
  rollup?: CaseStatus;
}

/**
 * `expandedNodes`: node path → expanded flag, e.g. {"project-1": true}
 * (docs/product/shell-and-navigation.md, "Expanded state").
 */
export type ExpandedMap = Readonly<Record<string, boolean>>;

/**
 * What the user may load below a project: home_test_suit, home_test_case
 * (docs/product/shell-and-navigation.md, "What a node shows when opened").
 */
export interface TreeAccess {
  suites: boolean;
  cases: boolean;
}

export type ChildrenState =
  | { status: 'loading' }
  | { status: 'failed' }
  | {
      status: 'loaded';
      nodes: readonly TreeNode[];
      /** A case list shown in part: how many of its cases are shown, of how many. */
      more?: { shown: number; total: number };
    };

export type TreeRow =
  | {
      kind: 'node';
      node: TreeNode;
      /** aria-level: 1 for projects. */
      level: number;
      /** aria-posinset / aria-setsize among its siblings. */
      posInSet: number;
      setSize: number;
      expanded: boolean;
      parentPath: string | null;
    }
  | { kind: 'loading' | 'empty' | 'failed'; key: string; level: number; parentPath: string }
  | {
      /** 'Show more' below the shown part of a long list; it takes focus like a node. */
      kind: 'more';
      key: string;
      /** `{parentPath}/more`: where focus rests on it. */
      path: string;
      level: number;
      parentPath: string;
      shown: number;
      total: number;
    };

export interface FlatTree {
  rows: TreeRow[];
  /** Expanded nodes that are visible: the ones whose children must be loaded. */
  open: TreeNode[];
}

export function nodePath(parentPath: string | null, type: TreeNodeType, id: number): string {
  const segment = `${type}-${id}`;
  return parentPath ? `${parentPath}/${segment}` : segment;
}

/** The route a node's label opens. */
export function nodeHref(node: Pick<TreeNode, 'type' | 'id'>): string {
  if (node.type === 'project') return paths.projectDetail(node.id);
  if (node.type === 'suite') return paths.suiteDetail(node.id);
  return paths.caseDetail(node.id);
}

export function projectNode(project: Pick<Project, 'id' | 'name'>, access: TreeAccess): TreeNode {
  return {
    type: 'project',
    id: project.id,
    name: project.name,
    path: nodePath(null, 'project', project.id),
    expandable: access.suites || access.cases,
    icon: 'project',
  };
}

export function suiteNode(
  parentPath: string,
  suite: Pick<Suite, 'id' | 'name'>,
  access: TreeAccess,
): TreeNode {
  return {
    type: 'suite',
    id: suite.id,
    name: suite.name,
    path: nodePath(parentPath, 'suite', suite.id),
    expandable: access.cases,
    icon: 'suite',
  };
}

export function caseNode(
  parentPath: string,
  testCase: Pick<TestCase, 'id' | 'name' | 'has_children' | 'status' | 'rollup'>,
): TreeNode {
  return {
    type: 'case',
    id: testCase.id,
    name: testCase.name,
    path: nodePath(parentPath, 'case', testCase.id),
    expandable: testCase.has_children,
    icon: testCase.has_children ? 'case-group' : 'document',
    status: testCase.status,
    rollup: testCase.rollup,
  };
}

/** `parent_id` null or the string 'null' means a top-level case (docs/product/cases.md, "Data rules"). */
function isTopLevel(testCase: Pick<TestCase, 'parent_id'>): boolean {
  const parent = testCase.parent_id as number | string | null | undefined;
  return parent === null || parent === undefined || parent === 'null';
}

/**
 * A project's children (docs/product/shell-and-navigation.md, "What a node shows when opened"):
 * its suites, then its top-level cases that are in no suite —
 * or all its top-level cases when it has no suites or the user may not see suites, so that no
 * case is ever unreachable.
 */
export function projectChildren(
  project: Pick<TreeNode, 'path'>,
  suites: readonly Suite[],
  cases: readonly TestCase[],
  access: TreeAccess,
): TreeNode[] {
  const shownSuites = access.suites ? suites : [];
  const topLevel = access.cases ? cases.filter(isTopLevel) : [];
  const shownCases =
    shownSuites.length > 0 ? topLevel.filter((testCase) => testCase.suite_id == null) : topLevel;
  return [
    ...shownSuites.map((suite) => suiteNode(project.path, suite, access)),
    ...shownCases.map((testCase) => caseNode(project.path, testCase)),
  ];
}

/** A suite's top-level cases, or a case's children. */
export function caseChildren(parent: Pick<TreeNode, 'path'>, cases: readonly TestCase[]): TreeNode[] {
  return cases.map((testCase) => caseNode(parent.path, testCase));
}

/**
 * The rows on screen, depth first: every node, and below each expanded one either its children
 * (then 'Show more' when a long list is shown in part), 'Loading…' while they load, a failure
 * with Retry when they could not be loaded, or 'No items' when it has none.
 */
export function flattenTree(
  roots: readonly TreeNode[],
  expanded: ExpandedMap,
  childrenOf: (node: TreeNode) => ChildrenState,
): FlatTree {
  const rows: TreeRow[] = [];
  const open: TreeNode[] = [];

  const visit = (nodes: readonly TreeNode[], level: number, parentPath: string | null) => {
    nodes.forEach((node, index) => {
      const isExpanded = node.expandable && expanded[node.path] === true;
      rows.push({
        kind: 'node',
        node,
        level,
        posInSet: index + 1,
        setSize: nodes.length,
        expanded: isExpanded,
        parentPath,
      });
      if (!isExpanded) return;
      open.push(node);
      const children = childrenOf(node);
      if (children.status === 'loading') {
        rows.push({ kind: 'loading', key: `${node.path}#loading`, level: level + 1, parentPath: node.path });
      } else if (children.status === 'failed') {
        rows.push({ kind: 'failed', key: `${node.path}#failed`, level: level + 1, parentPath: node.path });
      } else if (children.nodes.length === 0) {
        rows.push({ kind: 'empty', key: `${node.path}#empty`, level: level + 1, parentPath: node.path });
      } else {
        visit(children.nodes, level + 1, node.path);
        if (children.more && children.more.shown < children.more.total) {
          const path = morePath(node.path);
          rows.push({
            kind: 'more',
            key: path,
            path,
            level: level + 1,
            parentPath: node.path,
            ...children.more,
          });
        }
      }
    });
  };

  visit(roots, 1, null);
  return { rows, open };
}

/** The path of a node's 'Show more' row. */
export function morePath(parentPath: string): string {
  return `${parentPath}/more`;
}

export function isDescendantPath(path: string, ancestorPath: string): boolean {
  return path.startsWith(`${ancestorPath}/`);
}

/**
 * Expands or collapses one node. Collapsing also forgets the expanded state of every node
 * below it, so opening it again shows its children folded.
 * docs/product/shell-and-navigation.md, "Expanded state"
 */
export function setNodeExpanded(map: ExpandedMap, path: string, expanded: boolean): ExpandedMap {
  if (expanded) return map[path] === true ? map : { ...map, [path]: true };
  const next: Record<string, boolean> = {};
  for (const [key, value] of Object.entries(map)) {
    if (key !== path && !isDescendantPath(key, path)) next[key] = value;
  }
  next[path] = false;
  return next;
}

/** Reads the stored map; anything malformed counts as nothing expanded. */
export function parseExpandedMap(raw: string | null): ExpandedMap {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const map: Record<string, boolean> = {};
    for (const [key, flag] of Object.entries(value)) {
      if (typeof flag === 'boolean') map[key] = flag;
    }
    return map;
  } catch {
    return {};
  }
}

/** The path's parent path ('project-1/suite-3' → 'project-1'); null for a project. */
export function parentPathOf(path: string): string | null {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? null : path.slice(0, slash);
}

/** Where an object sits: its project, suite and cases (top-level case first, the object last). */
export interface TreeTarget {
  projectId: number;
  suiteId: number | null;
  caseIds: readonly number[];
}

/**
 * The tree path of the object a deep link opens, as this user's tree shows it: a case sits under
 * its suite only when suites are shown (else under the project, as `projectChildren` puts it),
 * and a user who may not see cases gets the nearest node above. docs/product/projects.md,
 * "Where you are"
 */
export function targetPath({ projectId, suiteId, caseIds }: TreeTarget, access: TreeAccess): string {
  let path = nodePath(null, 'project', projectId);
  if (suiteId !== null && access.suites) path = nodePath(path, 'suite', suiteId);
  if (access.cases) {
    for (const id of caseIds) path = nodePath(path, 'case', id);
  }
  return path;
}

/** Expands every node above `path` (not `path` itself), so its row is on screen. */
export function revealPath(map: ExpandedMap, path: string): ExpandedMap {
  let next = map;
  for (let parent = parentPathOf(path); parent !== null; parent = parentPathOf(parent)) {
    next = setNodeExpanded(next, parent, true);
  }
  return next;
}
