import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ImportGate, ImportResponse } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { createProject } from './helpers/fixtures.ts';
import { postJunitReport } from './helpers/requests.ts';
import { verdictImport } from './helpers/verdict-import.ts';
import { startAdminWorld, type TestApp } from './helpers/world.ts';

/**
 * docs/product/ci-gate.md: a scripted history of JUnit imports on a real database (flips, fixes,
 * new failures, a quarantine, one that has ended, a new branch), each import's gate, and the
 * uploader's `--gate`, `--gate new` and Markdown summary against a real server.
 */

let t: TestApp;
let admin: string;
let projectId: number;
let url: string;
let scratch: string;

/** A report of suite Gate: each name passes, or fails with "<name> broke". */
function report(outcomes: Record<string, 'pass' | 'fail'>): string {
  const cases = Object.entries(outcomes).map(([name, outcome]) =>
    outcome === 'pass'
      ? `<testcase name="${name}" time="0.1"/>`
      : `<testcase name="${name}" time="0.2"><failure message="${name} broke">trace</failure></testcase>`,
  );
  return `<testsuite name="Gate">${cases.join('')}</testsuite>`;
}

async function importReport(outcomes: Record<string, 'pass' | 'fail'>, branch: string): Promise<ImportGate> {
  const res = await postJunitReport(t, admin, projectId, report(outcomes), branch);
  expect(res.statusCode, res.body).toBe(201);
  const answer = res.json() as ImportResponse;
  return answer.gate!;
}

const names = (gate: ImportGate, group: 'new' | 'still_failing' | 'flaky' | 'quarantined' | 'fixed') =>
  gate[group].map((c) => c.name);

async function caseId(name: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`select id from test_cases where project_id = ${projectId} and name = ${name}`,
  );
  return row!.id;
}

async function quarantine(name: string, until: string | null) {
  const res = await t.request({
    method: 'PUT',
    url: `/api/test-cases/${await caseId(name)}/quarantine`,
    token: admin,
    payload: { reason: 'Known issue', until },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  ({ t, admin } = await startAdminWorld());
  projectId = (await createProject(t, admin, 'Gate project')).id;
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  scratch = mkdtempSync(path.join(os.tmpdir(), 'verdict-gate-'));
});
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await t.close();
});

