import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectDetail } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A project with its members (members only when the caller holds users_in_project there). */
export const getProject = (id: number) => api.get<ProjectDetail>(`/api/projects/detail/${id}`);

export const projectQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.projects.detail(id), queryFn: () => getProject(id) });

/** `id` null (a malformed route param) never fetches; the screen shows its error instead. */
export function useProject(id: number | null | undefined) {
  return useQuery({ ...projectQuery(id ?? 0), enabled: id != null && id > 0 });
}
