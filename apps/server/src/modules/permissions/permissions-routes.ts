import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export const permissionsRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
