import { STORAGE_KEYS } from '@verdict/contract';
import { useCallback, useEffect, useState } from 'react';
import { type DashboardTotals, EMPTY_TOTALS, getDashboardTotals } from '../api/get-dashboard-totals';

export const NO_TOKEN_WARNING = 'No token found; dashboard stats not requested';

/**
 * Loading until the three counts have answered, whether they succeed or fail. Asked afresh
 * each time the dashboard opens, so counts follow every change. Without a token in local
 * storage nothing is asked, only a warning is logged.
 * docs/product/dashboard.md, "Loading and failures"
 */
export function useDashboardTotals(): {
  totals: DashboardTotals;
  loading: boolean;
  /** A call that failed: the screen says so, with Retry, instead of passing its zeros off as data. */
  failure: unknown;
  retry: () => void;
} {
  const [totals, setTotals] = useState<DashboardTotals>(EMPTY_TOTALS);
  const [failure, setFailure] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt asks the counts again
  useEffect(() => {
    if (!localStorage.getItem(STORAGE_KEYS.token)) {
      console.warn(NO_TOKEN_WARNING);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    void getDashboardTotals(controller.signal).then((answer) => {
      if (controller.signal.aborted) return;
      setTotals(answer.totals);
      setFailure(answer.failure);
      setLoading(false);
    });
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => {
    setLoading(true);
    setAttempt((n) => n + 1);
  }, []);

  return { totals, loading, failure, retry };
}
