import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MarkNotificationsRead,
  MarkNotificationsReadResult,
  NotificationList,
  NotificationSettings,
  NotificationSettingsBody,
} from '@verdict/contract';
import { api } from '@/lib/api-client';

/** The inbox, the bell's count and the settings (docs/product/notifications.md). */

export const notificationKeys = {
  all: ['notifications'] as const,
  count: () => ['notifications', 'count'] as const,
  inbox: (unread: boolean) => ['notifications', 'inbox', unread] as const,
  settings: () => ['notification-settings'] as const,
};

const PAGE = 30;

/** The unread count: a page of one answers it. The live stream's `notifications` event reloads it. */
export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.count(),
    queryFn: () => api.get<NotificationList>('/api/notifications?unread=true&limit=1'),
    select: (list) => list.unread,
  });
}

/** The inbox, newest first, a page at a time (`fetchNextPage` reads older ones). */
export function useInbox(unread: boolean) {
  return useInfiniteQuery({
    queryKey: notificationKeys.inbox(unread),
    queryFn: ({ pageParam }) =>
      api.get<NotificationList>(
        `/api/notifications?limit=${PAGE}${unread ? '&unread=true' : ''}${pageParam ? `&cursor=${pageParam}` : ''}`,
      ),
    initialPageParam: 0,
    getNextPageParam: (page) => page.next ?? undefined,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkNotificationsRead) =>
      api.post<MarkNotificationsReadResult>('/api/notifications/read', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings(),
    queryFn: () => api.get<NotificationSettings>('/api/me/notification-settings'),
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettingsBody) =>
      api.put<NotificationSettings>('/api/me/notification-settings', body),
    onSuccess: (answer) => queryClient.setQueryData(notificationKeys.settings(), answer),
  });
}