describe('the CI gate of an import', () => {
  it('sorts each failure against the previous import on the branch, through a scripted history', async () => {
    // 1. The first import: nothing to compare with, every failure is new.
    const first = await importReport({ a: 'pass', b: 'fail', c: 'pass', f: 'pass', q: 'pass' }, 'main');
    expect(first.compared_with).toBeNull();
    expect(names(first, 'new')).toEqual(['b']);
    expect(first.new[0]!.failure_message).toBe('b broke');
    expect(first).toMatchObject({ fails: true, fails_new: true, branch: 'main' });

    // 2. a and f break (new), b still fails.
    const second = await importReport({ a: 'fail', b: 'fail', c: 'pass', f: 'fail', q: 'pass' }, 'main');
    expect(second.compared_with?.branch).toBe('main');
    expect(names(second, 'new')).toEqual(['a', 'f']);
    expect(names(second, 'still_failing')).toEqual(['b']);
    expect(second.counts).toEqual({ new: 2, still_failing: 1, flaky: 0, quarantined: 0, fixed: 0 });

    // 3. a and f are fixed; b still fails, so the gate fails but not on new failures.
    const third = await importReport({ a: 'pass', b: 'fail', c: 'pass', f: 'pass', q: 'pass' }, 'main');
    expect(names(third, 'fixed')).toEqual(['a', 'f']);
    expect(names(third, 'still_failing')).toEqual(['b']);
    expect(third).toMatchObject({ fails: true, fails_new: false });

    // 4. b is quarantined; f flips a third time (pass, fail, pass, fail): flaky. Nothing fails the gate.
    await quarantine('b', null);
    const fourth = await importReport({ a: 'pass', b: 'fail', c: 'pass', f: 'fail', q: 'pass' }, 'main');
    expect(names(fourth, 'quarantined')).toEqual(['b']);
    expect(names(fourth, 'flaky')).toEqual(['f']);
    expect(names(fourth, 'new')).toEqual([]);
    expect(fourth).toMatchObject({ fails: false, fails_new: false });

    // 5. A quarantine whose end date has passed no longer shields q's new failure (the date is
    // moved into the past here, as time would).
    await quarantine('q', '2999-01-01');
    await t.db.execute(
      sql`update case_quarantines set until = '2020-01-01' where case_id = ${await caseId('q')}`,
    );
    const fifth = await importReport({ a: 'pass', b: 'fail', c: 'pass', f: 'pass', q: 'fail' }, 'main');
    expect(names(fifth, 'new')).toEqual(['q']);
    expect(names(fifth, 'quarantined')).toEqual(['b']);

    // 6. A new branch's first import is compared with the latest on main.
    const branch = await importReport({ a: 'pass', c: 'fail' }, 'feature-x');
    expect(branch.compared_with).toMatchObject({ branch: 'main' });
    expect(names(branch, 'new')).toEqual(['c']);
  });

  it('answers a branch’s latest import and its gate, read again now', async () => {
    const gateOfBranch = async (branch: string) => {
      const res = await t.request({
        method: 'GET',
        url: `/api/projects/${projectId}/gate?branch=${encodeURIComponent(branch)}`,
        token: admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await gateOfBranch('never-imported')).toEqual({
      branch: 'never-imported',
      cycle: null,
      gate: null,
    });
    const first = await importReport({ pays: 'pass', ships: 'pass' }, 'gate-api');
    const second = await importReport({ pays: 'fail', ships: 'pass' }, 'gate-api');
    expect(first.counts.new).toBe(0);
    const answer = await gateOfBranch('gate-api');
    expect(answer.cycle).toMatchObject({ branch: 'gate-api' });
    expect(answer.gate).toMatchObject({ counts: second.counts, fails: true });
    expect(answer.gate.new).toEqual([
      expect.objectContaining({ name: 'pays', failure_message: 'pays broke' }),
    ]);
    // A quarantine set since counts now.
    await quarantine('pays', null);
    expect((await gateOfBranch('gate-api')).gate).toMatchObject({
      counts: { new: 0, quarantined: 1 },
      fails: false,
    });
    const hidden = await t.request({
      method: 'GET',
      url: '/api/projects/999999/gate?branch=main',
      token: admin,
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('verdict-import --gate fails on still-failing failures, --gate new only on new ones, and writes a summary', async () => {
    const tokenRes = await t.request({
      method: 'POST',
      url: '/api/api-tokens',
      token: admin,
      payload: { name: 'Gate CI' },
    });
    expect(tokenRes.statusCode, tokenRes.body).toBe(201);
    const token = tokenRes.json().token as string;
    const file = path.join(scratch, 'report.xml');
    // On branch gate-cli (compared with main): b fails as it did on main, a is fine.
    writeFileSync(file, report({ a: 'pass', b: 'fail', c: 'pass' }));
    await importReport({ a: 'pass', b: 'fail', c: 'pass' }, 'gate-cli');
    // End b's quarantine so its failure counts.
    const ended = await t.request({
      method: 'DELETE',
      url: `/api/test-cases/${await caseId('b')}/quarantine`,
      token: admin,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const base = ['--url', url, '--token', token, '--project', String(projectId), '--branch', 'gate-cli'];
    const summaryFile = path.join(scratch, 'summary.md');
    const stepSummary = path.join(scratch, 'step-summary.md');
    writeFileSync(stepSummary, '# Earlier step\n');

    const all = await verdictImport([...base, '--gate', '--summary-file', summaryFile, file], {
      GITHUB_STEP_SUMMARY: stepSummary,
    });
    expect(all.code, all.stderr).toBe(1);
    expect(all.stdout).toContain('gate: 0 new, 1 still failing, 0 flaky, 0 quarantined, 0 fixed');
    expect(all.stdout).toContain('still failing: b');
    expect(all.stderr).toContain('the gate failed: there are new or still-failing failures');
    const summary = readFileSync(summaryFile, 'utf8');
    expect(summary).toContain('## Verdict test results');
    expect(summary).toContain('**Still failing** (1)');
    expect(summary).toContain(`[b](${url}/cases/${await caseId('b')}): b broke`);
    expect(summary).toMatch(new RegExp(`\\]\\(${url}/cycles/\\d+\\)`));
    // The step summary keeps what earlier steps wrote.
    expect(readFileSync(stepSummary, 'utf8')).toBe(`# Earlier step\n${summary}`);

    const onlyNew = await verdictImport([...base, '--gate', 'new', file]);
    expect(onlyNew.code, onlyNew.stderr).toBe(0);
    const noGate = await verdictImport([...base, file]);
    expect(noGate.code).toBe(0);
    // A new failure fails --gate new too.
    writeFileSync(file, report({ a: 'fail', b: 'fail', c: 'pass' }));
    const broken = await verdictImport([...base, '--gate', 'new', file]);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain('new: a');
    expect(broken.stderr).toContain('the gate failed: there are new failures');
    const usage = await verdictImport([...base, '--gate=sometimes', file]);
    expect(usage.code).toBe(2);
  });

  it('compares two cycles: new failures, fixed, still failing, added, removed and the duration', async () => {
    const cycles = await queryRows<{ id: number; branch: string }>(
      t.db,
      sql`select id, branch from test_cycles where project_id = ${projectId} order by id`,
    );
    const [first, second, third] = cycles.map((c) => c.id);
    const compare = async (from: number, to: number) => {
      const res = await t.request({
        method: 'GET',
        url: `/api/cycles/compare?from=${from}&to=${to}`,
        token: admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const names = (list: { name: string }[]) => list.map((c) => c.name);
    const one = await compare(first!, second!);
    expect(names(one.new_failures)).toEqual(['a', 'f']);
    expect(names(one.still_failing)).toEqual(['b']);
    expect(one.counts).toEqual({ new_failures: 2, fixed: 0, still_failing: 1, added: 0, removed: 0 });
    // Durations: 0.1 s a pass, 0.2 s a failure; the first: four passes and b's failure.
    expect(one.from.duration_ms).toBe(600);
    expect(one.to.duration_ms).toBe(800);
    expect(one.duration_change_ms).toBe(200);
    expect(one.new_failures[0]).toMatchObject({
      name: 'a',
      from_state: 'passed',
      to_state: 'failed',
      from_ms: 100,
      to_ms: 200,
    });
    const two = await compare(second!, third!);
    expect(names(two.fixed)).toEqual(['a', 'f']);
    // The new branch's cycle holds a and c only.
    const branch = cycles.find((c) => c.branch === 'feature-x')!.id;
    const three = await compare(third!, branch);
    expect(names(three.removed)).toEqual(['b', 'f', 'q']);
    expect(names(three.new_failures)).toEqual(['c']);
    const other = await t.request({
      method: 'POST',
      url: '/api/projects/create',
      token: admin,
      payload: { name: 'Elsewhere' },
    });
    const foreign = await t.request({
      method: 'POST',
      url: `/api/projects/${other.json().project.id}/import/junit`,
      token: admin,
      payload: report({ z: 'pass' }),
      headers: { 'content-type': 'application/xml' },
    });
    const refused = await t.request({
      method: 'GET',
      url: `/api/cycles/compare?from=${first}&to=${foreign.json().cycle.id}`,
      token: admin,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Compare two cycles of one project');
  });
});
