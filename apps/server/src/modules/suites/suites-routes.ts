import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export const suitesRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
