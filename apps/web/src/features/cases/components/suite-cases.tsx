import type { Suite } from '@verdict/contract';
import { useMemo } from 'react';
import type { BulkBarSlot } from '@/entities/case/selection';
import { paths } from '@/lib/paths';
import { useCaseWindowRows } from '../api/case-window-page';
import { CaseList } from './case-list';

export interface SuiteCasesProps {
  suite: Pick<Suite, 'id' | 'name' | 'project_id'>;
  /** The empty list offers 'New test case' (add_test_case_in_test_suit). */
  canAdd: boolean;
  /** The bulk-actions bar over the list, with a checkbox per case (entities/case/selection.ts). */
  bulkBar?: BulkBarSlot | undefined;
}

/**
 * A suite's top-level cases on its page (docs/product/cases.md, "Lists of cases"): only the page
 * on screen is asked for, with the suite's total for the pager.
 */
export function SuiteCases({ suite, canAdd, bulkBar }: SuiteCasesProps) {
  const scope = useMemo(() => ({ type: 'suite', id: suite.id }) as const, [suite.id]);
  const cases = useCaseWindowRows(scope, 'cases');
  return (
    <CaseList
      title="Test Cases"
      label={`Test cases of ${suite.name}`}
      cases={cases}
      pageParam="cases"
      emptyText="No test cases in this suite yet."
      addAction={canAdd ? { to: paths.suiteAddCase(suite.id), label: 'New test case' } : null}
      bulk={bulkBar ? { projectId: suite.project_id, bar: bulkBar } : undefined}
    />
  );
}
