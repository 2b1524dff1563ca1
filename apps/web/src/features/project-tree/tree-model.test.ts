import type { Suite, TestCase } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import {
  type ChildrenState,
  caseNode,
  flattenTree,
  nodeHref,
  nodePath,
  parentPathOf,
  parseExpandedMap,
  projectChildren,
  projectNode,
  setNodeExpanded,
  type TreeAccess,
  type TreeNode,
  type TreeRow,
} from './tree-model';

const ALL: TreeAccess = { suites: true, cases: true };

const suite = (id: number, projectId = 1): Suite => ({
  id,
  name: `Suite ${id}`,
  description: '',
  project_id: projectId,
});
const testCase = (id: number, extra: Partial<TestCase> = {}): TestCase => ({
  id,
  name: `Case ${id}`,
  description: '',
  project_id: 1,
  suite_id: null,
  priority: 'medium',
  tags: [],
  parent_id: null,
  has_children: false,
  status: null,
  rollup: null,
  ...extra,
});

const labels = (rows: TreeRow[]) =>
  rows.map((row) =>
    row.kind === 'node'
      ? `${'  '.repeat(row.level - 1)}${row.node.name}`
      : `${'  '.repeat(row.level - 1)}<${row.kind}>`,
  );

describe('paths', () => {
  it('joins type-id segments', () => {
    expect(nodePath(null, 'project', 1)).toBe('project-1');
    expect(nodePath('project-1', 'suite', 3)).toBe('project-1/suite-3');
    expect(nodePath('project-1/suite-3', 'case', 7)).toBe('project-1/suite-3/case-7');
    expect(parentPathOf('project-1/suite-3/case-7')).toBe('project-1/suite-3');
    expect(parentPathOf('project-1')).toBeNull();
  });

  it('links each node to its page', () => {
    expect(nodeHref({ type: 'project', id: 1 })).toBe('/projects/1');
    expect(nodeHref({ type: 'suite', id: 3 })).toBe('/suites/3');
    expect(nodeHref({ type: 'case', id: 7 })).toBe('/cases/7');
  });
});

describe('nodes', () => {
  it('a project can open when the user may see suites or cases', () => {
    expect(projectNode({ id: 1, name: 'P' }, ALL).expandable).toBe(true);
    expect(projectNode({ id: 1, name: 'P' }, { suites: false, cases: true }).expandable).toBe(true);
    expect(projectNode({ id: 1, name: 'P' }, { suites: false, cases: false }).expandable).toBe(false);
  });

  it('a case without children is a document that cannot open', () => {
    expect(caseNode('project-1', testCase(4))).toMatchObject({ expandable: false, icon: 'document' });
    expect(caseNode('project-1', testCase(4, { has_children: true }))).toMatchObject({
      expandable: true,
      icon: 'case-group',
      path: 'project-1/case-4',
    });
  });
});

describe('projectChildren', () => {
  const project = projectNode({ id: 1, name: 'P' }, ALL);
  const cases = [testCase(10, { suite_id: 2 }), testCase(11), testCase(12, { suite_id: 3 })];

  it('shows the suites, then the top-level cases in no suite', () => {
    const nodes = projectChildren(project, [suite(2), suite(3)], cases, ALL);
    expect(nodes.map((n) => n.path)).toEqual(['project-1/suite-2', 'project-1/suite-3', 'project-1/case-11']);
  });

  it('shows all top-level cases when the project has no suites', () => {
    const nodes = projectChildren(project, [], cases, ALL);
    expect(nodes.map((n) => n.id)).toEqual([10, 11, 12]);
  });

  it('shows all top-level cases when the user may not see suites', () => {
    const access = { suites: false, cases: true };
    const nodes = projectChildren(project, [suite(2)], cases, access);
    expect(nodes.map((n) => n.type)).toEqual(['case', 'case', 'case']);
  });

  it('shows only suites, which cannot open, when the user may not see cases', () => {
    const access = { suites: true, cases: false };
    const nodes = projectChildren(project, [suite(2)], cases, access);
    expect(nodes).toHaveLength(1);
    expect(nodes[0]).toMatchObject({ type: 'suite', expandable: false });
  });

  it("skips child cases, including a parent_id of 'null' as top level", () => {
    const list = [testCase(20, { parent_id: 5 }), testCase(21, { parent_id: 'null' as unknown as null })];
    expect(projectChildren(project, [], list, ALL).map((n) => n.id)).toEqual([21]);
  });
});

