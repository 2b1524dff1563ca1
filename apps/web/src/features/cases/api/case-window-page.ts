import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TestCase } from '@verdict/contract';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { OBJECT_LIST_PAGE_SIZE, pageFromParam } from '@/components/ui/object-list';
import { type CaseListScope, caseWindowQuery, wholeCaseListQuery } from '@/entities/case/case-list-queries';

/** The rows a case list draws, from a whole list or from the window of the page on screen. */
export interface CaseRows {
  /** The whole list, or (with `total`) the page's rows; undefined while loading. */
  rows: readonly TestCase[] | undefined;
  total: number | undefined;
  /** The place in the list of `rows[0]`. */
  offset: number;
  error: unknown;
  refetch: () => void;
  /** Every case id of the list, in list order ('Select all'); a window asks for them only then. */
  allIds: () => Promise<number[]>;
}

const NO_SCOPE: CaseListScope = { type: 'suite', id: 0 };

/**
 * The page of `scope` the address names (`?{pageParam}=n`), asked of the server as one window
 * of 25 with the list's total (docs/product/cases.md, "Windows of a list"); a page past the end
 * shows the last. Each opening asks again (staleTime 0). Off (nothing asked) without `scope`.
 */
export function useCaseWindowRows(scope: CaseListScope | undefined, pageParam: string): CaseRows {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const size = OBJECT_LIST_PAGE_SIZE;
  const asked = (pageFromParam(params.get(pageParam)) - 1) * size;
  const first = useQuery({
    ...caseWindowQuery(scope ?? NO_SCOPE, asked, size),
    enabled: scope !== undefined,
  });
  const total = first.data?.total;
  const beyond =
    first.data && first.data.items.length === 0 && total ? (Math.ceil(total / size) - 1) * size : null;
  const last = useQuery({
    ...caseWindowQuery(scope ?? NO_SCOPE, beyond ?? 0, size),
    enabled: scope !== undefined && beyond !== null,
  });
  const shown = beyond === null ? first : last;
  const allIds = useCallback(async () => {
    if (!scope) return [];
    const whole = await queryClient.fetchQuery({ ...wholeCaseListQuery(scope), staleTime: 0 });
    const kept = scope.outsideSuites ? whole.filter((testCase) => testCase.suite_id === null) : whole;
    return kept.map((testCase) => testCase.id);
  }, [queryClient, scope]);
  return {
    rows: shown.data?.items,
    total: shown.data?.total,
    offset: beyond ?? asked,
    error: shown.error,
    refetch: () => void shown.refetch(),
    allIds,
  };
}
