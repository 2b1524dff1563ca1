import { useQuery } from '@tanstack/react-query';
import type { Project, User } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The user picker: the user list (view_admin_home); without it the screen offers oneself only. */
export const useInspectorUsers = () =>
  useQuery({ queryKey: queryKeys.users.list(), queryFn: () => api.get<User[]>('/api/users/list') });

/** The project picker: the projects the signed-in user sees (the server refuses the others). */
export const useInspectorProjects = () =>
  useQuery({ queryKey: queryKeys.projects.list(), queryFn: () => api.get<Project[]>('/api/projects/list') });
