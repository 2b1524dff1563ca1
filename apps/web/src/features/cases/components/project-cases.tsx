import type { Project } from '@verdict/contract';
import { useMemo } from 'react';
import type { BulkBarSlot } from '@/entities/case/selection';
import { paths } from '@/lib/paths';
import { useCaseWindowRows } from '../api/case-window-page';
import { CaseList } from './case-list';

export interface ProjectCasesProps {
  project: Pick<Project, 'id' | 'name'>;
  /** The user sees the project's suites, so cases in a suite are listed there instead. */
  suitesShown: boolean;
  /** The empty list offers 'New test case' (add_test_case_in_project). */
  canAdd: boolean;
  /** The bulk-actions bar over the list, with a checkbox per case (entities/case/selection.ts). */
  bulkBar?: BulkBarSlot | undefined;
}

/**
 * A project's top-level cases on its page: those in no suite, or all of them for a user who does
 * not see suites, so that every case is reachable (docs/product/cases.md, "Lists of cases"). Only
 * the page on screen is asked for, with the list's total for the pager.
 */
export function ProjectCases({ project, suitesShown, canAdd, bulkBar }: ProjectCasesProps) {
  const scope = useMemo(
    () => ({ type: 'project', id: project.id, outsideSuites: suitesShown }) as const,
    [project.id, suitesShown],
  );
  const cases = useCaseWindowRows(scope, 'cases');
  return (
    <CaseList
      title="Test Cases"
      label={`Test cases of ${project.name}`}
      cases={cases}
      pageParam="cases"
      emptyText={suitesShown ? 'No test cases outside a suite yet.' : 'No test cases yet.'}
      addAction={canAdd ? { to: paths.projectAddCase(project.id), label: 'New test case' } : null}
      bulk={bulkBar ? { projectId: project.id, bar: bulkBar } : undefined}
    />
  );
}
