import { describe, expect, it } from 'vitest';
import { resolveFocusPath, treeKeyAction, typeaheadPath } from './tree-keyboard';
import { type ChildrenState, caseNode, flattenTree, projectNode, type TreeNode } from './tree-model';

const ALL = { suites: true, cases: true };
const p1 = projectNode({ id: 1, name: 'P1' }, ALL);
const p2 = projectNode({ id: 2, name: 'P2' }, ALL);
const c5 = caseNode('project-1', { id: 5, name: 'C5', has_children: true, status: null, rollup: null });
const c6 = caseNode('project-1', { id: 6, name: 'C6', has_children: false, status: null, rollup: null });
const children: Record<string, ChildrenState> = {
  'project-1': { status: 'loaded', nodes: [c5, c6] },
  'project-1/case-5': { status: 'loading' },
};
const childrenOf = (node: TreeNode) => children[node.path] ?? { status: 'loaded' as const, nodes: [] };
const rows = flattenTree([p1, p2], { 'project-1': true }, childrenOf).rows;

describe('treeKeyAction', () => {
  it('moves up and down between visible nodes', () => {
    expect(treeKeyAction(rows, 'project-1', 'ArrowDown')).toEqual({
      type: 'focus',
      path: 'project-1/case-5',
    });
    expect(treeKeyAction(rows, 'project-1/case-6', 'ArrowDown')).toEqual({
      type: 'focus',
      path: 'project-2',
    });
    expect(treeKeyAction(rows, 'project-2', 'ArrowDown')).toBeNull();
    expect(treeKeyAction(rows, 'project-2', 'ArrowUp')).toEqual({ type: 'focus', path: 'project-1/case-6' });
    expect(treeKeyAction(rows, 'project-1', 'ArrowUp')).toBeNull();
  });

  it('skips loading and empty rows', () => {
    const open = flattenTree([p1, p2], { 'project-1': true, 'project-1/case-5': true }, childrenOf).rows;
    expect(treeKeyAction(open, 'project-1/case-5', 'ArrowDown')).toEqual({
      type: 'focus',
      path: 'project-1/case-6',
    });
  });

  it('jumps to the first and last node', () => {
    expect(treeKeyAction(rows, 'project-1/case-6', 'Home')).toEqual({ type: 'focus', path: 'project-1' });
    expect(treeKeyAction(rows, 'project-1', 'End')).toEqual({ type: 'focus', path: 'project-2' });
  });

  it('Right opens a closed node, then steps to its first child', () => {
    expect(treeKeyAction(rows, 'project-2', 'ArrowRight')).toEqual({ type: 'expand', path: 'project-2' });
    expect(treeKeyAction(rows, 'project-1', 'ArrowRight')).toEqual({
      type: 'focus',
      path: 'project-1/case-5',
    });
    expect(treeKeyAction(rows, 'project-1/case-6', 'ArrowRight')).toBeNull();
  });

  it('Left closes an open node, else steps to the parent', () => {
    expect(treeKeyAction(rows, 'project-1', 'ArrowLeft')).toEqual({ type: 'collapse', path: 'project-1' });
    expect(treeKeyAction(rows, 'project-1/case-6', 'ArrowLeft')).toEqual({
      type: 'focus',
      path: 'project-1',
    });
    expect(treeKeyAction(rows, 'project-2', 'ArrowLeft')).toBeNull();
  });

  it('Enter opens the node page; other keys do nothing', () => {
    expect(treeKeyAction(rows, 'project-1/case-6', 'Enter')).toEqual({ type: 'open', node: c6 });
    expect(treeKeyAction(rows, 'project-1', 'a')).toBeNull();
  });

  it('starts from the first node when nothing holds focus', () => {
    expect(treeKeyAction(rows, null, 'ArrowDown')).toEqual({ type: 'focus', path: 'project-1' });
    expect(treeKeyAction([], null, 'ArrowDown')).toBeNull();
  });
});

describe('resolveFocusPath', () => {
  it('keeps a visible node, falls back to the nearest visible ancestor, else the first node', () => {
    expect(resolveFocusPath(rows, 'project-1/case-6')).toBe('project-1/case-6');
    expect(resolveFocusPath(rows, 'project-1/case-5/case-9')).toBe('project-1/case-5');
    expect(resolveFocusPath(rows, 'project-3/suite-1')).toBe('project-1');
    expect(resolveFocusPath(rows, null)).toBe('project-1');
    expect(resolveFocusPath([], null)).toBeNull();
  });
});

describe('Space and typeahead', () => {
  const s1 = projectNode({ id: 3, name: 'Checkout' }, ALL);
  const s2 = projectNode({ id: 4, name: 'cart' }, ALL);
  const s3 = projectNode({ id: 7, name: 'Billing' }, ALL);
  const flat = flattenTree([s1, s2, s3], {}, childrenOf).rows;

  it('Space opens a closed node, closes an open one, and does nothing on a leaf', () => {
    expect(treeKeyAction(rows, 'project-2', ' ')).toEqual({ type: 'expand', path: 'project-2' });
    expect(treeKeyAction(rows, 'project-1', ' ')).toEqual({ type: 'collapse', path: 'project-1' });
    expect(treeKeyAction(rows, 'project-1/case-6', ' ')).toBeNull();
  });

  it('a letter jumps to the next node starting with it, ignoring case, and wraps round', () => {
    expect(typeaheadPath(flat, 'project-3', 'c')).toBe('project-4');
    expect(typeaheadPath(flat, 'project-4', 'C')).toBe('project-3');
    expect(typeaheadPath(flat, 'project-3', 'b')).toBe('project-7');
    expect(typeaheadPath(flat, 'project-3', 'z')).toBeNull();
  });

  it('the same letter again steps on; more letters refine from the focused node', () => {
    expect(typeaheadPath(flat, 'project-4', 'cc')).toBe('project-3');
    expect(typeaheadPath(flat, 'project-3', 'ch')).toBe('project-3');
    expect(typeaheadPath(flat, 'project-3', 'ca')).toBe('project-4');
    expect(typeaheadPath(flat, null, 'bi')).toBe('project-7');
  });

  it('skips placeholder rows', () => {
    expect(typeaheadPath(rows, 'project-1', 'c')).toBe('project-1/case-5');
    expect(typeaheadPath(rows, 'project-1/case-6', 'p')).toBe('project-2');
  });
});
