import type { UseQueryResult } from '@tanstack/react-query';
import type { TestCase } from '@verdict/contract';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { CaseRowBadges } from '@/components/ui/case-badges';
import { ObjectList } from '@/components/ui/object-list';
import { Card } from '@/components/ui/page';
import { StatusMark } from '@/components/ui/status-mark';
import { paths } from '@/lib/paths';
import './case-content.css';

export interface CaseListProps {
  /** The card's heading, e.g. 'Test Cases'. */
  title: string;
  /** The list's accessible name, e.g. 'Test cases of Checkout'. */
  label: string;
  cases: UseQueryResult<TestCase[]>;
  /** Keeps only some of the list (a project shows its cases outside any suite). */
  keep?: (testCase: TestCase) => boolean;
  /** The address parameter of this list's page. */
  pageParam: string;
  emptyText: string;
  /** The add action the empty list offers; null when the user may not add. */
  addAction: { to: string; label: string } | null;
}

/**
 * The cases inside a suite, a project or a case, each with its status mark, a page at a time
 * (docs/product/cases.md, "Lists of cases").
 */
export function CaseList({ title, label, cases, keep, pageParam, emptyText, addAction }: CaseListProps) {
  const rows = keep && cases.data ? cases.data.filter(keep) : cases.data;
  return (
    <Card title={title}>
      <ObjectList
        label={label}
        rows={rows}
        rowKey={(testCase) => testCase.id}
        renderRow={(testCase) => (
          <>
            <StatusMark
              status={testCase.status}
              rollup={testCase.rollup}
              hasChildren={testCase.has_children}
            />
            <Link to={paths.caseDetail(testCase.id)}>{testCase.name}</Link>
            <CaseRowBadges testCase={testCase} />
          </>
        )}
        pageParam={pageParam}
        empty={
          <>
            <p>{emptyText}</p>
            {addAction ? (
              <ButtonLink to={addAction.to} size="sm">
                {addAction.label}
              </ButtonLink>
            ) : null}
          </>
        }
        error={cases.error}
        what="the test cases"
        onRetry={() => void cases.refetch()}
        loadingText="Loading test cases..."
      />
    </Card>
  );
}
