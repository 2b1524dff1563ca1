import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { invalidatedKeys, keyStrings as keys } from '@/test/query-cache';
import { queryKeys } from './query-keys';
import { caseParentRef, refreshAfter, refreshAfterSuiteDelete } from './refresh';

let client: QueryClient;

const stale = () => invalidatedKeys(client);

beforeEach(() => {
  client = new QueryClient();
  client.setQueryData(queryKeys.tree.projects(), [{ id: 1 }, { id: 2 }]);
  client.setQueryData(queryKeys.tree.projectSuites(1), [{ id: 3, project_id: 1 }]);
  client.setQueryData(queryKeys.tree.projectSuites(2), []);
  client.setQueryData(queryKeys.tree.projectCases(2), []);
  client.setQueryData(queryKeys.suites.detail(3), { id: 3 });
  client.setQueryData(queryKeys.suites.count(), { totalTestSuites: 1 });
  client.setQueryData(queryKeys.projects.detail(1), { id: 1 });
});

describe('refreshAfter', () => {
  it("refreshes the tree's lists for the change and the resource's screen queries only", async () => {
    await refreshAfter(client, { type: 'suite', id: 9, parent: { type: 'project', id: 1 } }, ['suites']);
    expect(stale()).toEqual(
      keys(queryKeys.tree.projectSuites(1), queryKeys.suites.detail(3), queryKeys.suites.count()),
    );
  });

  it('a suite delete also marks case and run screens stale, never other projects’ tree lists', async () => {
    client.setQueryData(queryKeys.runs.stats(), { totalRuns: 0 });
    await refreshAfterSuiteDelete(client, { id: 3, project_id: 1 });
    expect(stale()).toEqual(
      keys(
        queryKeys.tree.projectSuites(1),
        queryKeys.suites.detail(3),
        queryKeys.suites.count(),
        queryKeys.runs.stats(),
      ),
    );
  });
});

describe('caseParentRef', () => {
  it('is the parent case, else the suite, else the project', () => {
    expect(caseParentRef({ parent_id: 5, suite_id: 3, project_id: 1 })).toEqual({ type: 'case', id: 5 });
    expect(caseParentRef({ parent_id: null, suite_id: 3, project_id: 1 })).toEqual({ type: 'suite', id: 3 });
    expect(caseParentRef({ parent_id: null, suite_id: null, project_id: 1 })).toEqual({
      type: 'project',
      id: 1,
    });
  });
});
