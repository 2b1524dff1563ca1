import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken } from './helpers/import-world.ts';
import { as, expectStatus, postJunitReport } from './helpers/requests.ts';
import { repoRoot } from './helpers/verdict-import.ts';
import { type Member, startWorld, type TestApp, type Tree, type World } from './helpers/world.ts';

/**
 * docs/product/mcp.md: the MCP server through the official SDK's client, over streamable HTTP at
 * /api/mcp and over stdio through `verdict-mcp`, against a real server: the tools, each acting
 * with the token's permissions through the API.
 */

let t: TestApp;
let w: World;
let tree: Tree;
let lead: Member;
let viewer: Member;
let url: string;
const tokens: Record<'lead' | 'viewer' | 'outsider', string> = { lead: '', viewer: '', outsider: '' };
const clients: Client[] = [];

const TOOLS = [
  'create_case',
  'create_cycle',
  'get_case',
  'get_cycle',
  'get_readiness',
  'link_defect',
  'list_cycles',
  'list_flaky',
  'list_new_failures',
  'record_result',
  'search_cases',
  'update_case',
];

async function httpClient(token: string): Promise<Client> {
  const client = new Client({ name: 'verdict-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/api/mcp', url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  clients.push(client);
  return client;
}

async function stdioClient(token: string): Promise<Client> {
  const client = new Client({ name: 'verdict-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [path.join(repoRoot, 'packages/cli/bin/verdict-mcp.mjs'), '--url', url, '--token', token],
      stderr: 'pipe',
    }),
  );
  clients.push(client);
  return client;
}

/** A tool's JSON answer; fails the test when the tool answered an error. */
async function call<T = Record<string, unknown>>(client: Client, name: string, args: object): Promise<T> {
  const result = (await client.callTool({
    name,
    arguments: args as Record<string, unknown>,
  })) as CallToolResult;
  const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  expect(result.isError, text).toBeFalsy();
  return JSON.parse(text) as T;
}

/** A tool's refusal: the error text it answered. */
async function refusal(client: Client, name: string, args: object): Promise<string> {
  const result = (await client.callTool({
    name,
    arguments: args as Record<string, unknown>,
  })) as CallToolResult;
  expect(result.isError).toBe(true);
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

beforeAll(async () => {
  ({ t, w, tree, lead, viewer } = await startWorld({
    tree: true,
    members: {
      lead: [
        'home_test_case',
        'add_test_case_in_project',
        'add_test_case_in_test_suit',
        'edit_test_case',
        'home_test_run',
        'home_test_cycle',
        'add_test_cycle',
        'execute_test_cycle',
        'home_milestone',
      ],
      viewer: ['home_test_case', 'home_test_cycle'],
    },
  }));
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  tokens.lead = await apiToken(t, lead.token, 'MCP lead');
  tokens.viewer = await apiToken(t, viewer.token, 'MCP viewer');
  tokens.outsider = await apiToken(t, w.outsider.token, 'MCP outsider');
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await t.close();
});

describe('the MCP server over streamable HTTP', () => {
  it('lists its tools, each with an input schema and a description', async () => {
    const client = await httpClient(tokens.lead);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.description, tool.name).toBeTruthy();
      expect(tool.inputSchema.type, tool.name).toBe('object');
    }
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((r) => r.uriTemplate).sort()).toEqual([
      'verdict://cases/{id}',
      'verdict://cycles/{id}',
    ]);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(['triage_failures', 'write_cases_for_requirement']);
  });

  it('searches, creates and changes a case, records a result the cycle page shows, and reads new failures', async () => {
    const client = await httpClient(tokens.lead);
    const p = w.project.id;
    const found = await call<{ total: number; cases: { id: number; path: string }[] }>(
      client,
      'search_cases',
      {
        project_id: p,
        query: '',
        limit: 2,
      },
    );
    expect(found.total).toBeGreaterThanOrEqual(4);
    expect(found.cases).toHaveLength(2);

    const made = await call<{ case: { id: number } }>(client, 'create_case', {
      project_id: p,
      suite_id: tree.suiteId,
      name: 'Pays with a voucher',
      steps: [{ action: 'Apply the voucher', expected: 'The total drops' }],
    });
    const caseId = made.case.id;
    await call(client, 'update_case', { case_id: caseId, priority: 'high' });
    const read = await call<{ case: { name: string; priority: string; steps: unknown[] } }>(
      client,
      'get_case',
      {
        case_id: caseId,
      },
    );
    expect(read.case).toMatchObject({ name: 'Pays with a voucher', priority: 'high' });
    expect(read.case.steps).toEqual([{ action: 'Apply the voucher', expected: 'The total drops' }]);
    // Shared steps come written out in place, each naming its set.
    const set = expectStatus(
      await as(t, lead.token).post(`/api/projects/${p}/shared-steps`, {
        name: 'Open the basket',
        steps: [{ action: 'Open the basket', expected: 'It lists the items' }],
      }),
      201,
    ).shared_steps;
    expectStatus(
      await as(t, lead.token).put(`/api/test-cases/update/${caseId}`, {
        name: 'Pays with a voucher',
        steps: [{ shared_steps_id: set.id }, { action: 'Apply the voucher', expected: 'The total drops' }],
      }),
      200,
    );
    const expanded = await call<{ case: { steps: unknown[] } }>(client, 'get_case', { case_id: caseId });
    expect(expanded.case.steps).toEqual([
      {
        action: 'Open the basket',
        expected: 'It lists the items',
        shared_steps: { id: set.id, name: 'Open the basket' },
      },
      { action: 'Apply the voucher', expected: 'The total drops' },
    ]);
    expect((await client.readResource({ uri: `verdict://cases/${caseId}` })).contents[0]).toMatchObject({
      mimeType: 'application/json',
    });

    const cycle = await call<{ cycle: { id: number } }>(client, 'create_cycle', {
      project_id: p,
      name: 'Agent cycle',
      case_ids: [caseId],
    });
    const page = await call<{ items: { items: { item_id: number }[] } }>(client, 'get_cycle', {
      cycle_id: cycle.cycle.id,
    });
    const itemId = page.items.items[0]!.item_id;
    await call(client, 'record_result', { item_id: itemId, state: 'failed', comment: 'The total stays' });
    const onPage = expectStatus(await as(t, lead.token).get(`/api/cycles/${cycle.cycle.id}/items`), 200);
    expect(onPage.items[0]).toMatchObject({ id: itemId, state: 'failed', results: 1 });
    const after = await call<{ failures: { total: number } }>(client, 'get_cycle', {
      cycle_id: cycle.cycle.id,
    });
    expect(after.failures.total).toBe(1);
    const cycles = await call<{ cycles: { id: number }[] }>(client, 'list_cycles', {
      project_id: p,
      state: 'open',
    });
    expect(cycles.cycles.map((c) => c.id)).toContain(cycle.cycle.id);

    const linked = await call<{ defect: { defect: string } }>(client, 'link_defect', {
      defect: 'https://bugs.example.org/9',
      item_id: itemId,
    });
    expect(linked.defect.defect).toBe('https://bugs.example.org/9');

    expect(await call(client, 'list_new_failures', { project_id: p, branch: 'mcp' })).toMatchObject({
      cycle: null,
      note: 'No import on this branch yet',
    });
    const report =
      '<testsuite name="MCP"><testcase name="checks out"><failure message="500 from the server"/></testcase></testsuite>';
    expect((await postJunitReport(t, w.admin, p, report, 'mcp')).statusCode).toBe(201);
    const failures = await call<{ new: { name: string; failure_message: string }[] }>(
      client,
      'list_new_failures',
      {
        project_id: p,
        branch: 'mcp',
      },
    );
    expect(failures.new).toEqual([
      expect.objectContaining({ name: 'checks out', failure_message: '500 from the server' }),
    ]);
    expect(await call(client, 'list_flaky', { project_id: p })).toMatchObject({ items: [] });
  });

  it('acts with the token’s permissions: a viewer cannot create, an outsider sees nothing', async () => {
    const viewing = await httpClient(tokens.viewer);
    expect(
      (await call<{ total: number }>(viewing, 'search_cases', { project_id: w.project.id, query: '' })).total,
    ).toBeGreaterThan(0);
    expect(await refusal(viewing, 'create_case', { project_id: w.project.id, name: 'Not mine' })).toMatch(
      /^HTTP 403 permission_missing: .*add_test_case_in_project/,
    );
    const outside = await httpClient(tokens.outsider);
    expect(await refusal(outside, 'search_cases', { project_id: w.project.id, query: '' })).toMatch(
      /^HTTP 404/,
    );
    expect(await refusal(outside, 'get_case', { case_id: tree.caseId })).toMatch(/^HTTP 404/);
  });

  it('answers 401 without a token and 405 to GET', async () => {
    const anonymous = await fetch(new URL('/api/mcp', url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(anonymous.status).toBe(401);
    const get = await fetch(new URL('/api/mcp', url), {
      headers: { authorization: `Bearer ${tokens.lead}` },
    });
    expect(get.status).toBe(405);
  });
});

describe('verdict-mcp over stdio', () => {
  it('serves the same tools with the same permissions', async () => {
    const client = await stdioClient(tokens.viewer);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
    const found = await call<{ total: number }>(client, 'search_cases', {
      project_id: w.project.id,
      query: 'tag:none',
    });
    expect(found.total).toBe(0);
    expect(
      await refusal(client, 'create_cycle', { project_id: w.project.id, name: 'No', all_cases: true }),
    ).toMatch(/^HTTP 403/);
  });
});
