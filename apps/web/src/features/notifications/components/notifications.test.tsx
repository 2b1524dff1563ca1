import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification, NotificationList } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { NotificationBell } from './notification-bell';
import { NotificationSettingsPage } from './notification-settings-page';
import { NotificationsPage } from './notifications-page';

const MENTION: Notification = {
  id: 12,
  kind: 'mentioned',
  title: 'rosa mentioned you on an item of cycle "Release 3"',
  link: '/cycle-items/41',
  project: { id: 3, name: 'Shop' },
  actor: { id: 9, username: 'rosa' },
  created_at: '2026-11-20T10:00:00.000Z',
  read: false,
};
const ASSIGNED: Notification = {
  ...MENTION,
  id: 11,
  kind: 'assigned',
  title: 'rosa assigned you 2 items in cycle "Release 3"',
  link: '/cycles/7',
  read: true,
};
const list = (items: Notification[], unread: number): { body: NotificationList } => ({
  body: { items, unread, next: null },
});

describe('NotificationBell', () => {
  it('names the unread count and links to the inbox', async () => {
    signedIn([], { 'GET /api/notifications?unread=true&limit=1': list([MENTION], 3) });
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell.getAttribute('href')).toBe('/notifications');
    expect(bell.textContent).toBe('3');
  });

  it('shows no badge when nothing is unread', async () => {
    signedIn([], { 'GET /api/notifications?unread=true&limit=1': list([], 0) });
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('link', { name: 'Notifications, 0 unread' });
    expect(bell.querySelector('.notification-count')).toBeNull();
  });
});

describe('NotificationsPage', () => {
  it('lists notifications, marks one read when it is opened and goes to the thing', async () => {
    const { calls } = signedIn([], {
      'GET /api/notifications?limit=30': list([MENTION, ASSIGNED], 1),
      'GET /api/notifications?unread=true&limit=1': list([MENTION], 1),
      'POST /api/notifications/read': {
        body: { message: 'Marked 1 notification read', updated: 1, unread: 0 },
      },
    });
    const { router } = renderWithProviders(<NotificationsPage />, { path: '/notifications' });
    const items = within(await screen.findByRole('list', { name: 'Notifications' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('a')?.textContent)).toEqual([
      `Unread: ${MENTION.title}`,
      ASSIGNED.title,
    ]);
    expect(items[0]!.textContent).toContain('Shop');
    await userEvent.click(within(items[0]!).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cycle-items/41'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: [12] });
  });

  it('marks all as read, and offers it only while something is unread', async () => {
    const { calls } = signedIn([], {
      'GET /api/notifications?limit=30': list([MENTION], 1),
      'GET /api/notifications?unread=true&limit=1': list([MENTION], 1),
      'POST /api/notifications/read': {
        body: { message: 'Marked 1 notification read', updated: 1, unread: 0 },
      },
    });
    renderWithProviders(<NotificationsPage />, { path: '/notifications' });
    const button = await screen.findByRole('button', { name: 'Mark all as read' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await userEvent.click(button);
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ all: true }));
  });
});

describe('NotificationSettingsPage', () => {
  it('shows the e-mail choices as unavailable when the server sends no e-mail, and saves', async () => {
    const settings = {
      settings: [
        { kind: 'mentioned' as const, channel: 'in_app' as const },
        { kind: 'assigned' as const, channel: 'in_app' as const },
      ],
      mail_available: false,
      digest_hour: 7,
    };
    const { calls } = signedIn([], {
      'GET /api/me/notification-settings': { body: settings },
      'PUT /api/me/notification-settings': (body) => ({ body: { ...settings, ...(body as object) } }),
    });
    renderWithProviders(<NotificationSettingsPage />);
    const mention = await screen.findByRole('combobox', { name: 'Mentions of you' });
    expect(screen.getByText(/does not send e-mail/)).toBeTruthy();
    const email = within(mention).getByRole('option', { name: 'In Verdict and by e-mail at once' });
    expect((email as HTMLOptionElement).disabled).toBe(true);
    await userEvent.selectOptions(mention, 'off');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Settings saved.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      settings: [
        { kind: 'mentioned', channel: 'off' },
        { kind: 'assigned', channel: 'in_app' },
      ],
    });
  });
});
