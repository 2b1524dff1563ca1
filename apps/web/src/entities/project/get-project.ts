import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectDetail } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A project with its members (members only when the caller holds users_in_project there). */
export const getProject = (id: number) => api.get<ProjectDetail>(`/api/projects/detail/${id}`);

/**
 * How long an answer counts as fresh: a screen's parts that mount once it has arrived (the case
 * list and its bulk bar wait for `my_permissions`) read it instead of asking again. Writes
 * through the app refresh it at once (lib/refresh.ts). Decision 189.
 */
export const PROJECT_FRESH_MS = 10_000;

export const projectQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.projects.detail(id),
    queryFn: () => getProject(id),
    staleTime: PROJECT_FRESH_MS,
  });

/** `id` null (a malformed route param) never fetches; the screen shows its error instead. */
export function useProject(id: number | null | undefined) {
  return useQuery({ ...projectQuery(id ?? 0), enabled: id != null && id > 0 });
}
