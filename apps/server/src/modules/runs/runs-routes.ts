import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export const runsRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
