import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateSharedStepsBody,
  SharedSteps,
  SharedStepsMutation,
  SharedStepsPage,
} from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * Shared step sets (docs/product/shared-steps.md). Their keys sit under 'cases': saving a case
 * changes a set's case count, and changing a set changes every case using it, so one
 * invalidation of `queryKeys.cases.all` reloads both sides (decision record 218).
 */
export const sharedStepsKeys = {
  all: [...queryKeys.cases.all, 'shared-steps'] as const,
  list: (projectId: number, q: string, offset: number, limit: number) =>
    [...queryKeys.cases.all, 'shared-steps', 'project', projectId, q, offset, limit] as const,
  detail: (id: number) => [...queryKeys.cases.all, 'shared-steps', 'detail', id] as const,
  usage: (id: number, offset: number) =>
    [...queryKeys.cases.all, 'shared-steps', 'usage', id, offset] as const,
};

export const getSharedSteps = (id: number) => api.get<SharedSteps>(`/api/shared-steps/${id}`);

/** `id` null (a malformed route param) never fetches. */
export function useSharedSteps(id: number | null) {
  return useQuery({
    queryKey: sharedStepsKeys.detail(id ?? 0),
    queryFn: () => getSharedSteps(id ?? 0),
    enabled: id !== null && id > 0,
  });
}

/** '?q=sign&limit=25&offset=0', leaving out an empty `q`. */
export function sharedStepsListQuery(q: string, offset: number, limit: number): string {
  const params = new URLSearchParams();
  if (q.trim() !== '') params.set('q', q.trim());
  params.set('limit', String(limit));
  params.set('offset', String(offset));
  return `?${params}`;
}

/** A page of a project's sets by name, `q` matching the name. */
export function useSharedStepsList(
  projectId: number,
  q: string,
  offset: number,
  limit: number,
  enabled = true,
) {
  return useQuery({
    queryKey: sharedStepsKeys.list(projectId, q.trim(), offset, limit),
    queryFn: () =>
      api.get<SharedStepsPage>(
        `/api/projects/${projectId}/shared-steps${sharedStepsListQuery(q, offset, limit)}`,
      ),
    enabled: enabled && projectId > 0,
    placeholderData: (previous) => previous,
  });
}

export function useCreateSharedSteps(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSharedStepsBody) =>
      api.post<SharedStepsMutation>(`/api/projects/${projectId}/shared-steps`, body),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: sharedStepsKeys.all });
      // The form shows the new set at once, from the answer.
      queryClient.setQueryData(sharedStepsKeys.detail(answer.shared_steps.id), answer.shared_steps);
    },
  });
}
