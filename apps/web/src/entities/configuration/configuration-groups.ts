import { useQuery } from '@tanstack/react-query';
import type { ConfigurationGroupList } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * A project's configuration groups in the order they were made, each with its configurations
 * (docs/product/milestones.md, "Configurations"). Here, not in the configurations feature,
 * because a test plan's entries pick their configurations from the same list.
 */
export function useConfigurationGroups(projectId: number | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.configurationGroups.byProject(projectId ?? 0),
    queryFn: () => api.get<ConfigurationGroupList>(`/api/projects/${projectId}/configuration-groups`),
    enabled: enabled && projectId !== null,
    select: (answer) => answer.groups,
  });
}
