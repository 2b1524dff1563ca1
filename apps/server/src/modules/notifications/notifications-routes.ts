import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  IdParams,
  MarkNotificationsRead,
  MarkNotificationsReadResult,
  NotificationList,
  NotificationListQuery,
  NotificationSettings,
  NotificationSettingsBody,
  ProjectWatch,
  ProjectWatchBody,
} from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import {
  listNotifications,
  notificationSettings,
  readNotifications,
  saveNotificationSettings,
  setWatch,
  watchState,
} from './notifications-service.ts';
import { unsubscribeRoutes } from './unsubscribe-routes.ts';

const tags = ['notifications'];

/** docs/product/notifications.md: the inbox, the bell's count, the settings and gate watching. */
export const notificationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/notifications',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "The caller's notifications, newest first, a page at a time, with the unread count",
        querystring: NotificationListQuery,
        response: { 200: NotificationList },
      },
    },
    async (request) => listNotifications(app.db, principalOf(request), request.query),
  );

  app.post(
    '/api/notifications/read',
    {
      config: { access: 'signed-in', authCache: 'keeps' },
      schema: {
        tags,
        summary: 'Mark some of your notifications read ({ids}), or all of them ({all: true})',
        body: MarkNotificationsRead,
        response: { 200: MarkNotificationsReadResult },
      },
    },
    async (request) => readNotifications(app.db, principalOf(request), request.body),
  );

  app.get(
    '/api/me/notification-settings',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'How each kind of notification reaches you: in_app, email, digest or off',
        response: { 200: NotificationSettings },
      },
    },
    async (request) => notificationSettings(app.db, principalOf(request)),
  );

  app.put(
    '/api/me/notification-settings',
    {
      config: { access: 'signed-in', authCache: 'keeps' },
      schema: {
        tags,
        summary: 'Choose how kinds of notification reach you (the kinds not named keep theirs)',
        body: NotificationSettingsBody,
        response: { 200: NotificationSettings },
      },
    },
    async (request) => saveNotificationSettings(app.db, principalOf(request), request.body),
  );

  app.get(
    '/api/projects/:id/watch',
    {
      config: { access: 'signed-in', errors: [404] },
      schema: {
        tags,
        summary: "Whether you watch the project's CI gate",
        params: IdParams,
        response: { 200: ProjectWatch },
      },
    },
    async (request) => watchState(app.db, principalOf(request), request.params.id),
  );

  app.put(
    '/api/projects/:id/watch',
    {
      config: { access: 'signed-in', authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: "Watch the project's CI gate (be told of new failures on its branch), or stop",
        params: IdParams,
        body: ProjectWatchBody,
        response: { 200: ProjectWatch },
      },
    },
    async (request) => setWatch(app.db, principalOf(request), request.params.id, request.body.watching),
  );

  await app.register(unsubscribeRoutes);
};
