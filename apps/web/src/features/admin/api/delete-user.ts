import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse, SubUserList, User } from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One endpoint deletes users and sub-users alike (docs/product/users-and-sub-users.md, "The calls"). */
export const deleteUser = (id: number) => api.del<MessageResponse>(`/api/users/delete/${id}`);

/** Deletes, then drops the row from both cached lists so it leaves the screen without a reload. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<User[]>(queryKeys.users.list(), (users) => users?.filter((u) => u.id !== id));
      queryClient.setQueryData<SubUserList>(queryKeys.users.subUsers(), (list) =>
        list ? { ...list, subUsers: list.subUsers.filter((u) => u.id !== id) } : list,
      );
      queryClient.removeQueries({ queryKey: queryKeys.users.detail(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.statusCount() });
    },
  });
}
