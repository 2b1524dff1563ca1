import type { UseQueryResult } from '@tanstack/react-query';
import type { TestCase } from '@verdict/contract';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { ObjectList } from '@/components/ui/object-list';
import { Card } from '@/components/ui/page';
import { SelectCheckbox } from '@/components/ui/select-checkbox';
import { CaseRowBadges } from '@/entities/case/case-badges';
import {
  type BulkBarSlot,
  type CaseSelection,
  isSelected,
  NO_SELECTION,
  selectAll,
  selectionBody,
  selectRange,
  toggleRow,
} from '@/entities/case/selection';
import { StatusMark } from '@/entities/case/status-mark';
import { formatCount } from '@/lib/format-number';
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
  /**
   * The bulk-actions bar (another feature, composed by app/routes) and the project of the list:
   * with it, each row has a checkbox and the list a 'Select all' box.
   */
  bulk?: { projectId: number; bar: BulkBarSlot } | undefined;
}

/**
 * The cases inside a suite, a project or a case, each with its status mark, a page at a time
 * (docs/product/cases.md, "Lists of cases").
 */
export function CaseList({
  title,
  label,
  cases,
  keep,
  pageParam,
  emptyText,
  addAction,
  bulk,
}: CaseListProps) {
  const rows = useMemo(() => (keep && cases.data ? cases.data.filter(keep) : cases.data), [cases.data, keep]);
  const [picked, setPicked] = useState<CaseSelection>(NO_SELECTION);
  // Cases that left the list (deleted, moved) are no longer ticked.
  const places = useMemo(() => new Map((rows ?? []).map((row, index) => [row.id, index])), [rows]);
  const selection = useMemo(
    () => ({ ...picked, ids: new Set([...picked.ids].filter((id) => places.has(id))) }),
    [picked, places],
  );
  const count = selection.ids.size;
  const all = rows?.length ?? 0;
  const idAt = (index: number) => rows?.[index]?.id;
  return (
    <Card title={title}>
      {bulk ? (
        <>
          {bulk.bar({
            projectId: bulk.projectId,
            selection: selectionBody(selection),
            count,
            onClear: () => setPicked(NO_SELECTION),
          })}
          {all > 0 ? (
            <div className="case-list-select-all">
              <SelectCheckbox
                label={all === 1 ? 'Select the 1 case' : `Select all ${formatCount(all)} cases`}
                showLabel
                checked={count === all}
                mixed={count > 0 && count < all}
                onToggle={() =>
                  setPicked(
                    count === all
                      ? NO_SELECTION
                      : selectAll(
                          selection,
                          (rows ?? []).map((r) => r.id),
                        ),
                  )
                }
              />
            </div>
          ) : null}
        </>
      ) : null}
      <ObjectList
        label={label}
        rows={rows}
        rowKey={(testCase) => testCase.id}
        renderRow={(testCase) => (
          <>
            {bulk ? (
              <SelectCheckbox
                label={`Select ${testCase.name}`}
                checked={isSelected(selection, testCase.id)}
                onToggle={(range) => {
                  const row = { index: places.get(testCase.id) ?? 0, id: testCase.id };
                  setPicked(range ? selectRange(selection, row, idAt) : toggleRow(selection, row));
                }}
              />
            ) : null}
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
