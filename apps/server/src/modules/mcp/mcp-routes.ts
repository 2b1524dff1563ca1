import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

const tags = ['mcp'];
const VERSION = '1.0.0';

/**
 * One JSON-RPC 2.0 message (MCP sends no batches): its envelope checked here as every body is,
 * `params`, `result` and `error` by the SDK against the protocol's own schemas.
 */
const JsonRpcMessage = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    id: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Integer(), Type.Null()])),
    method: Type.Optional(Type.String({ maxLength: 200 })),
    params: Type.Optional(Type.Unknown()),
    result: Type.Optional(Type.Unknown()),
    error: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false, description: 'A JSON-RPC 2.0 message' },
);
const JsonRpcAnswer = Type.Unknown({ description: 'The JSON-RPC answer (none for a notification: 202)' });

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
        body: JsonRpcMessage,
        response: { 200: JsonRpcAnswer },
      },
    },
    async (request, reply) => {
      // The MCP SDK and its schemas are loaded at the first call, not at start (decision 256).
      const [{ apiCaller, verdictMcpServer }, { StreamableHTTPServerTransport }] = await Promise.all([
        import('./mcp-tools.ts'),
        import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
      ]);
      const server = await verdictMcpServer(apiCaller(app, request.headers.authorization ?? ''), VERSION);
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
