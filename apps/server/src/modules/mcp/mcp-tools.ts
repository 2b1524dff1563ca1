import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';
import type { z as Zod } from 'zod';

/**
 * The MCP server's tools, resources and prompts (docs/product/mcp.md). Every tool is one or two
 * calls of the HTTP API made inside the server with the caller's own token (`app.inject`): the
 * same validation, permission checks, services, audit entries and limits as a script's call, and
 * no second path to the data (decision 214). Answers are JSON, bounded: lists are paged and long
 * texts are cut with a note.
 */

/** The most characters one tool answer holds; past it the JSON is cut and says so. */
export const MCP_ANSWER_MAX = 20_000;
/** A text field longer than this (a description, a failure message) is cut in lists. */
const TEXT_MAX = 500;

export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** Calls the HTTP API as the MCP caller: `authorization` is their own header. */
export type ApiCaller = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
) => Promise<ApiAnswer>;

export function apiCaller(app: FastifyInstance, authorization: string): ApiCaller {
  return async (method, url, payload) => {
    const res = await app.inject({
      method,
      url,
      headers: { authorization, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    let body: unknown = null;
    try {
      body = res.body ? JSON.parse(res.body) : null;
    } catch {
      body = { message: res.body.slice(0, TEXT_MAX) };
    }
    return { status: res.statusCode, body };
  };
}

/** An answer the API refused, as an MCP tool error with the API's status, code and message. */
class Refused extends Error {
  constructor(readonly answer: ApiAnswer) {
    const body = (answer.body ?? {}) as { message?: string; code?: string };
    super(
      `HTTP ${answer.status}${body.code ? ` ${body.code}` : ''}: ${body.message ?? 'the request failed'}`,
    );
  }
}

async function ok<T>(answer: Promise<ApiAnswer>): Promise<T> {
  const done = await answer;
  if (done.status >= 400) throw new Refused(done);
  return done.body as T;
}

const cut = (text: string | null | undefined, max = TEXT_MAX) =>
  text && text.length > max
    ? `${text.slice(0, max)}… (cut: ${text.length} characters in all)`
    : (text ?? null);

/** JSON, cut at MCP_ANSWER_MAX characters with a note saying so. */
export function boundedJson(value: unknown): string {
  const text = JSON.stringify(value, null, 1);
  return text.length > MCP_ANSWER_MAX
    ? `${text.slice(0, MCP_ANSWER_MAX)}\n… (cut at ${MCP_ANSWER_MAX} of ${text.length} characters: ask for fewer items)`
    : text;
}

/** A tool's JSON answer. */
export function answer(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: boundedJson(value) }] };
}

/** Runs a tool's work; a refusal of the API becomes an MCP tool error that says why. */
async function run(work: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return answer(await work());
  } catch (error) {
    if (error instanceof Refused) return { isError: true, content: [{ type: 'text', text: error.message }] };
    throw error;
  }
}

/** The input schemas the tools share. */
function sharedInputs(z: typeof Zod) {
  const step = z.object({ action: z.string(), expected: z.string() });
  return {
    id: z.number().int().positive(),
    limit: (max: number, fallback: number) =>
      z.number().int().min(1).max(max).default(fallback).describe(`How many to answer (1 to ${max})`),
    caseFields: {
      description: z.string().optional().describe('Markdown'),
      preconditions: z.string().optional().describe('Markdown'),
      priority: z.enum(['critical', 'high', 'medium', 'low']).optional(),
      tags: z.array(z.string()).optional(),
      steps: z.array(step).optional().describe('The steps in order, each an action and its expected result'),
    },
  };
}

interface SearchHit {
  id: number;
  name: string;
  suite_name: string | null;
  ancestors: string[];
  priority: string;
  status: string | null;
  tags: string[];
}
interface CycleAnswer {
  id: number;
  name: string;
  state: string;
  source: string;
  branch: string | null;
  milestone: string | null;
  milestone_id: number | null;
  counts: Record<string, number>;
  created_at: string;
}
interface ItemAnswer {
  id: number;
  state: string;
  test_case: { id: number; name: string };
  executor: { username: string } | null;
  last_result: { failure_message: string | null } | null;
}

const cycleSummary = (cycle: CycleAnswer) => ({
  id: cycle.id,
  name: cycle.name,
  state: cycle.state,
  source: cycle.source,
  branch: cycle.branch,
  milestone: cycle.milestone,
  counts: cycle.counts,
  created_at: cycle.created_at,
});

