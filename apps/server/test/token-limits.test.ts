import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenLimits, weightOf } from '../src/modules/api-tokens/token-limits.ts';
import { person } from './helpers/import-world.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * docs/product/api-tokens.md, "Limits": personal API tokens are held to their request limits, per
 * token and per user, with 429 and Retry-After; sessions are not; imports and bulk calls count by
 * their body; the refusals show in the metrics.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    API_TOKEN_RATE_LIMIT: '5',
    API_USER_RATE_LIMIT: '8',
    METRICS_TOKEN: 'metrics-token-for-limits',
  });
});
afterAll(() => t.close());

async function tokenOf(session: string): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/api-tokens',
    token: session,
    payload: { name: `t${Math.random()}` },
  });
  expect(res.statusCode).toBe(201);
  return res.json().token;
}

const projects = (token: string) => t.request({ method: 'GET', url: '/api/projects/count', token });

describe('API token limits', () => {
  it("answer 429 with Retry-After past a token's limit; the user's session is not counted", async () => {
    const owner = await person(t);
    const token = await tokenOf(owner.session);
    for (let i = 0; i < 5; i++) expect((await projects(token)).statusCode).toBe(200);
    const refused = await projects(token);
    expect(refused.statusCode).toBe(429);
    // One unit comes back every 12 s; what came back while the five were answered shortens the wait.
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(12);
    expect(refused.json()).toEqual({
      message: `Too many requests for this API token: at most 5 a minute; try again in ${wait} s`,
      code: 'rate_limited',
    });
    // The web app's session of the same user is never counted.
    for (let i = 0; i < 20; i++) expect((await projects(owner.session)).statusCode).toBe(200);
  });

  it("hold a user's tokens together to the user's limit", async () => {
    const owner = await person(t);
    const first = await tokenOf(owner.session);
    const second = await tokenOf(owner.session);
    for (let i = 0; i < 5; i++) expect((await projects(first)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await projects(second)).statusCode).toBe(200);
    const refused = await projects(second);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many requests for this user's API tokens: at most 8 a minute; try again in [1-8] s$/,
    );
    // Another user's token has its own counts.
    const other = await tokenOf((await person(t)).session);
    expect((await projects(other)).statusCode).toBe(200);
  });

  it('count an import by its body: one more unit per 64 KiB', async () => {
    const owner = await person(t, ['import_results']);
    const token = await tokenOf(owner.session);
    const report = `<testsuite name="big">${'<testcase name="x"/>'.repeat(14_000)}</testsuite>`;
    expect(Buffer.byteLength(report)).toBeGreaterThan(4 * 64 * 1024);
    const res = await t.request({
      method: 'POST',
      url: '/api/projects/999999/import/junit',
      token,
      payload: report,
      headers: { 'content-type': 'application/xml' },
    });
    // Five units spent at once (the project does not exist: the count comes first).
    expect(res.statusCode).toBe(404);
    expect((await projects(token)).statusCode).toBe(429);
  });

  it('show the refusals in the metrics', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: 'Bearer metrics-token-for-limits' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/verdict_rate_limited_total\{scope="token"\} [1-9]/);
    expect(res.body).toMatch(/verdict_rate_limited_total\{scope="user"\} [1-9]/);
  });
});

describe('the buckets', () => {
  it('refill evenly over a minute, never past the limit, and weigh bodies', () => {
    const limits = new TokenLimits({ perToken: 60, perUser: 0 });
    const start = 1_000_000;
    for (let i = 0; i < 60; i++) expect(limits.take(1, 1, 1, start)).toBeNull();
    expect(limits.take(1, 1, 1, start)).toEqual({ scope: 'token', limit: 60, retryAfterSeconds: 1 });
    expect(limits.take(1, 1, 1, start + 1000)).toBeNull();
    expect(limits.take(1, 1, 10, start + 1000)).toEqual({ scope: 'token', limit: 60, retryAfterSeconds: 10 });
    // A long rest fills the bucket to the limit, no further.
    for (let i = 0; i < 60; i++) expect(limits.take(1, 1, 1, start + 3_600_000)).toBeNull();
    expect(limits.take(1, 1, 1, start + 3_600_000)).not.toBeNull();
    expect(weightOf(false, 10_000_000)).toBe(1);
    expect(weightOf(true, 0)).toBe(1);
    expect(weightOf(true, 64 * 1024)).toBe(2);
    const off = new TokenLimits({ perToken: 0, perUser: 0 });
    for (let i = 0; i < 1000; i++) expect(off.take(1, 1, 1)).toBeNull();
  });
});
