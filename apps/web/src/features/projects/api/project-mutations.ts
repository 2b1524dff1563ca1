import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse, ProjectBody, ProjectMutation } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/refresh';

export const createProject = (body: ProjectBody) => api.post<ProjectMutation>('/api/projects/create', body);

export const updateProject = (id: number, body: ProjectBody) =>
  api.put<ProjectMutation>(`/api/projects/update/${id}`, body);

export const deleteProject = (id: number) => api.del<MessageResponse>(`/api/projects/delete/${id}`);

/** Refreshes the sidebar tree and the dashboard count. */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (answer) =>
      refreshAfter(queryClient, { type: 'project', id: answer.project.id }, ['projects']),
  });
}

export function useUpdateProject(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectBody) => updateProject(id, body),
    onSuccess: () => refreshAfter(queryClient, { type: 'project', id }, ['projects']),
  });
}

/**
 * The screen navigates away first and refreshes afterwards (`refreshAfterProjectDelete`), so
 * the deleted project's own detail query is not refetched into a 404 while it is still shown.
 */
export function useDeleteProject() {
  return useMutation({ mutationFn: deleteProject });
}
