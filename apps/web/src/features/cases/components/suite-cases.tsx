import type { Suite } from '@verdict/contract';
import type { BulkBarSlot } from '@/entities/case/selection';
import { paths } from '@/lib/paths';
import { useSuiteCases } from '../api/case-lists';
import { CaseList } from './case-list';

export interface SuiteCasesProps {
  suite: Pick<Suite, 'id' | 'name' | 'project_id'>;
  /** The empty list offers 'New test case' (add_test_case_in_test_suit). */
  canAdd: boolean;
  /** The bulk-actions bar over the list, with a checkbox per case (entities/case/selection.ts). */
  bulkBar?: BulkBarSlot | undefined;
}

/** A suite's top-level cases on its page (docs/product/cases.md, "Lists of cases"). */
export function SuiteCases({ suite, canAdd, bulkBar }: SuiteCasesProps) {
  const cases = useSuiteCases(suite.id, true);
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
