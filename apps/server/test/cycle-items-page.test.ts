import type { CycleItem } from '@verdict/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, expectStatus } from './helpers/requests.ts';
import { startWorld, type TestApp, type TestUser, type World } from './helpers/world.ts';

/**
 * docs/product/cycles-screens.md, "The cycle page": what a cycle's items answer carries for the
 * page (suite, priority, who executed), and items numbered suite by suite.
 */

let t: TestApp;
let w: World;
let tester: TestUser;
beforeAll(async () => {
  ({ t, w, tester } = await startWorld({ members: { tester: ['home_test_cycle', 'execute_test_cycle'] } }));
});
afterAll(() => t.close());

const admin = () => as(t, w.admin);

async function newSuite(name: string): Promise<number> {
  const res = await admin().post('/api/testsuites/create', { project_id: w.project.id, name });
  return expectStatus(res, 201).suite.id;
}

async function newCase(url: string, name: string, priority?: string): Promise<number> {
  return expectStatus(await admin().post(url, { name, ...(priority ? { priority } : {}) }), 201).testCase.id;
}

describe("a cycle's items for the cycle page", () => {
  it('come suite by suite, each with its suite name, priority and latest executor', async () => {
    const login = await newSuite('Login');
    const checkout = await newSuite('Checkout');
    // Created interleaved across the suites, so case ids alone would not group them.
    const pay = await newCase(`/api/test-cases/suite/${checkout}/create`, 'Pay by card', 'critical');
    const signIn = await newCase(`/api/test-cases/suite/${login}/create`, 'Sign in', 'high');
    const refund = await newCase(`/api/test-cases/suite/${checkout}/create`, 'Refund');
    const loose = await newCase(`/api/test-cases/project/${w.project.id}/create`, 'Smoke', 'low');
    const signOut = await newCase(`/api/test-cases/suite/${login}/create`, 'Sign out');

    const created = await admin().post(`/api/projects/${w.project.id}/cycles`, {
      name: 'Release 3',
      all_cases: true,
    });
    const cycleId: number = expectStatus(created, 201).cycle.id;
    const page = async () =>
      expectStatus(await admin().get(`/api/cycles/${cycleId}/items`), 200) as { items: CycleItem[] };

    const { items } = await page();
    expect(items.map((item) => item.test_case.id)).toEqual([signIn, signOut, pay, refund, loose]);
    expect(items.map((item) => [item.test_case.suite_name, item.test_case.priority])).toEqual([
      ['Login', 'high'],
      ['Login', 'medium'],
      ['Checkout', 'critical'],
      ['Checkout', 'medium'],
      [null, 'low'],
    ]);
    expect(items.every((item) => item.executor === null)).toBe(true);

    const first = items[0] as CycleItem;
    const recorded = await as(t, tester.token).post(`/api/cycle-items/${first.id}/results`, {
      state: 'failed',
    });
    expectStatus(recorded, 201);
    const after = await page();
    expect(after.items[0]?.executor).toEqual({ id: tester.id, username: tester.username });
    expect(after.items[1]?.executor).toBeNull();

    // The single item answers the same.
    const detail = expectStatus(await admin().get(`/api/cycle-items/${first.id}`), 200);
    expect(detail.item.executor).toEqual({ id: tester.id, username: tester.username });
    expect(detail.item.test_case).toMatchObject({ suite_name: 'Login', priority: 'high' });
  });
});
