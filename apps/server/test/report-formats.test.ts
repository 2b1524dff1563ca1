import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from './helpers/fixtures.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { startWorld, type TestApp, type World } from './helpers/world.ts';

/**
 * The results import (docs/product/report-formats.md): the format told from the report or named,
 * Playwright's JSON reporter (a sample its real runner wrote) and Cucumber's JSON, each with its
 * suites, durations, failures, output, retries and steps; tests that name their case by key, whose
 * case keeps its history and takes the test's name; and the bounds of a JSON report.
 */

let t: TestApp;
let w: World;
beforeAll(async () => ({ t, w } = await startWorld()));
afterAll(() => t.close());

const admin = () => as(t, w.admin);
const sample = (name: string) =>
  readFileSync(path.join(import.meta.dirname, 'fixtures/reports', name), 'utf8');

function postReport(projectId: number, body: string | Buffer, type: string, query = '') {
  return t.request({
    method: 'POST',
    url: `/api/projects/${projectId}/import/results${query}`,
    token: w.admin,
    payload: body,
    headers: { 'content-type': type },
  });
}

interface Item {
  id: number;
  state: string;
  results: number;
  test_case: { id: number; name: string; suite_name: string | null };
}

async function itemsOf(cycleId: number): Promise<Item[]> {
  return expectStatus(await admin().get(`/api/cycles/${cycleId}/items?limit=1000`), 200).items;
}

async function resultsOf(itemId: number) {
  return expectStatus(await admin().get(`/api/cycle-items/${itemId}`), 200).results;
}

let projects = 0;
const newProject = async () => (await createProject(t, w.admin, `Formats ${++projects}`)).id;

