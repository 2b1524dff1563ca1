import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MilestoneReadiness, ReadinessReason } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { createProject } from './helpers/fixtures.ts';
import { apiToken } from './helpers/import-world.ts';
import { as, expectBadIds, expectGuards, expectStatus } from './helpers/requests.ts';
import { verdictImport } from './helpers/verdict-import.ts';
import { startWorld, type TestApp, type Tree, type World } from './helpers/world.ts';

/**
 * A milestone's readiness (docs/product/milestones.md, "Readiness"): red with each reason, then
 * green once the results are in and an import on its branch passes; flaky and quarantined
 * failures named apart; the rules' validation and guards; `verdict-import readiness` against a
 * real server.
 */

let t: TestApp;
let w: World;
let tree: Tree;
let url: string;
let scratch: string;
beforeAll(async () => {
  ({ t, w, tree } = await startWorld({ tree: true }));
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  scratch = mkdtempSync(path.join(os.tmpdir(), 'verdict-readiness-'));
});
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await t.close();
});

const admin = () => as(t, w.admin);
const readinessOf = (id: number) => `/api/milestones/${id}/readiness`;
const rulesOf = (id: number) => `/api/milestones/${id}/readiness-rules`;
let serial = 0;
const unique = (prefix: string) => `${prefix} ${++serial}`;

async function readiness(id: number): Promise<MilestoneReadiness> {
  return expectStatus(await admin().get(readinessOf(id)), 200);
}
const messages = (reasons: ReadinessReason[], rule?: string) =>
  reasons.filter((r) => !rule || r.rule === rule).map((r) => r.message);

async function createMilestone(body: object = {}) {
  return expectStatus(
    await admin().post(`/api/projects/${w.project.id}/milestones`, { name: unique('Release'), ...body }),
    201,
  ).milestone;
}

/** Each item of the cycle by its case's name. */
async function itemsByCase(cycleId: number): Promise<Map<string, number>> {
  const { items } = expectStatus(await admin().get(`/api/cycles/${cycleId}/items`), 200);
  return new Map(items.map((i: { id: number; test_case: { name: string } }) => [i.test_case.name, i.id]));
}

async function record(itemId: number, state: string) {
  return expectStatus(await admin().post(`/api/cycle-items/${itemId}/results`, { state }), 201);
}

/** A report of suite Rel: each name passes, or fails with "<name> broke". */
async function importOn(branch: string, name: string, outcomes: Record<string, 'pass' | 'fail'>) {
  const cases = Object.entries(outcomes).map(([n, o]) =>
    o === 'pass'
      ? `<testcase name="${n}" time="0.1"/>`
      : `<testcase name="${n}" time="0.1"><failure message="${n} broke">trace</failure></testcase>`,
  );
  const xml = `<testsuite name="Rel">${cases.join('')}</testsuite>`;
  const res = await t.request({
    method: 'POST',
    url: `/api/projects/${w.project.id}/import/junit?branch=${branch}&name=${encodeURIComponent(name)}`,
    token: w.admin,
    payload: xml,
    headers: { 'content-type': 'application/xml' },
  });
  return expectStatus(res, 201).cycle as { id: number; name: string };
}

async function caseNamed(name: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`select id from test_cases where project_id = ${w.project.id} and name = ${name} order by id limit 1`,
  );
  return row!.id;
}