/** A new MCP server for one caller; its tools call the API as them. */
export async function verdictMcpServer(api: ApiCaller, version: string): Promise<McpServer> {
  // The SDK and zod are loaded at the first MCP call, not at start (decision 256).
  const [{ McpServer, ResourceTemplate }, { z }] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/mcp.js'),
    import('zod'),
  ]);
  const { id, limit, caseFields } = sharedInputs(z);
  const server = new McpServer(
    { name: 'verdict', version },
    {
      instructions:
        'Verdict is a test-management application: projects hold suites and test cases; test cycles hold one item ' +
        'per case with results; CI imports JUnit reports per branch. Every tool acts with the permissions of the ' +
        'token it was given. Search uses the case search language (words, "phrases", tag:, priority:, status:, ' +
        'suite:, assignee:me, is:flaky, defect:, milestone:).',
    },
  );

  server.registerTool(
    'search_cases',
    {
      description:
        'Search the test cases of a project with the search language (e.g. `login tag:smoke status:failed`). ' +
        'Answers the total and a page of cases with where they sit.',
      inputSchema: {
        project_id: id,
        query: z.string().max(1000).describe('The search language; empty finds every case'),
        limit: limit(50, 20),
        offset: z.number().int().min(0).default(0),
      },
      annotations: { readOnlyHint: true },
    },
    ({ project_id, query, limit: size, offset }) =>
      run(async () => {
        const params = new URLSearchParams({ q: query, limit: String(size), offset: String(offset) });
        const page = await ok<{ items: SearchHit[]; total: number; total_capped: boolean }>(
          api('GET', `/api/projects/${project_id}/cases/search?${params}`),
        );
        return {
          total: page.total,
          total_capped: page.total_capped,
          offset,
          cases: page.items.map((c) => ({
            id: c.id,
            name: c.name,
            path: [...(c.suite_name ? [c.suite_name] : []), ...c.ancestors].join(' › '),
            priority: c.priority,
            status: c.status,
            tags: c.tags,
          })),
        };
      }),
  );

  server.registerTool(
    'get_case',
    {
      description:
        'A test case with its description, preconditions, steps (shared steps written out in place, each ' +
        'naming its set), custom fields and tags, and its latest results (runs and cycle results, newest ' +
        'first) when the token may read them.',
      inputSchema: { case_id: id, history: limit(50, 10) },
      annotations: { readOnlyHint: true },
    },
    ({ case_id, history }) =>
      run(async () => {
        const testCase = await ok<Record<string, unknown>>(
          api('GET', `/api/test-cases/single/${case_id}?expand=steps`),
        );
        const results = await api('GET', `/api/test-cases/${case_id}/results?limit=${history}`);
        return {
          case: { ...testCase, description: cut(testCase.description as string, 5000) },
          history:
            results.status < 400
              ? results.body
              : { not_shown: (results.body as { message?: string } | null)?.message ?? 'not allowed' },
        };
      }),
  );

  server.registerTool(
    'create_case',
    {
      description:
        'Create a test case: in a suite (suite_id), under a parent case (parent_id), or at the top of the project.',
      inputSchema: {
        project_id: id,
        suite_id: id.optional(),
        parent_id: id.optional().describe('A case to create this one under (its suite is the parent’s)'),
        name: z.string(),
        ...caseFields,
      },
    },
    ({ project_id, suite_id, parent_id, ...body }) =>
      run(async () => {
        const url =
          parent_id !== undefined
            ? `/api/test-cases/parent/${parent_id}/create`
            : suite_id !== undefined
              ? `/api/test-cases/suite/${suite_id}/create`
              : `/api/test-cases/project/${project_id}/create`;
        const made = await ok<{
          message: string;
          testCase: { id: number; name: string; project_id: number };
        }>(api('POST', url, body));
        if (made.testCase.project_id !== project_id) {
          return {
            message: made.message,
            case: made.testCase,
            note: 'The case is in the parent’s or suite’s project',
          };
        }
        return { message: made.message, case: made.testCase };
      }),
  );

  server.registerTool(
    'update_case',
    {
      description: 'Change a test case: only the fields given change (steps, when given, replace all steps).',
      inputSchema: { case_id: id, name: z.string().optional(), ...caseFields },
    },
    ({ case_id, ...changes }) =>
      run(async () => {
        const current = await ok<Record<string, unknown>>(api('GET', `/api/test-cases/single/${case_id}`));
        const body = {
          name: current.name,
          description: current.description,
          preconditions: current.preconditions,
          priority: current.priority,
          tags: current.tags,
          steps: current.steps,
          ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
        };
        return ok(api('PUT', `/api/test-cases/update/${case_id}`, body));
      }),
  );

  server.registerTool(
    'list_cycles',
    {
      description: 'The test cycles of a project, newest first, with their counts by state.',
      inputSchema: {
        project_id: id,
        state: z.enum(['open', 'closed']).optional(),
        milestone_id: id.optional().describe('Only the cycles of this milestone and its sub-milestones'),
        limit: limit(100, 20),
      },
      annotations: { readOnlyHint: true },
    },
    ({ project_id, state, milestone_id, limit: size }) =>
      run(async () => {
        const query = milestone_id === undefined ? '' : `?milestone_id=${milestone_id}`;
        const cycles = await ok<CycleAnswer[]>(api('GET', `/api/projects/${project_id}/cycles${query}`));
        const kept = cycles.filter((cycle) => state === undefined || cycle.state === state);
        return { total: kept.length, cycles: kept.slice(0, size).map(cycleSummary) };
      }),
  );

  server.registerTool(
    'get_cycle',
    {
      description:
        'A test cycle with its counts by state, its failed items (with their failure messages), and a page of ' +
        'its items (ids for record_result), optionally in one state.',
      inputSchema: {
        cycle_id: id,
        state: z.enum(['untested', 'passed', 'failed', 'blocked', 'skipped', 'retest']).optional(),
        limit: limit(100, 20),
        offset: z.number().int().min(0).default(0),
      },
      annotations: { readOnlyHint: true },
    },
    ({ cycle_id, state, limit: size, offset }) =>
      run(async () => {
        const cycle = await ok<CycleAnswer & { description: string }>(api('GET', `/api/cycles/${cycle_id}`));
        const page = (query: string) =>
          ok<{ items: ItemAnswer[]; total: number }>(api('GET', `/api/cycles/${cycle_id}/items?${query}`));
        const [failed, items] = await Promise.all([
          page('state=failed&limit=20'),
          page(`${state ? `state=${state}&` : ''}limit=${size}&offset=${offset}`),
        ]);
        const itemOf = (item: ItemAnswer) => ({
          item_id: item.id,
          case_id: item.test_case.id,
          case: item.test_case.name,
          state: item.state,
          recorded_by: item.executor?.username ?? null,
          failure_message: cut(item.last_result?.failure_message),
        });
        return {
          cycle: { ...cycleSummary(cycle), description: cut(cycle.description) },
          failures: { total: failed.total, items: failed.items.map(itemOf) },
          items: { total: items.total, offset, state: state ?? null, items: items.items.map(itemOf) },
        };
      }),
  );

  server.registerTool(
    'create_cycle',
    {
      description:
        'Create a test cycle of chosen cases: suite_ids (every case of those suites), case_ids (with their ' +
        'descendants) or all_cases; one untested item per case.',
      inputSchema: {
        project_id: id,
        name: z.string(),
        description: z.string().optional(),
        suite_ids: z.array(id).optional(),
        case_ids: z.array(id).optional(),
        all_cases: z.boolean().optional(),
        milestone_id: id.optional(),
      },
    },
    ({ project_id, ...body }) =>
      run(async () => {
        const made = await ok<{ message: string; cycle: CycleAnswer }>(
          api('POST', `/api/projects/${project_id}/cycles`, body),
        );
        return { message: made.message, cycle: cycleSummary(made.cycle) };
      }),
  );

  server.registerTool(
    'record_result',
    {
      description: 'Record a result on a cycle item (its id, from get_cycle or the cycle page).',
      inputSchema: {
        item_id: id,
        state: z.enum(['passed', 'failed', 'blocked', 'skipped', 'retest']),
        comment: z.string().optional(),
        elapsed_ms: z.number().int().min(0).optional(),
      },
    },
    ({ item_id, ...body }) => run(() => ok(api('POST', `/api/cycle-items/${item_id}/results`, body))),
  );

  server.registerTool(
    'list_new_failures',
    {
      description:
        'The latest CI import of a branch and its failures sorted as the CI gate sorts them: new, still failing, ' +
        'flaky, quarantined (and fixed), each with its failure message.',
      inputSchema: { project_id: id, branch: z.string().max(200).describe('The CI branch, e.g. main') },
      annotations: { readOnlyHint: true },
    },
    ({ project_id, branch }) =>
      run(async () => {
        const gate = await ok<{
          cycle: unknown;
          gate: Record<string, { name: string; failure_message: string | null }[]> | null;
        }>(api('GET', `/api/projects/${project_id}/gate?branch=${encodeURIComponent(branch)}`));
        if (!gate.gate) return { branch, cycle: null, note: 'No import on this branch yet' };
        const list = (key: string) =>
          (gate.gate?.[key] ?? []).map((c) => ({ ...c, failure_message: cut(c.failure_message) }));
        return {
          branch,
          cycle: gate.cycle,
          compared_with: (gate.gate as unknown as { compared_with: unknown }).compared_with,
          counts: (gate.gate as unknown as { counts: unknown }).counts,
          new: list('new'),
          still_failing: list('still_failing'),
          flaky: list('flaky'),
          quarantined: list('quarantined'),
          fixed: list('fixed'),
        };
      }),
  );

  server.registerTool(
    'list_flaky',
    {
      description: 'The flaky tests of a project: cases whose result flips on a branch, most flips first.',
      inputSchema: { project_id: id, limit: limit(100, 20) },
      annotations: { readOnlyHint: true },
    },
    ({ project_id, limit: size }) =>
      run(async () => {
        const flaky = await ok<{ window: number; threshold: number; items: unknown[] }>(
          api('GET', `/api/projects/${project_id}/flaky-tests`),
        );
        return { ...flaky, total: flaky.items.length, items: flaky.items.slice(0, size) };
      }),
  );

  server.registerTool(
    'link_defect',
    {
      description:
        'Link a defect (a tracker id such as PROJ-12 or #12, or an address) to a test case, or to a cycle item ' +
        'and optionally one of its results.',
      inputSchema: {
        defect: z.string().min(1).max(2000),
        case_id: id.optional(),
        item_id: id.optional(),
        result_id: id.optional().describe('With item_id: the result the defect was seen in'),
      },
    },
    ({ defect, case_id, item_id, result_id }) =>
      run(async () => {
        if ((case_id === undefined) === (item_id === undefined)) {
          throw new Refused({
            status: 400,
            body: { code: 'invalid_request', message: 'Give case_id or item_id' },
          });
        }
        if (item_id !== undefined) {
          return ok(
            api('POST', `/api/cycle-items/${item_id}/defects`, {
              defect,
              ...(result_id === undefined ? {} : { result_id }),
            }),
          );
        }
        return ok(api('POST', `/api/test-cases/${case_id}/defects`, { defect }));
      }),
  );

  server.registerTool(
    'get_readiness',
    {
      description:
        'Whether a milestone is ready to ship by its rules, every reason it is not (each with a link), and the ' +
        'figures the rules were read against.',
      inputSchema: { milestone_id: id },
      annotations: { readOnlyHint: true },
    },
    ({ milestone_id }) => run(() => ok(api('GET', `/api/milestones/${milestone_id}/readiness`))),
  );

  const resource = async (uri: URL, url: string) => {
    const read = await api('GET', url);
    if (read.status >= 400) throw new Refused(read);
    return {
      contents: [{ uri: uri.href, mimeType: 'application/json', text: boundedJson(read.body) }],
    };
  };
  server.registerResource(
    'case',
    new ResourceTemplate('verdict://cases/{id}', { list: undefined }),
    { description: 'A test case, as get_case answers it without its history', mimeType: 'application/json' },
    (uri, { id: caseId }) => resource(uri, `/api/test-cases/single/${Number(caseId)}`),
  );
  server.registerResource(
    'cycle',
    new ResourceTemplate('verdict://cycles/{id}', { list: undefined }),
    { description: 'A test cycle with its counts', mimeType: 'application/json' },
    (uri, { id: cycleId }) => resource(uri, `/api/cycles/${Number(cycleId)}`),
  );

  server.registerPrompt(
    'triage_failures',
    {
      description: 'Triage the latest CI failures of a branch: what is new, what is flaky, what to file.',
      argsSchema: { project_id: z.string().describe('The project id'), branch: z.string() },
    },
    ({ project_id, branch }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text:
              `Triage the latest CI failures of branch "${branch}" in Verdict project ${project_id}. ` +
              'Call list_new_failures for the branch. For each new or still-failing failure, read the case with ' +
              'get_case and its failure message, say whether it looks like a product bug, a test bug or an ' +
              'environment problem, and suggest a defect to link with link_defect. List flaky and quarantined ' +
              'failures apart: they do not fail the gate.',
          },
        },
      ],
    }),
  );
  server.registerPrompt(
    'write_cases_for_requirement',
    {
      description: 'Write test cases that cover a requirement.',
      argsSchema: { requirement_id: z.string().describe('The requirement id') },
    },
    async ({ requirement_id }) => {
      const requirement = await api('GET', `/api/requirements/${Number(requirement_id)}`);
      if (requirement.status >= 400) throw new Refused(requirement);
      const r = requirement.body as { key: string; title: string; description: string; project_id: number };
      return {
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text:
                `Write test cases for requirement ${r.key} "${r.title}" of Verdict project ${r.project_id}.\n\n` +
                `${cut(r.description, 5000) ?? ''}\n\n` +
                'First search the project (search_cases) for cases that already cover it. Then propose the missing ' +
                'cases, each with a name, preconditions and steps (an action and its expected result), and create ' +
                'them with create_case once confirmed.',
            },
          },
        ],
      };
    },
  );
  return server;
}
