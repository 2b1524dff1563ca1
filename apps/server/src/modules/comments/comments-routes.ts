import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CommentBody,
  CommentList,
  CommentListQuery,
  CommentMutation,
  IdParams,
  MentionableList,
  MentionableQuery,
  MessageResponse,
} from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import {
  addComment,
  editComment,
  listThread,
  mentionable,
  removeComment,
  type ThreadOwner,
} from './comments-service.ts';

const tags = ['comments'];

/** docs/product/comments.md: threads on cases and cycle items, and the mention picker. */
export const commentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const threads: { path: string; kind: ThreadOwner['kind']; what: string }[] = [
    { path: '/api/test-cases/:id/comments', kind: 'case', what: "A case's" },
    { path: '/api/cycle-items/:id/comments', kind: 'item', what: "A cycle item's" },
  ];
  for (const { path, kind, what } of threads) {
    app.get(
      path,
      {
        // Seeing the project is enough to read; the service checks it.
        config: { access: 'signed-in', errors: [404] },
        schema: {
          tags,
          summary: `${what} comments, oldest first, a page of at most 500 (next: the page after)`,
          params: IdParams,
          querystring: CommentListQuery,
          response: { 200: CommentList },
        },
      },
      async (request) =>
        listThread(app.db, principalOf(request), { kind, id: request.params.id }, request.query),
    );

    app.post(
      path,
      {
        config: { access: { project: 'comment' }, authCache: 'keeps', errors: [404] },
        schema: {
          tags,
          summary: `Comment on ${kind === 'case' ? 'a case' : 'a cycle item'} (Markdown; @username mentions)`,
          params: IdParams,
          body: CommentBody,
          response: { 201: CommentMutation },
        },
      },
      async (request, reply) => {
        const comment = await addComment(
          app.db,
          principalOf(request),
          { kind, id: request.params.id },
          request.body.body,
        );
        return reply.status(201).send({ message: 'Comment added', comment });
      },
    );
  }

  app.put(
    '/api/comments/:id',
    {
      config: { access: { project: 'comment' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: 'Edit one of your own comments',
        params: IdParams,
        body: CommentBody,
        response: { 200: CommentMutation },
      },
    },
    async (request) => ({
      message: 'Comment updated',
      comment: await editComment(app.db, principalOf(request), request.params.id, request.body.body),
    }),
  );

  app.delete(
    '/api/comments/:id',
    {
      config: { access: { project: 'comment' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: "Delete a comment: your own, or anyone's as an administrator",
        params: IdParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await removeComment(app.db, principalOf(request), request.params.id);
      return { message: 'Comment deleted' };
    },
  );

  app.get(
    '/api/projects/:id/mentionable',
    {
      config: { access: 'signed-in', errors: [404] },
      schema: {
        tags,
        summary: 'The people a mention can name: who can see the project, by username prefix (at most 20)',
        params: IdParams,
        querystring: MentionableQuery,
        response: { 200: MentionableList },
      },
    },
    async (request) => ({
      users: await mentionable(app.db, principalOf(request), request.params.id, request.query.q),
    }),
  );
};
