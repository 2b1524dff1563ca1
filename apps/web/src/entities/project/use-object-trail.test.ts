import type { TestCase } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { caseChain, parentIdOf } from './use-object-trail';

const testCase = (id: number, parent_id: number | null): TestCase => ({
  id,
  name: `case ${id}`,
  description: '',
  project_id: 1,
  suite_id: null,
  priority: 'medium',
  tags: [],
  parent_id,
  has_children: false,
  status: null,
  rollup: null,
});

describe('parentIdOf', () => {
  it('reads null and the string "null" as top level', () => {
    expect(parentIdOf(testCase(2, null))).toBeNull();
    expect(parentIdOf({ parent_id: 'null' as unknown as null })).toBeNull();
    expect(parentIdOf(testCase(3, 2))).toBe(2);
  });
});

describe('caseChain', () => {
  it('walks from a case to its top-level ancestor as far as the cases are known', () => {
    const known = new Map([
      [4, testCase(4, 3)],
      [3, testCase(3, 1)],
      [1, testCase(1, null)],
    ]);
    expect(caseChain(4, (id) => known.get(id))).toEqual([4, 3, 1]);
    known.delete(3);
    // Case 3 is not loaded yet: the walk stops at the id it knows of.
    expect(caseChain(4, (id) => known.get(id))).toEqual([4, 3]);
    expect(caseChain(9, (id) => known.get(id))).toEqual([9]);
  });

  it('stops on a cycle instead of looping', () => {
    const known = new Map([
      [1, testCase(1, 2)],
      [2, testCase(2, 1)],
    ]);
    expect(caseChain(1, (id) => known.get(id))).toEqual([1, 2]);
  });
});
