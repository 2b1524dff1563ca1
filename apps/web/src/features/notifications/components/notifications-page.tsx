import type { Notification } from '@verdict/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { formatDateTime } from '@/lib/format-date';
import { paths } from '@/lib/paths';
import { useInbox, useMarkRead, useUnreadCount } from '../api/notifications-api';
import './notifications.css';

/**
 * /notifications: the inbox, newest first. Opening one marks it read and goes to the thing;
 * "Mark all as read" clears the bell (docs/product/notifications-screens.md).
 */
export function NotificationsPage() {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const inbox = useInbox(unreadOnly);
  const unread = useUnreadCount().data ?? 0;
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const items = inbox.data?.pages.flatMap((page) => page.items) ?? [];

  const open = (notification: Notification) => {
    if (!notification.read) markRead.mutate({ ids: [notification.id] });
    void navigate(notification.link);
  };

  return (
    <Page
      title="Notifications"
      subtitle={unread === 1 ? '1 unread' : `${unread} unread`}
      actions={
        <ButtonLink to={paths.notificationSettings} variant="secondary">
          Notification settings
        </ButtonLink>
      }
    >
      <div className="notification-toolbar">
        <Button
          variant="primary"
          disabled={unread === 0}
          busy={markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          Mark all as read
        </Button>
        <Button variant="ghost" aria-pressed={unreadOnly} onClick={() => setUnreadOnly((only) => !only)}>
          Unread only
        </Button>
      </div>
      {inbox.isLoading ? <p role="status">Loading notifications…</p> : null}
      {inbox.isError && !inbox.data ? (
        <p role="alert">
          Could not load your notifications.{' '}
          <Button variant="ghost" onClick={() => void inbox.refetch()}>
            Try again
          </Button>
        </p>
      ) : null}
      {inbox.data && items.length === 0 ? (
        <p>{unreadOnly ? 'Nothing unread.' : 'No notifications yet.'}</p>
      ) : null}
      {items.length > 0 ? (
        <ul className="notification-list" aria-label="Notifications">
          {items.map((n) => (
            <li key={n.id} className={n.read ? 'notification-item' : 'notification-item is-unread'}>
              <Link
                to={n.link}
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  open(n);
                }}
              >
                {n.read ? null : <span className="visually-hidden">Unread: </span>}
                {n.title}
              </Link>
              <span className="notification-meta">
                {n.project ? `${n.project.name} · ` : ''}
                <time dateTime={n.created_at}>{formatDateTime(n.created_at)}</time>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {inbox.hasNextPage ? (
        <Button
          variant="secondary"
          busy={inbox.isFetchingNextPage}
          onClick={() => void inbox.fetchNextPage()}
        >
          Show older
        </Button>
      ) : null}
    </Page>
  );
}
