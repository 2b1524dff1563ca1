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
import type { CaseRows } from '../api/case-window-page';
import './case-content.css';

export interface CaseListProps {
  /** The card's heading, e.g. 'Test Cases'. */
  title: string;
  /** The list's accessible name, e.g. 'Test cases of Checkout'. */
  label: string;
  /** The whole list, or the window of the page on screen (api/case-window-page.ts). */
  cases: CaseRows;
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
export function CaseList({ title, label, cases, pageParam, emptyText, addAction, bulk }: CaseListProps) {
  const { rows, offset } = cases;
  const windowed = cases.total !== undefined;
  const [picked, setPicked] = useState<CaseSelection>(NO_SELECTION);
  const places = useMemo(
    () => new Map((rows ?? []).map((row, index) => [row.id, offset + index])),
    [rows, offset],
  );
  // Cases that left a whole list (deleted, moved) are no longer ticked; a window shows only
  // part of the list, so what it does not show stays ticked.
  const selection = useMemo(
    () => (windowed ? picked : { ...picked, ids: new Set([...picked.ids].filter((id) => places.has(id))) }),
    [picked, places, windowed],
  );
  const count = selection.ids.size;
  const all = cases.total ?? rows?.length ?? 0;
  const idAt = (index: number) => rows?.[index - offset]?.id;
  const [selectingAll, setSelectingAll] = useState(false);
  const toggleAll = async () => {
    if (count === all) return setPicked(NO_SELECTION);
    setSelectingAll(true);
    try {
      setPicked(selectAll(selection, await cases.allIds()));
    } catch {
      // The list could not be read whole: nothing more is ticked (the failure was logged).
    } finally {
      setSelectingAll(false);
    }
  };
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
                onToggle={() => {
                  if (!selectingAll) void toggleAll();
                }}
              />
            </div>
          ) : null}
        </>
      ) : null}
      <ObjectList
        label={label}
        rows={rows}
        total={cases.total}
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
        onRetry={cases.refetch}
        loadingText="Loading test cases..."
      />
    </Card>
  );
}
