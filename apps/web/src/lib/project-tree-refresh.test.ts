import { QueryClient } from '@tanstack/react-query';
import type { Suite, TestCase } from '@verdict/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { invalidatedKeys, keyStrings as keys } from '@/test/query-cache';
import { invalidateCaseStatus, invalidateTree } from './project-tree-refresh';
import { queryKeys } from './query-keys';

const tk = queryKeys.tree;
const suite = (id: number, project_id: number): Suite => ({
  id,
  name: `S${id}`,
  description: '',
  project_id,
});
const testCase = (id: number, extra: Partial<TestCase> = {}): TestCase => ({
  id,
  name: `C${id}`,
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

let client: QueryClient;

/** Which cached keys the call marked stale. */
const invalidated = () => invalidatedKeys(client);

beforeEach(() => {
  client = new QueryClient();
  client.setQueryData(tk.projects(), [{ id: 1 }, { id: 2 }]);
  client.setQueryData(tk.projectSuites(1), [suite(3, 1)]);
  client.setQueryData(tk.projectCases(1), [testCase(10, { suite_id: 3, has_children: true }), testCase(11)]);
  client.setQueryData(tk.suiteCases(3), [testCase(10, { suite_id: 3, has_children: true })]);
  client.setQueryData(tk.childCases(10), [testCase(12, { suite_id: 3, parent_id: 10 })]);
  client.setQueryData(tk.projectSuites(2), []);
  client.setQueryData(tk.projectCases(2), [testCase(20, { project_id: 2 })]);
  // A screen's own list of the same resource is left alone by an exact match.
  client.setQueryData(queryKeys.projects.detail(1), { id: 1 });
});

describe('invalidateTree', () => {
  it('a project change refreshes the project list only', async () => {
    await invalidateTree(client, { type: 'project', id: 1 });
    expect(invalidated()).toEqual(keys(tk.projects()));
  });

  it("a new suite refreshes its project's suites and cases", async () => {
    await invalidateTree(client, { type: 'suite', id: 99, parent: { type: 'project', id: 2 } });
    expect(invalidated()).toEqual(keys(tk.projectSuites(2), tk.projectCases(2)));
  });

  it('a renamed or deleted suite is found in what is loaded', async () => {
    await invalidateTree(client, { type: 'suite', id: 3 });
    expect(invalidated()).toEqual(keys(tk.projectSuites(1), tk.projectCases(1)));
  });

  it('an unknown suite without a parent refreshes every suite list and project case list', async () => {
    await invalidateTree(client, { type: 'suite', id: 404 });
    expect(invalidated()).toEqual(
      keys(tk.projectSuites(1), tk.projectSuites(2), tk.projectCases(1), tk.projectCases(2)),
    );
  });

  it('a new top-level case refreshes its project list', async () => {
    await invalidateTree(client, { type: 'case', id: 99, parent: { type: 'project', id: 2 } });
    expect(invalidated()).toEqual(keys(tk.projectCases(2)));
  });

  it("a new case in a suite refreshes the suite and its project's cases", async () => {
    await invalidateTree(client, { type: 'case', id: 99, parent: { type: 'suite', id: 3 } });
    expect(invalidated()).toEqual(keys(tk.suiteCases(3), tk.projectCases(1)));
  });

  it('a new child case refreshes its siblings and the lists showing its parent (the arrow)', async () => {
    client.setQueryData(tk.childCases(11), []);
    await invalidateTree(client, { type: 'case', id: 99, parent: { type: 'case', id: 11 } });
    expect(invalidated()).toEqual(keys(tk.childCases(11), tk.projectCases(1)));
  });

  it('a renamed or deleted child case refreshes where it and its parent are listed', async () => {
    await invalidateTree(client, { type: 'case', id: 12 });
    expect(invalidated()).toEqual(keys(tk.childCases(10), tk.projectCases(1), tk.suiteCases(3)));
  });

  it('an unknown case without a parent refreshes every case list of the tree', async () => {
    await invalidateTree(client, { type: 'case', id: 404 });
    expect(invalidated()).toEqual(
      keys(tk.projectCases(1), tk.projectCases(2), tk.suiteCases(3), tk.childCases(10)),
    );
  });
});

describe('invalidateCaseStatus', () => {
  it('refreshes the lists showing the case and each ancestor (their roll-ups), not the rest', async () => {
    client.setQueryData(tk.childCases(12), [testCase(13, { suite_id: 3, parent_id: 12 })]);
    await invalidateCaseStatus(client, 13);
    expect(invalidated()).toEqual(
      keys(tk.childCases(12), tk.childCases(10), tk.suiteCases(3), tk.projectCases(1)),
    );
  });

  it('finds a parent through the case screen when no tree list shows the case', async () => {
    client.setQueryData(queryKeys.cases.detail(30), testCase(30, { parent_id: 12 }));
    await invalidateCaseStatus(client, 30);
    expect(invalidated()).toEqual(keys(tk.childCases(10), tk.suiteCases(3), tk.projectCases(1)));
  });

  it('refreshes every case list of the tree when an ancestor is unknown', async () => {
    client.setQueryData(queryKeys.cases.detail(30), testCase(30, { parent_id: 404 }));
    await invalidateCaseStatus(client, 30);
    expect(invalidated()).toEqual(
      keys(tk.projectCases(1), tk.projectCases(2), tk.suiteCases(3), tk.childCases(10)),
    );
    client.clear();
    client.setQueryData(tk.childCases(10), []);
    await invalidateCaseStatus(client, undefined);
    expect(invalidated()).toEqual(keys(tk.childCases(10)));
  });
});
