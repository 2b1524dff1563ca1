import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { World } from './fixtures.ts';
import type { TestApp } from './test-app.ts';

/** Short request helpers that fail loudly with the answer's body. */
export function as(t: TestApp, token?: string) {
  const call = (method: InjectOptions['method'], url: string, payload?: object) =>
    t.request({ method, url, token, ...(payload ? { payload } : {}) });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: object) => call('POST', url, payload),
    put: (url: string, payload?: object) => call('PUT', url, payload),
    del: (url: string) => call('DELETE', url),
  };
}

/** A JUnit report posted to the project's import on `branch`, as CI uploads it; answers the response. */
export function postJunitReport(t: TestApp, token: string, projectId: number, xml: string, branch = 'main') {
  return t.request({
    method: 'POST',
    url: `/api/projects/${projectId}/import/junit?branch=${branch}`,
    token,
    payload: xml,
    headers: { 'content-type': 'application/xml' },
  });
}

export function expectStatus(res: LightMyRequestResponse, status: number): any {
  expect({ status: res.statusCode, body: res.body }).toMatchObject({ status });
  return res.json();
}

export interface GuardedCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
  /** The project permission the member lacks; omitted for calls that need only visibility. */
  permission?: string;
}

/** 401 without a token, 404 for the outsider, 403 naming the permission for the member. */
export async function expectGuards(t: TestApp, world: World, call: GuardedCall): Promise<void> {
  const send = (token?: string) =>
    t.request({
      method: call.method,
      url: call.url,
      token,
      ...(call.payload ? { payload: call.payload } : {}),
    });
  expectStatus(await send(), 401);
  const hidden = expectStatus(await send(world.outsider.token), 404);
  expect(hidden.message).toMatch(/not found/i);
  if (call.permission) {
    const refused = expectStatus(await send(world.member.token), 403);
    expect(refused.message).toContain(call.permission);
  }
}

/** 400 for malformed ids in the path (not a positive integer). */
export async function expectBadIds(
  t: TestApp,
  token: string,
  method: GuardedCall['method'],
  urls: string[],
  payload?: object,
) {
  for (const url of urls) {
    const res = await t.request({ method, url, token, ...(payload ? { payload } : {}) });
    expectStatus(res, 400);
  }
}
