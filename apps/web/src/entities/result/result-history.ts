import { useQuery } from '@tanstack/react-query';
import type { CaseHistory, HistoryItem, Quarantine } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { formatDuration } from '@/lib/format-duration';
import { queryKeys } from '@/lib/query-keys';

/**
 * A case's last results (docs/product/flaky-tests.md, "On the case page"), shared by the case
 * page and a cycle item's execution view: the query and the words of each mark of the strip.
 */

export function useCaseHistory(caseId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.flaky.history(caseId),
    queryFn: () => api.get<CaseHistory>(`/api/test-cases/${caseId}/history?limit=30`),
    enabled,
  });
}

/** Whether a result is a failure recorded while the case is quarantined (at or after it began). */
export function quarantinedFailure(item: HistoryItem, quarantine: Quarantine | null): boolean {
  return (
    quarantine !== null && item.state === 'failed' && Date.parse(item.created_at) >= Date.parse(quarantine.at)
  );
}

/** A mark's accessible name: "passed, 1.2 s, cycle Nightly 42, branch main". */
export function markLabel(item: HistoryItem, quarantined: boolean): string {
  const parts: string[] = [quarantined ? `${item.state} (quarantined)` : item.state];
  if (item.elapsed_ms !== null) parts.push(formatDuration(item.elapsed_ms));
  parts.push(`cycle ${item.cycle_name}`);
  if (item.branch) parts.push(`branch ${item.branch}`);
  return parts.join(', ');
}

/** A mark's tooltip: its name, then the failure message on its own line. */
export function markTitle(item: HistoryItem, quarantined: boolean): string {
  const label = markLabel(item, quarantined);
  return item.failure_message ? `${label}\n${item.failure_message}` : label;
}
