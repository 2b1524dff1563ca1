#!/usr/bin/env node
// verdict-mcp: Verdict's MCP server for desktop assistants, over stdio (docs/product/mcp.md).
// It holds no tools of its own: every message goes to the server's /api/mcp endpoint with the
// token, and every answer comes back, so the tools, their checks and their limits are the
// server's (decision 214).
import { parseArgs } from 'node:util';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const USAGE = `Usage: verdict-mcp --url URL --token TOKEN

Serves Verdict's MCP tools over stdio, for assistants that start a command (Claude Desktop,
Cursor, VS Code): each message is sent to URL/api/mcp with the personal API token.

Options:
  --url URL        the Verdict server (or VERDICT_URL)
  --token TOKEN    a personal API token (or VERDICT_TOKEN)
  --help           this text

Exit status: 0 when the assistant closes the connection, 2 for a usage error.`;

function fail(message) {
  process.stderr.write(`verdict-mcp: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: { url: { type: 'string' }, token: { type: 'string' }, help: { type: 'boolean' } },
    strict: true,
  }));
} catch (error) {
  fail(error.message);
}
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const url = values.url ?? process.env.VERDICT_URL;
const token = values.token ?? process.env.VERDICT_TOKEN;
if (!url) fail('--url is required');
if (!token) fail('--token is required');
let endpoint;
try {
  endpoint = new URL('/api/mcp', url);
} catch {
  fail(`--url is not an address: ${url}`);
}

const local = new StdioServerTransport();
const remote = new StreamableHTTPClientTransport(endpoint, {
  requestInit: { headers: { Authorization: `Bearer ${token}` } },
});

// A message the server could not take is answered to the assistant as a JSON-RPC error.
local.onmessage = (message) => {
  remote.send(message).catch((error) => {
    if (message.id === undefined) return;
    void local.send({
      jsonrpc: '2.0',
      id: message.id,
      error: { code: -32603, message: `Verdict at ${endpoint.origin} did not answer: ${error.message}` },
    });
  });
};
remote.onmessage = (message) => void local.send(message);
remote.onerror = (error) => process.stderr.write(`verdict-mcp: ${error.message}\n`);
local.onclose = () => {
  void remote.close();
  process.exit(0);
};

await remote.start();
await local.start();
