import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export const projectsRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