describe('milestone readiness', () => {
  let milestone: { id: number; name: string };
  let chrome: { id: number; name: string };
  let firefox: { id: number; name: string };
  let subCycle: { id: number; name: string };
  let nightly: { id: number; name: string };

  it('uses strict default rules, and a milestone without cycles or imports is not ready', async () => {
    milestone = await createMilestone({ branch: 'rel' });
    const answer = await readiness(milestone.id);
    expect(answer).toMatchObject({
      milestone: { id: milestone.id, name: milestone.name, branch: 'rel' },
      ready: false,
      rules_set: false,
      rules: { max_untested: 0, min_pass_rate: 100, no_new_failures: true, no_open_defects: true },
      figures: { cycles: 0, untested: 0, configurations: [], import: null, open_defects: 0 },
    });
    expect(answer.reasons).toEqual([
      {
        rule: 'min_pass_rate',
        message: 'No test cycles yet: no pass rate to hold to 100%',
        link: `/milestones/${milestone.id}`,
      },
    ]);
    expect(answer.notes).toEqual([
      { rule: 'no_new_failures', message: 'No import on branch rel yet', link: null },
    ]);
  });

  it('goes from red, with a reason for each rule, to green once tested and an import on its branch passes', async () => {
    const [chromeId, firefoxId] = expectStatus(
      await admin().post(`/api/projects/${w.project.id}/configuration-groups`, {
        name: 'Browser',
        configurations: ['Chrome', 'Firefox'],
      }),
      201,
    ).group.configurations.map((c: { id: number }) => c.id);
    const plan = expectStatus(
      await admin().post(`/api/projects/${w.project.id}/plans`, {
        name: 'Regression',
        milestone_id: milestone.id,
        entries: [
          { case_ids: [tree.grandchildId, tree.looseCaseId], configuration_ids: [chromeId, firefoxId] },
        ],
      }),
      201,
    ).plan;
    [chrome, firefox] = plan.cycles;
    const sub = await createMilestone({ parent_id: milestone.id });
    subCycle = expectStatus(
      await admin().post(`/api/projects/${w.project.id}/cycles`, {
        name: 'Smoke',
        milestone_id: sub.id,
        case_ids: [tree.grandchildId],
      }),
      201,
    ).cycle;

    const rules = { max_untested: 1, min_pass_rate: 50, no_new_failures: true, no_open_defects: true };
    const saved = expectStatus(await admin().put(rulesOf(milestone.id), rules), 200);
    expect(saved).toEqual({ message: 'Readiness rules saved', rules });

    const chromeItems = await itemsByCase(chrome.id);
    await record(chromeItems.get('grandchild')!, 'passed');
    await record(chromeItems.get('loose')!, 'failed');
    expectStatus(
      await admin().put(`/api/projects/${w.project.id}/tracker`, {
        kind: 'jira',
        base_url: 'https://jira.example.com',
      }),
      200,
    );
    expectStatus(
      await admin().post(`/api/cycle-items/${chromeItems.get('loose')}/defects`, { defect: 'PROJ-12' }),
      201,
    );
    await importOn('rel', 'Nightly 1', { alpha: 'pass', beta: 'pass' });
    nightly = await importOn('rel', 'Nightly 2', { alpha: 'pass', beta: 'fail' });
    // An import on another branch is not the milestone's.
    await importOn('other', 'Other 1', { alpha: 'fail', beta: 'pass' });

    const red = await readiness(milestone.id);
    expect(red.ready).toBe(false);
    expect(red.rules_set).toBe(true);
    expect(red.reasons).toEqual([
      {
        rule: 'max_untested',
        message: "3 items untested (at most 1): 2 in cycle 'Regression (Firefox)'",
        link: `/cycles/${firefox.id}`,
      },
      {
        rule: 'max_untested',
        message: "3 items untested (at most 1): 1 in cycle 'Smoke'",
        link: `/cycles/${subCycle.id}`,
      },
      {
        rule: 'min_pass_rate',
        message: 'Without configuration: nothing tested yet (pass rate at least 50%)',
        link: `/milestones/${milestone.id}`,
      },
      {
        rule: 'min_pass_rate',
        message: 'Firefox: nothing tested yet (pass rate at least 50%)',
        link: `/milestones/${milestone.id}`,
      },
      {
        rule: 'no_new_failures',
        message: "New failure in import 'Nightly 2' on branch rel: beta",
        link: `/cases/${await caseNamed('beta')}`,
      },
      {
        rule: 'no_open_defects',
        message: "Defect PROJ-12 linked to a failed result of case 'loose'",
        link: 'https://jira.example.com/browse/PROJ-12',
      },
    ]);
    expect(red.notes).toEqual([]);
    expect(red.figures).toMatchObject({
      cycles: 3,
      counts: { total: 5, untested: 3, passed: 1, failed: 1 },
      untested: 3,
      configurations: [
        { name: null, cycles: 1, total: 1, executed: 0, passed: 0, pass_rate: null },
        { name: 'Chrome', cycles: 1, total: 2, executed: 2, passed: 1, pass_rate: 50 },
        { name: 'Firefox', cycles: 1, total: 2, executed: 0, passed: 0, pass_rate: null },
      ],
      import: {
        cycle: { id: nightly.id, name: 'Nightly 2', branch: 'rel' },
        compared_with: { name: 'Nightly 1', branch: 'rel' },
        counts: { new: 1, still_failing: 0, flaky: 0, quarantined: 0 },
      },
      open_defects: 1,
    });

    // The results come in, the failure is retested and passes, and the next import passes.
    for (const itemId of (await itemsByCase(firefox.id)).values()) await record(itemId, 'passed');
    await record((await itemsByCase(subCycle.id)).get('grandchild')!, 'passed');
    await record(chromeItems.get('loose')!, 'passed');
    const fixed = await importOn('rel', 'Nightly 3', { alpha: 'pass', beta: 'pass' });
    const green = await readiness(milestone.id);
    expect(green).toMatchObject({ ready: true, reasons: [], notes: [] });
    expect(green.figures).toMatchObject({
      untested: 0,
      open_defects: 0,
      import: { cycle: { id: fixed.id }, counts: { new: 0, still_failing: 0 } },
    });
    expect(green.figures.configurations.map((c) => c.pass_rate)).toEqual([100, 100, 100]);
  });

  it('fails on a failure still failing, and names flaky and quarantined ones apart without failing', async () => {
    expectStatus(
      await admin().put(`/api/projects/${w.project.id}/flaky-settings`, { window: 5, flips: 2 }),
      200,
    );
    await importOn('rel', 'Nightly 4', { alpha: 'fail', gamma: 'fail', delta: 'pass' });
    const still = await importOn('rel', 'Nightly 5', {
      alpha: 'fail',
      epsilon: 'fail',
      gamma: 'pass',
      delta: 'fail',
    });
    expectStatus(
      await admin().put(`/api/test-cases/${await caseNamed('delta')}/quarantine`, {
        reason: 'Known',
        until: null,
      }),
      200,
    );
    let answer = await readiness(milestone.id);
    expect(messages(answer.reasons)).toEqual([
      "New failure in import 'Nightly 5' on branch rel: epsilon",
      "Still failing in import 'Nightly 5' on branch rel: alpha",
    ]);
    expect(messages(answer.notes)).toEqual([
      "Quarantined failure in import 'Nightly 5' on branch rel, not counted: delta",
    ]);
    expect(answer.figures.import?.cycle.id).toBe(still.id);

    // gamma fails, passes and fails: 2 flips, flaky on rel under a threshold of 2.
    await importOn('rel', 'Nightly 6', { alpha: 'pass', epsilon: 'pass', gamma: 'fail', delta: 'fail' });
    answer = await readiness(milestone.id);
    expect(answer.ready).toBe(true);
    expect(messages(answer.notes)).toEqual([
      "Flaky failure in import 'Nightly 6' on branch rel, not counted: gamma",
      "Quarantined failure in import 'Nightly 6' on branch rel, not counted: delta",
    ]);
    expect(answer.figures.import?.counts).toEqual({ new: 0, still_failing: 0, flaky: 1, quarantined: 1 });
    expect(answer.notes[0]!.link).toBe(`/cases/${await caseNamed('gamma')}`);
  });

  it('turns rules off with null and false, says when the milestone has no branch, and audits the change', async () => {
    const bare = await createMilestone();
    const off = { max_untested: null, min_pass_rate: null, no_new_failures: false, no_open_defects: false };
    expectStatus(await admin().put(rulesOf(bare.id), off), 200);
    expect(await readiness(bare.id)).toMatchObject({ ready: true, reasons: [], notes: [], rules: off });

    expectStatus(await admin().put(rulesOf(bare.id), { ...off, no_new_failures: true }), 200);
    expect((await readiness(bare.id)).notes).toEqual([
      {
        rule: 'no_new_failures',
        message: 'No CI branch: the milestone names none, so no import is checked',
        link: null,
      },
    ]);
    const entries = await queryRows<{ summary: string }>(
      t.db,
      sql`select summary from audit_log where entity_type = 'milestone' and entity_id = ${bare.id} order by id`,
    );
    expect(entries.map((e) => e.summary)).toEqual([
      `Created milestone "${bare.name}"`,
      `Updated milestone "${bare.name}": readiness_rules`,
      `Updated milestone "${bare.name}": readiness_rules`,
    ]);
  });

  it('refuses rules out of bounds, missing or unknown, with 400 invalid_request', async () => {
    const good = { max_untested: 0, min_pass_rate: 95, no_new_failures: true, no_open_defects: true };
    const bad = [
      { ...good, min_pass_rate: 101 },
      { ...good, min_pass_rate: -1 },
      { ...good, max_untested: -1 },
      { ...good, max_untested: 1.5 },
      { ...good, no_new_failures: 'yes' },
      { max_untested: 0, min_pass_rate: 95, no_new_failures: true },
      { ...good, requirements: true },
    ];
    for (const body of bad) {
      const refused = expectStatus(await admin().put(rulesOf(milestone.id), body), 400);
      expect(refused.code, JSON.stringify(body)).toBe('invalid_request');
    }
    expectStatus(await admin().put(rulesOf(milestone.id), { ...good, min_pass_rate: 99.5 }), 200);
  });

  it('answers 404 for a missing or hidden milestone and 403 without the permission', async () => {
    await expectGuards(t, w, { method: 'GET', url: readinessOf(milestone.id), permission: 'home_milestone' });
    await expectGuards(t, w, {
      method: 'PUT',
      url: rulesOf(milestone.id),
      payload: { max_untested: 0, min_pass_rate: null, no_new_failures: false, no_open_defects: false },
      permission: 'edit_milestone',
    });
    expect(expectStatus(await admin().get(readinessOf(999_999)), 404).code).toBe('not_found');
    await expectBadIds(t, w.admin, 'GET', ['/api/milestones/abc/readiness', '/api/milestones/0/readiness']);
  });
});

