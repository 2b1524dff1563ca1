import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CaseTags } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const SUGGESTIONS = 10;

export const getCaseTags = (projectId: number, q: string) =>
  api.get<CaseTags>(
    `/api/projects/${projectId}/case-tags?${new URLSearchParams({ q, limit: String(SUGGESTIONS) })}`,
  );

/** The project's tags starting with `q`, most used first: the tag input's suggestions. */
export function useCaseTagSuggestions(projectId: number | null | undefined, q: string) {
  return useQuery({
    queryKey: queryKeys.cases.tags(projectId ?? 0, q),
    queryFn: () => getCaseTags(projectId ?? 0, q),
    enabled: projectId != null && projectId > 0,
    // The list stays while the next answer comes, so it does not flicker as one types.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    select: (answer) => answer.tags.map((entry) => entry.tag),
  });
}
