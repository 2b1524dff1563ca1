import { vi } from 'vitest';

/** One canned answer: a status and a JSON body, or a thrown network failure. */
export type MockAnswer = { status?: number; body?: unknown } | 'network-error';

type Handler = MockAnswer | ((body: unknown) => MockAnswer);

/**
 * Replaces `fetch` with a table of canned answers keyed 'METHOD /path', e.g.
 * `mockApi({ 'GET /api/users/list': { body: [] } })`. Unknown calls answer 404 and are easy to
 * spot in `calls`. Vitest's `unstubGlobals` restores fetch after each test.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: Array<{ method: string; path: string; body: unknown; headers: Headers }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = String(input);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body, headers: new Headers(init.headers) });
    const handler = handlers[`${method} ${path}`];
    const answer = typeof handler === 'function' ? handler(body) : handler;
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (!answer) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}
