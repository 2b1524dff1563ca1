import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { CommentList, CommentMutation, MentionableList, MessageResponse } from '@verdict/contract';
import { api } from '@/lib/api-client';

/** Comments on cases and cycle items, and the mention picker's people (docs/product/comments.md). */

/** What a thread hangs on: a case, or an item of a cycle. */
export type CommentOwner = { kind: 'case'; id: number } | { kind: 'item'; id: number };

const threadUrl = (owner: CommentOwner) =>
  owner.kind === 'case' ? `/api/test-cases/${owner.id}/comments` : `/api/cycle-items/${owner.id}/comments`;

export const commentKeys = {
  thread: (owner: CommentOwner) => ['comments', owner.kind, owner.id] as const,
  mentionable: (projectId: number, q: string) => ['comments', 'mentionable', projectId, q] as const,
};

/** A thread, oldest first, a page of up to 500 at a time (`fetchNextPage` reads the newer ones). */
export function useCommentThread(owner: CommentOwner) {
  return useInfiniteQuery({
    queryKey: commentKeys.thread(owner),
    queryFn: ({ pageParam }) =>
      api.get<CommentList>(pageParam ? `${threadUrl(owner)}?after=${pageParam}` : threadUrl(owner)),
    initialPageParam: 0,
    getNextPageParam: (page) => page.next ?? undefined,
  });
}

/** Adding, editing and deleting comments; each reads the thread again after it. */
export function useCommentMutations(owner: CommentOwner) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: commentKeys.thread(owner) });
  const add = useMutation({
    mutationFn: (body: string) => api.post<CommentMutation>(threadUrl(owner), { body }),
    onSuccess: reload,
  });
  const edit = useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) =>
      api.put<CommentMutation>(`/api/comments/${id}`, { body }),
    onSuccess: reload,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.del<MessageResponse>(`/api/comments/${id}`),
    onSuccess: reload,
  });
  return { add, edit, remove };
}

/**
 * The people a mention can name whose username starts with `q`; nothing is asked while `q` is
 * null. An answer is kept 30 s, and the last one stays on screen while the next comes.
 */
export function useMentionable(projectId: number, q: string | null) {
  return useQuery({
    queryKey: commentKeys.mentionable(projectId, q ?? ''),
    queryFn: () =>
      api.get<MentionableList>(`/api/projects/${projectId}/mentionable?q=${encodeURIComponent(q ?? '')}`),
    enabled: q !== null,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    select: (answer) => answer.users,
  });
}
