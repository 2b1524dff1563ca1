import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UnsubscribeQuery } from '@verdict/contract';
import { Type } from 'typebox';
import { BadRequestError } from '../../lib/errors.ts';
import { checkedUnsubscribe, scopeLabel, unsubscribe } from './notifications-service.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)} - Verdict</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5; max-width: 36rem; margin: 2rem auto; padding: 0 1rem">',
    `<main><h1>${escapeHtml(title)}</h1>${body}</main>`,
    '</body></html>',
  ].join('\n');
}

/** The one-click body (RFC 8058): `List-Unsubscribe=One-Click`, form-encoded or multipart. */
const ONE_CLICK = /List-Unsubscribe=One-Click|name="List-Unsubscribe"\r?\n\r?\nOne-Click/;

/**
 * The unsubscribe address of notification mails, used without a session: the signed token is the
 * proof. A GET (which mail scanners follow) only shows what the link stops and a button; the POST
 * (the button, or a mail program's one-click) turns it off. Encapsulated: the form body parser
 * applies here alone.
 */
export const unsubscribeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/api/notifications/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        tags: ['notifications'],
        summary: "The page of a notification mail's unsubscribe link: what it stops, and a button",
        querystring: UnsubscribeQuery,
        produces: ['text/html'],
        response: { 200: Type.String({ description: 'An HTML page' }) },
      },
    },
    async (request, reply) => {
      const { scope } = checkedUnsubscribe(request.query.token);
      const action = `?token=${encodeURIComponent(request.query.token)}`;
      const html = page(
        'Unsubscribe',
        `<p>Stop e-mail for: <strong>${escapeHtml(scopeLabel(scope))}</strong>.</p>` +
          `<form method="post" action="${escapeHtml(action)}">` +
          '<input type="hidden" name="List-Unsubscribe" value="One-Click">' +
          '<button type="submit">Unsubscribe</button></form>' +
          '<p>You can change this later in your notification settings.</p>',
      );
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );

  app.post(
    '/api/notifications/unsubscribe',
    {
      config: { access: 'public', authCache: 'keeps' },
      schema: {
        tags: ['notifications'],
        summary: 'One-click unsubscribe (RFC 8058): body List-Unsubscribe=One-Click; turns that kind off',
        querystring: UnsubscribeQuery,
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
        body: Type.String(),
        produces: ['text/html'],
        response: { 200: Type.String({ description: 'An HTML page' }) },
      },
    },
    async (request, reply) => {
      if (typeof request.body !== 'string' || !ONE_CLICK.test(request.body)) {
        throw new BadRequestError('Send List-Unsubscribe=One-Click', [
          { field: 'body', message: 'must be List-Unsubscribe=One-Click' },
        ]);
      }
      const scope = await unsubscribe(app.db, request.query.token);
      const html = page(
        'Unsubscribed',
        `<p>You will no longer get: <strong>${escapeHtml(scopeLabel(scope))}</strong>.</p>` +
          '<p>You can turn it back on in your notification settings.</p>',
      );
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );
};
