import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MessageResponse,
  SavedSearchList,
  SavedSearchMutation,
  SaveSearchBody,
} from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/projects/{id}/saved-searches`: the caller's saved searches in the project, by name. */
export function useSavedSearches(projectId: number) {
  return useQuery({
    queryKey: queryKeys.savedSearches.byProject(projectId),
    queryFn: ({ signal }) =>
      api.get<SavedSearchList>(`/api/projects/${projectId}/saved-searches`, { signal }),
    select: (answer) => answer.searches,
  });
}

/** Save a search under a name (409 when the person has one of that name), or delete one. */
export function useSavedSearchMutations(projectId: number) {
  const queryClient = useQueryClient();
  const reload = () =>
    queryClient.invalidateQueries({ queryKey: queryKeys.savedSearches.byProject(projectId) });
  const save = useMutation({
    mutationFn: (body: SaveSearchBody) =>
      api.post<SavedSearchMutation>(`/api/projects/${projectId}/saved-searches`, body),
    onSuccess: reload,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.del<MessageResponse>(`/api/saved-searches/${id}`),
    onSuccess: reload,
  });
  return { save, remove };
}