describe('the requirements rule', () => {
  it('lists each approved requirement not passing within the milestone, up to the rule, and the CLI says the rule', async () => {
    const p = (await createProject(t, w.admin)).id;
    const post = async (url: string, body: object) => expectStatus(await admin().post(url, body), 201);
    const caseId = (await post(`/api/test-cases/project/${p}/create`, { name: 'Card form' })).testCase.id;
    const pay = (await post(`/api/projects/${p}/requirements`, { title: 'Pay by card', status: 'approved' }))
      .requirement;
    const refund = (await post(`/api/projects/${p}/requirements`, { title: 'Refund', status: 'approved' }))
      .requirement;
    await post(`/api/projects/${p}/requirements`, { title: 'Draft only' });
    expectStatus(await admin().post(`/api/requirements/${pay.id}/cases`, { case_ids: [caseId] }), 200);
    const m = (await post(`/api/projects/${p}/milestones`, { name: 'Req release' })).milestone;
    const cycle = (
      await post(`/api/projects/${p}/cycles`, { name: 'Req cycle', milestone_id: m.id, case_ids: [caseId] })
    ).cycle;

    const first = await readiness(m.id);
    expect(first.rules.max_unmet_requirements).toBe(0);
    expect(first.figures.unmet_requirements).toBe(2);
    expect(first.reasons.filter((r) => r.rule === 'max_unmet_requirements')).toEqual([
      {
        rule: 'max_unmet_requirements',
        message: "REQ-1 'Pay by card' is untested",
        link: `/requirements/${pay.id}`,
      },
      {
        rule: 'max_unmet_requirements',
        message: "REQ-2 'Refund' is not covered",
        link: `/requirements/${refund.id}`,
      },
    ]);
    const [item] = (await itemsByCase(cycle.id)).values();
    await record(item!, 'failed');
    expect(messages((await readiness(m.id)).reasons, 'max_unmet_requirements')).toEqual([
      "REQ-1 'Pay by card' is failing",
      "REQ-2 'Refund' is not covered",
    ]);

    const token = await apiToken(t, w.admin, 'Requirements rule');
    const cli = await verdictImport([
      'readiness',
      '--url',
      url,
      '--token',
      token,
      '--milestone',
      String(m.id),
    ]);
    expect(cli.code, cli.stderr).toBe(1);
    expect(cli.stdout).toContain('at most 0 approved requirements not passing');
    expect(cli.stdout).toContain(`- [REQ-2 'Refund' is not covered](${url}/requirements/${refund.id})`);

    await record(item!, 'passed');
    const rules = { max_untested: null, min_pass_rate: null, no_new_failures: false, no_open_defects: false };
    expectStatus(await admin().put(rulesOf(m.id), { ...rules, max_unmet_requirements: 1 }), 200);
    const met = await readiness(m.id);
    expect(met).toMatchObject({ ready: true, reasons: [], figures: { unmet_requirements: 1 } });
    // An older client leaves the rule out: the milestone keeps it.
    const kept = expectStatus(await admin().put(rulesOf(m.id), rules), 200);
    expect(kept.rules).toEqual({ ...rules, max_unmet_requirements: 1 });
    expectStatus(await admin().put(rulesOf(m.id), { ...rules, max_unmet_requirements: -1 }), 400);
  });
});

