import { describe, expect, it } from 'vitest';
import { revealPath, targetPath } from './tree-model';

const all = { suites: true, cases: true };

describe('targetPath', () => {
  it('places a child case under its suite and ancestors', () => {
    expect(targetPath({ projectId: 1, suiteId: 3, caseIds: [7, 9] }, all)).toBe(
      'project-1/suite-3/case-7/case-9',
    );
  });

  it('places a case under its project when suites are not shown, as the tree does', () => {
    expect(targetPath({ projectId: 1, suiteId: 3, caseIds: [7] }, { suites: false, cases: true })).toBe(
      'project-1/case-7',
    );
  });

  it('stops at the suite for a user who may not see cases', () => {
    expect(targetPath({ projectId: 1, suiteId: 3, caseIds: [7] }, { suites: true, cases: false })).toBe(
      'project-1/suite-3',
    );
  });
});

describe('revealPath', () => {
  it('expands every ancestor of the path but not the node itself', () => {
    expect(revealPath({ 'project-2': true }, 'project-1/suite-3/case-7')).toEqual({
      'project-2': true,
      'project-1': true,
      'project-1/suite-3': true,
    });
  });

  it('keeps the same map when everything is open already', () => {
    const map = { 'project-1': true, 'project-1/suite-3': true };
    expect(revealPath(map, 'project-1/suite-3/case-7')).toBe(map);
  });
});
