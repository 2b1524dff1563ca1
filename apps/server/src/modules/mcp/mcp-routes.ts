import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Type } from 'typebox';
import { apiCaller, verdictMcpServer } from './mcp-tools.ts';

const tags = ['mcp'];
const VERSION = '1.0.0';

/** A JSON-RPC answer the transport would give: MCP clients read these. */
const JsonRpc = Type.Object({}, { additionalProperties: true, description: 'A JSON-RPC 2.0 message' });

/**
 * docs/product/mcp.md: the Model Context Protocol over streamable HTTP at /api/mcp, stateless (a
 * server per request, answers as JSON rather than an event stream), signed in with a personal API
 * token (or any bearer token the API takes). The tools call the API as the caller.
 */
export const mcpRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/mcp',
    {
      // The tools' own API calls declare what they change; this envelope changes nothing itself.
      config: { access: 'signed-in', authCache: 'keeps' },
      schema: {
        tags,
        summary: 'The MCP endpoint (streamable HTTP, stateless): tools, resources and prompts over JSON-RPC',
        description:
          'Send MCP JSON-RPC messages with Accept: application/json, text/event-stream. Every tool acts with the ' +
          "caller's permissions, through the same API calls a script would make.",
        body: JsonRpc,
        response: { 200: JsonRpc },
      },
    },
    async (request, reply) => {
      const server = verdictMcpServer(apiCaller(app, request.headers.authorization ?? ''), VERSION);
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      reply.hijack();
      await transport.handleRequest(request.raw, reply.raw, request.body);
    },
  );

  // Stateless: no event stream to open and no session to end.
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/mcp',
      config: { access: 'signed-in', authCache: 'keeps', errors: [405] },
      schema: { tags, summary: `${method} is not used: the MCP endpoint is stateless (405)` },
      handler: async (_request, reply) =>
        reply
          .status(405)
          .header('allow', 'POST')
          .send({ message: 'The MCP endpoint is stateless: send POST', code: 'method_not_allowed' }),
    });
  }
};