describe('verdict-import readiness', () => {
  it('exits 1 with the reasons when not ready and 0 when ready, with a Markdown summary', async () => {
    const token = await apiToken(t, w.admin, 'Readiness');
    const target = (id: number) => ['readiness', '--url', url, '--token', token, '--milestone', String(id)];
    const m = await createMilestone({ branch: 'cli' });
    const cycle = expectStatus(
      await admin().post(`/api/projects/${w.project.id}/cycles`, {
        name: 'CLI cycle',
        milestone_id: m.id,
        case_ids: [tree.looseCaseId],
      }),
      201,
    ).cycle;
    const summaryFile = path.join(scratch, 'summary.md');
    const red = await verdictImport([...target(m.id), '--summary-file', summaryFile]);
    expect(red.code, red.stderr).toBe(1);
    expect(red.stdout).toContain(`## Milestone [${m.name}](${url}/milestones/${m.id}): NOT READY`);
    expect(red.stdout).toContain(
      `- [1 item untested (at most 0): 1 in cycle 'CLI cycle'](${url}/cycles/${cycle.id})`,
    );
    expect(red.stdout).toContain('- No import on branch cli yet');
    expect(red.stderr).toContain('verdict-import readiness: not ready: 2 reasons');
    expect(readFileSync(summaryFile, 'utf8').trimEnd()).toBe(red.stdout.trimEnd());

    await record((await itemsByCase(cycle.id)).get('loose')!, 'passed');
    await importOn('cli', 'CLI import', { alpha: 'pass' });
    const green = await verdictImport(target(m.id));
    expect(green.code, green.stderr).toBe(0);
    expect(green.stdout).toContain('): READY');
    expect(green.stdout).toContain('Latest import [CLI import]');

    const json = await verdictImport([...target(m.id), '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ ready: true, milestone: { id: m.id } });
  });

  it('exits 1 for a hidden milestone or a bad token, 2 for a usage error', async () => {
    const token = await apiToken(t, w.admin, 'Readiness 2');
    const hidden = await verdictImport([
      'readiness',
      '--url',
      url,
      '--token',
      token,
      '--milestone',
      '999999',
    ]);
    expect(hidden.code).toBe(1);
    expect(hidden.stderr).toContain('HTTP 404: Milestone not found');
    const badToken = await verdictImport([
      'readiness',
      '--url',
      url,
      '--token',
      `vdt_${'x'.repeat(43)}`,
      '--milestone',
      '1',
    ]);
    expect(badToken.code).toBe(1);
    expect(badToken.stderr).toContain('HTTP 401');
    for (const args of [
      ['readiness', '--url', url, '--token', token],
      ['readiness', '--url', url, '--token', token, '--milestone', 'abc'],
      ['readiness', '--url', url, '--token', token, '--milestone', '1', 'extra.xml'],
      ['readiness', '--bogus'],
    ]) {
      const result = await verdictImport(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('Usage: verdict-import');
    }
  });
});