describe('flattenTree', () => {
  const p1 = projectNode({ id: 1, name: 'P1' }, ALL);
  const p2 = projectNode({ id: 2, name: 'P2' }, ALL);
  const s3 = { ...projectChildren(p1, [suite(3)], [], ALL)[0] } as TreeNode;
  const c7 = caseNode(s3.path, testCase(7, { has_children: true }));
  const c8 = caseNode(s3.path, testCase(8));
  const children: Record<string, ChildrenState> = {
    'project-1': { status: 'loaded', nodes: [s3] },
    'project-2': { status: 'loaded', nodes: [] },
    'project-1/suite-3': { status: 'loaded', nodes: [c7, c8] },
    'project-1/suite-3/case-7': { status: 'loading' },
  };
  const childrenOf = (node: TreeNode) => children[node.path] ?? { status: 'loading' as const };

  it('shows only the roots when nothing is expanded', () => {
    const { rows, open } = flattenTree([p1, p2], {}, childrenOf);
    expect(labels(rows)).toEqual(['P1', 'P2']);
    expect(open).toEqual([]);
  });

  it('lists expanded children depth first, with loading and empty rows', () => {
    const expanded = {
      'project-1': true,
      'project-1/suite-3': true,
      'project-1/suite-3/case-7': true,
      'project-2': true,
    };
    const { rows, open } = flattenTree([p1, p2], expanded, childrenOf);
    expect(labels(rows)).toEqual([
      'P1',
      '  Suite 3',
      '    Case 7',
      '      <loading>',
      '    Case 8',
      'P2',
      '  <empty>',
    ]);
    expect(open.map((n) => n.path)).toEqual([
      'project-1',
      'project-1/suite-3',
      'project-1/suite-3/case-7',
      'project-2',
    ]);
  });

  it('gives each node its level, position and set size', () => {
    const { rows } = flattenTree([p1, p2], { 'project-1': true, 'project-1/suite-3': true }, childrenOf);
    const c8Row = rows.find((row) => row.kind === 'node' && row.node.id === 8);
    expect(c8Row).toMatchObject({
      level: 3,
      posInSet: 2,
      setSize: 2,
      parentPath: 'project-1/suite-3',
      expanded: false,
    });
    expect(rows[0]).toMatchObject({ level: 1, posInSet: 1, setSize: 2, expanded: true, parentPath: null });
  });

  it('ignores expanded flags of hidden nodes and of nodes that cannot open', () => {
    const expanded = { 'project-1/suite-3': true, 'project-1/suite-3/case-8': true };
    expect(flattenTree([p1], expanded, childrenOf).open).toEqual([]);
    const leafOpen = flattenTree(
      [p1],
      { 'project-1': true, 'project-1/suite-3': true, 'project-1/suite-3/case-8': true },
      childrenOf,
    );
    expect(leafOpen.open.map((n) => n.path)).not.toContain('project-1/suite-3/case-8');
  });

  it('flattens 10,000 children quickly', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => caseNode(s3.path, testCase(i + 100)));
    const big = (node: TreeNode): ChildrenState =>
      node.path === s3.path ? { status: 'loaded', nodes: many } : childrenOf(node);
    const started = performance.now();
    const { rows } = flattenTree([p1, p2], { 'project-1': true, 'project-1/suite-3': true }, big);
    expect(rows).toHaveLength(10_003);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('expanded map', () => {
  it('expanding sets the flag', () => {
    expect(setNodeExpanded({}, 'project-1', true)).toEqual({ 'project-1': true });
  });

  it('collapsing clears the state of every descendant, and only theirs', () => {
    const map = {
      'project-1': true,
      'project-1/suite-3': true,
      'project-1/suite-3/case-7': true,
      'project-10': true,
      'project-2': true,
    };
    expect(setNodeExpanded(map, 'project-1', false)).toEqual({
      'project-1': false,
      'project-10': true,
      'project-2': true,
    });
  });

  it('keeps the same object when nothing changes', () => {
    const map = { 'project-1': true };
    expect(setNodeExpanded(map, 'project-1', true)).toBe(map);
  });

  it('reads the stored map, ignoring anything malformed', () => {
    expect(parseExpandedMap('{"project-1":true,"project-1/suite-3":false}')).toEqual({
      'project-1': true,
      'project-1/suite-3': false,
    });
    expect(parseExpandedMap(null)).toEqual({});
    expect(parseExpandedMap('not json')).toEqual({});
    expect(parseExpandedMap('[1,2]')).toEqual({});
    expect(parseExpandedMap('{"project-1":"yes","project-2":true}')).toEqual({ 'project-2': true });
  });
});
