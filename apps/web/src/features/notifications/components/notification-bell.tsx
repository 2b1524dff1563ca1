import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useUnreadCount } from '../api/notifications-api';
import './notifications.css';

const BellIcon = () => (
  <svg
    viewBox="0 0 24 24"
    width="18"
    height="18"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </svg>
);

/**
 * The shell's bell: a link to the inbox named with the unread count ("Notifications, 3 unread"),
 * which the live stream keeps current (app/live-updates.ts reloads it on `notifications`).
 */
export function NotificationBell() {
  const unread = useUnreadCount().data ?? 0;
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <Link
      to={paths.notifications}
      className="btn btn-ghost header-button notification-bell"
      aria-label={`Notifications, ${unread} unread`}
    >
      <BellIcon />
      {unread > 0 ? (
        <span className="notification-count" aria-hidden="true">
          {shown}
        </span>
      ) : null}
    </Link>
  );
}
