import { useQuery } from '@tanstack/react-query';
import type { CaseFieldList } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A project's custom case fields, in their order (docs/product/rich-cases-screens.md). */
export const getCaseFields = (projectId: number) =>
  api.get<CaseFieldList>(`/api/projects/${projectId}/case-fields`);

/** `projectId` undefined (still loading the suite or parent case) never fetches. */
export function useCaseFields(projectId: number | null | undefined) {
  return useQuery({
    queryKey: queryKeys.caseFields.byProject(projectId ?? 0),
    queryFn: () => getCaseFields(projectId ?? 0),
    enabled: projectId != null && projectId > 0,
    select: (answer) => [...answer.fields].sort((a, b) => a.position - b.position || a.id - b.id),
  });
}
