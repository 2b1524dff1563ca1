import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddMemberBody, MemberMutation, MessageResponse } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/refresh';

export const addMember = (body: AddMemberBody) => api.post<MemberMutation>('/api/projects/add-user', body);

export const changeMemberRole = (body: AddMemberBody) =>
  api.put<MemberMutation>(`/api/projects/${body.projectId}/user/${body.userId}/change-role`, body);

export const removeMember = (projectId: number, userId: number) =>
  api.del<MessageResponse>(`/api/projects/${projectId}/user/${userId}/remove`);

// Membership decides which projects a user sees (the tree and counts: removing oneself can hide
// the project) and their permissions inside one, so project queries refresh, not only members.
const membershipChanged = (queryClient: QueryClient, projectId: number) =>
  refreshAfter(queryClient, { type: 'project', id: projectId }, ['projects']);

export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMember,
    onSuccess: (_answer, body) => membershipChanged(queryClient, body.projectId),
  });
}

export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMemberRole,
    onSuccess: (_answer, body) => membershipChanged(queryClient, body.projectId),
  });
}

export function useRemoveMember(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeMember(projectId, userId),
    onSuccess: () => membershipChanged(queryClient, projectId),
  });
}
