import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ConfigurationGroupMutation,
  CreateConfigurationGroupBody,
  MessageResponse,
  UpdateConfigurationGroupBody,
} from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Create, change and delete groups; each reloads the project's groups. */
export function useConfigurationGroupMutations(projectId: number) {
  const queryClient = useQueryClient();
  const reload = () =>
    queryClient.invalidateQueries({ queryKey: queryKeys.configurationGroups.byProject(projectId) });
  const create = useMutation({
    mutationFn: (body: CreateConfigurationGroupBody) =>
      api.post<ConfigurationGroupMutation>(`/api/projects/${projectId}/configuration-groups`, body),
    onSuccess: reload,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateConfigurationGroupBody }) =>
      api.put<ConfigurationGroupMutation>(`/api/configuration-groups/${id}`, body),
    onSuccess: reload,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.del<MessageResponse>(`/api/configuration-groups/${id}`),
    onSuccess: reload,
  });
  return { create, update, remove };
}
