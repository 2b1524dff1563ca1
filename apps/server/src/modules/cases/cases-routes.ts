import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export const casesRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