describe('the results import', () => {
  it('reads a Playwright JSON report: suites, durations, failures, output, skips, retries and keys', async () => {
    const projectId = await newProject();
    // The sample names C424242 (an annotation) and C434343 (a tag): point them at cases of the project.
    const kept = expectStatus(
      await admin().post(`/api/test-cases/project/${projectId}/create`, { name: 'Cart survives a reload' }),
      201,
    ).testCase;
    const signIn = expectStatus(
      await admin().post(`/api/test-cases/project/${projectId}/create`, { name: 'Sign-in' }),
      201,
    ).testCase;
    const report = sample('playwright.json')
      .replaceAll('C424242', `C${kept.id}`)
      .replaceAll('C434343', `C${signIn.id}`);

    const answer = expectStatus(await postReport(projectId, report, 'application/json', '?branch=main'), 201);
    expect(answer.format).toBe('playwright');
    expect(answer.summary).toMatchObject({ tests: 6, skipped: 1, passed: 4, failed: 3, retried: 1 });
    const items = await itemsOf(answer.cycle.id);
    const byName = new Map(items.map((i) => [i.test_case.name, i]));
    expect([...byName.keys()].sort()).toEqual(
      [
        'applies a coupon',
        'pays by card',
        'ships abroad',
        'shows the receipt',
        'keeps the cart',
        'signs in',
      ].sort(),
    );
    expect(byName.get('pays by card')!.test_case.suite_name).toBe('sample.spec.ts');

    // A test that failed and passed on its retry: both attempts are results of its item.
    const coupon = byName.get('applies a coupon')!;
    expect(coupon).toMatchObject({ state: 'passed', results: 2 });
    expect((await resultsOf(coupon.id)).map((r: { state: string }) => r.state)).toEqual(['failed', 'passed']);
    const receipt = await resultsOf(byName.get('shows the receipt')!.id);
    expect(receipt).toHaveLength(2);
    expect(receipt[0].failure.message).toMatch(/expect\(received\)\.toContain\(expected\)/);
    expect(receipt[0].failure.message).not.toMatch(String.fromCharCode(27));
    expect(receipt[0].failure.text).toMatch(/sample\.spec\.ts/);
    const paid = await resultsOf(byName.get('pays by card')!.id);
    expect(paid[0].log).toMatch(/stdout:\npaying with Visa/);
    expect(paid[0].elapsed_ms).toEqual(expect.any(Number));
    expect(byName.get('ships abroad')!.state).toBe('skipped');

    // Keyed tests landed on their cases, which took the tests' names as new versions.
    expect(byName.get('keeps the cart')!.test_case.id).toBe(kept.id);
    expect(byName.get('signs in')!.test_case.id).toBe(signIn.id);
    const versions = expectStatus(await admin().get(`/api/test-cases/${kept.id}/versions`), 200);
    expect(versions.items[0]).toMatchObject({ changed: ['name'], content: { name: 'keeps the cart' } });
    expect(versions.items[0].note).toMatch(/import/);
  });

  it('reads a Cucumber JSON report: scenarios with backgrounds and outlines, step results, a keyed scenario', async () => {
    const projectId = await newProject();
    const voucher = expectStatus(
      await admin().post(`/api/test-cases/project/${projectId}/create`, { name: 'Pay by voucher' }),
      201,
    ).testCase;
    const report = sample('cucumber.json').replaceAll('C515151', `C${voucher.id}`);
    const answer = expectStatus(await postReport(projectId, report, 'application/json'), 201);
    expect(answer.format).toBe('cucumber');
    expect(answer.summary).toMatchObject({ tests: 5, passed: 3, failed: 1, skipped: 1 });
    const items = await itemsOf(answer.cycle.id);
    expect(items.map((i) => i.test_case.name).sort()).toEqual(
      ['Pay by card', 'Pay by voucher', 'Pay in a currency', 'Pay in a currency #2', 'Pay later'].sort(),
    );
    const card = items.find((i) => i.test_case.name === 'Pay by card')!;
    expect(card.test_case.suite_name).toBe('Checkout');
    // A new case takes the reported steps (the background's first), and its result their outcomes.
    const detail = expectStatus(await admin().get(`/api/test-cases/single/${card.test_case.id}`), 200);
    expect(detail.steps.map((s: { action: string }) => s.action)).toEqual([
      'Given I have a cart with 2 items',
      'When I pay with a Visa card',
      'Then I see the receipt',
    ]);
    const [paid] = await resultsOf(card.id);
    expect(paid.step_results).toEqual([{ state: 'passed' }, { state: 'passed' }, { state: 'passed' }]);
    expect(paid.elapsed_ms).toBe(30);

    // The keyed scenario landed on its case, whose empty steps were written from the report.
    const keyed = items.find((i) => i.test_case.id === voucher.id)!;
    expect(keyed.state).toBe('failed');
    const [failed] = await resultsOf(keyed.id);
    expect(failed.failure.message).toBe(
      'When I pay with voucher "SAVE10": AssertionError: expected 90 to equal 100',
    );
    expect(failed.step_results).toEqual([{ state: 'passed' }, { state: 'failed' }, { state: 'skipped' }]);
    expect(items.find((i) => i.test_case.name === 'Pay later')!.state).toBe('skipped');

    // A second import lands on the same cases.
    const again = expectStatus(await postReport(projectId, report, 'application/json'), 201);
    expect(again.summary.casesCreated).toBe(0);
  });

  it("counts a keyed case's shared steps in place when the reported steps become step results", async () => {
    const projectId = await newProject();
    const set = expectStatus(
      await admin().post(`/api/projects/${projectId}/shared-steps`, {
        name: 'Voucher',
        steps: [
          { action: 'When I pay with a voucher', expected: '' },
          { action: 'Then I see the total', expected: '' },
        ],
      }),
      201,
    ).shared_steps;
    const voucher = expectStatus(
      await admin().post(`/api/test-cases/project/${projectId}/create`, {
        name: 'Pay by voucher',
        steps: [{ action: 'Given a cart', expected: '' }, { shared_steps_id: set.id }],
      }),
      201,
    ).testCase;
    const report = sample('cucumber.json').replaceAll('C515151', `C${voucher.id}`);
    const answer = expectStatus(await postReport(projectId, report, 'application/json'), 201);
    const keyed = (await itemsOf(answer.cycle.id)).find((i) => i.test_case.id === voucher.id)!;
    // The case has one step of its own and two of its set: as many as the scenario reports.
    const [failed] = await resultsOf(keyed.id);
    expect(failed.step_results).toEqual([{ state: 'passed' }, { state: 'failed' }, { state: 'skipped' }]);
  });

  it('names the format it could not tell, takes ?format=, and a key of no case of the project is matched by name', async () => {
    const projectId = await newProject();
    const unknown = expectStatus(await postReport(projectId, '{"hello": 1}', 'application/json'), 400);
    expect(unknown.message).toMatch(/name it with \?format=/);
    const junit = `<testsuite name="unit"><testcase classname="unit" name="adds [C999999999]"/></testsuite>`;
    const named = expectStatus(await postReport(projectId, junit, 'application/xml', '?format=junit'), 201);
    expect(named.format).toBe('junit');
    expect(named.summary.warnings.join(' ')).toMatch(/C999999999 names no case of this project/);
    const items = await itemsOf(named.cycle.id);
    expect(items.map((i) => i.test_case.name)).toEqual(['adds']);
    // The JUnit import keeps reading names as they are, and XML only.
    const plain = expectStatus(
      await t.request({
        method: 'POST',
        url: `/api/projects/${projectId}/import/junit`,
        token: w.admin,
        payload: junit,
        headers: { 'content-type': 'application/xml' },
      }),
      201,
    );
    expect((await itemsOf(plain.cycle.id)).map((i) => i.test_case.name)).toEqual(['adds [C999999999]']);
    const json = await t.request({
      method: 'POST',
      url: `/api/projects/${projectId}/import/junit`,
      token: w.admin,
      payload: '[]',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('refuses malformed and hostile JSON: the line named, depth and size bounded', async () => {
    const projectId = await newProject();
    const broken = expectStatus(
      await postReport(
        projectId,
        '{\n  "config": {},\n  "suites": [\n    {"title": x}\n  ]\n}',
        'application/json',
      ),
      400,
    );
    expect(broken.message).toMatch(/not valid JSON \(line 4/);
    const deep = `{"suites": [${'['.repeat(200)}${']'.repeat(200)}]}`;
    expect(expectStatus(await postReport(projectId, deep, 'application/json'), 400).message).toMatch(
      /more than 100 levels deep/,
    );
    const cut = expectStatus(await postReport(projectId, '[{"elements": [', 'application/json'), 400);
    expect(cut.message).toMatch(/ends in the middle/);
  });
});
