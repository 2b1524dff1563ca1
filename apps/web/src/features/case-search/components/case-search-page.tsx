import { splitQuery } from '@verdict/contract';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Card, Page } from '@/components/ui/page';
import {
  type BulkBarSlot,
  type CaseSelection,
  NO_SELECTION,
  selectAllMatching,
  selectedCount,
  selectionBody,
} from '@/entities/case/selection';
import { useProject } from '@/entities/project/get-project';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { formatCount } from '@/lib/format-number';
import { useIdParam } from '@/lib/route-params';
import { withParam } from '@/lib/use-url-list-state';
import { useFirstSearchPage } from '../api/search-cases';
import { queryProblemsOf } from '../query-terms';
import { SavedSearches } from './saved-searches';
import { SearchBox } from './search-box';
import { SearchHelp } from './search-help';
import { SearchResults } from './search-results';
import './case-search.css';

const TITLE = 'Search Test Cases';

/**
 * /projects/{id}/search?q=: a project's cases matching a query (docs/product/search-screens.md).
 * The query lives in the address, so a search is a link to share and Back returns to the one
 * before; a query the server cannot read shows its problems at their terms.
 */
export function CaseSearchPage({ bulkBar }: { bulkBar?: BulkBarSlot | undefined } = {}) {
  const projectId = useIdParam();
  const project = useProject(projectId);
  const breadcrumbs = useScreenTrail(projectId === null ? null : { type: 'project', id: projectId }, TITLE);
  if (projectId === null) {
    return (
      <Page title={TITLE}>
        <ErrorBox message="Failed to fetch project details" />
      </Page>
    );
  }
  return (
    <Page title={TITLE} subtitle={project.data?.name} breadcrumbs={breadcrumbs} card={false}>
      <CaseSearch projectId={projectId} bulkBar={bulkBar} />
    </Page>
  );
}

function CaseSearch({ projectId, bulkBar }: { projectId: number; bulkBar: BulkBarSlot | undefined }) {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const first = useFirstSearchPage(projectId, query);
  const problems = queryProblemsOf(first.error);
  // The ticked cases belong to one query: another query starts with none.
  const [picked, setPicked] = useState({ query, selection: NO_SELECTION });
  const selection = picked.query === query ? picked.selection : NO_SELECTION;
  const onSelect = (change: (current: CaseSelection) => CaseSelection) =>
    setPicked((current) => ({
      query,
      selection: change(current.query === query ? current.selection : NO_SELECTION),
    }));
  const total = first.data?.total ?? 0;
  const capped = first.data?.total_capped ?? false;
  const count = selectedCount(selection, total);
  // 'Select all matching' goes once it is used: focus moves on to the bulk bar it filled.
  const bulkRef = useRef<HTMLDivElement>(null);
  const [focusBulk, setFocusBulk] = useState(false);
  useEffect(() => {
    if (!focusBulk) return;
    setFocusBulk(false);
    bulkRef.current?.querySelector<HTMLElement>('button')?.focus();
  }, [focusBulk]);
  return (
    <>
      <Card>
        <SearchBox
          query={query}
          terms={splitQuery(query)}
          problems={problems}
          onSearch={(next, replace) => setParams((current) => withParam(current, 'q', next), { replace })}
        />
        <SearchHelp />
        <SavedSearches projectId={projectId} query={query} />
      </Card>
      {/* Kept while the query has problems (its box drawn away), so the count line stays in the
          page and the next search's count is announced. */}
      <Card className={problems.length > 0 ? 'case-search-results is-idle' : 'case-search-results'}>
        <ResultCount total={problems.length > 0 ? undefined : first.data?.total} capped={capped} />
        {bulkBar && problems.length === 0 ? (
          <>
            {first.data && (count < total || (capped && selection.mode !== 'query')) ? (
              <div className="case-search-select-all">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => {
                    onSelect(() => selectAllMatching(query));
                    setFocusBulk(true);
                  }}
                >
                  {capped
                    ? `Select all ${formatCount(total)}+ matching`
                    : total === 1
                      ? 'Select the 1 matching'
                      : `Select all ${formatCount(total)} matching`}
                </Button>
              </div>
            ) : null}
            <div ref={bulkRef}>
              {bulkBar({
                projectId,
                selection: selectionBody(selection),
                count,
                atLeast: capped && selection.mode === 'query',
                onClear: () => onSelect(() => NO_SELECTION),
              })}
            </div>
          </>
        ) : null}
        {problems.length > 0 ? null : first.isError ? (
          <LoadFailed what="the search results" error={first.error} onRetry={() => void first.refetch()} />
        ) : first.data === undefined ? (
          <Loading text="Searching..." />
        ) : first.data.total > 0 ? (
          // A new query starts a new list at its top.
          <SearchResults
            key={query}
            projectId={projectId}
            query={query}
            total={first.data.total}
            selection={bulkBar ? selection : undefined}
            onSelect={onSelect}
          />
        ) : null}
      </Card>
    </>
  );
}

/**
 * 'N cases match', always in the page so screen readers hear each new count; empty while a
 * search runs or when the query could not be read.
 */
function ResultCount({ total, capped }: { total: number | undefined; capped: boolean }) {
  const text =
    total === undefined ? '' : capped ? `More than ${formatCount(total)} cases match` : countText(total);
  return (
    <p className="case-search-count" role="status">
      {text}
    </p>
  );
}

function countText(total: number): string {
  if (total === 0) return 'No cases match.';
  return total === 1 ? '1 case matches' : `${formatCount(total)} cases match`;
}
