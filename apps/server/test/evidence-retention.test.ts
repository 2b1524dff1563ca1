import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { sweepEvidence } from '../src/modules/attachments/evidence-retention-service.ts';
import { createProject } from './helpers/fixtures.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { startWorld, type TestApp, type TestUser, type World } from './helpers/world.ts';

/**
 * docs/product/attachments.md, "Retention of CI evidence": a project's rule (the last N import
 * cycles per branch, N days), read and set through the API, and the sweep that removes the files
 * of import cycles beyond it with an audit entry per project; manual cycles' files stay.
 */

let t: TestApp;
let w: World;
let editor: TestUser;
let reader: TestUser;
beforeAll(async () => {
  ({ t, w, editor, reader } = await startWorld({
    members: { editor: ['home_test_case', 'edit_project'], reader: ['home_test_case'] },
  }));
});
afterAll(() => t.close());

/** A Playwright report of one failed test carrying one screenshot of `bytes` bytes. */
function report(bytes: number) {
  return JSON.stringify({
    config: {},
    suites: [
      {
        title: 'a.spec.ts',
        file: 'a.spec.ts',
        specs: [
          {
            title: 'opens',
            tests: [
              {
                projectName: 'chromium',
                expectedStatus: 'passed',
                results: [
                  {
                    retry: 0,
                    duration: 1,
                    status: 'failed',
                    attachments: [
                      { name: 'shot', contentType: 'image/png', body: randomBytes(bytes).toString('base64') },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  });
}

async function importOn(projectId: number, branch: string | null, name: string): Promise<number> {
  const query = new URLSearchParams({ name, ...(branch === null ? {} : { branch }) });
  const answer = expectStatus(
    await t.request({
      method: 'POST',
      url: `/api/projects/${projectId}/import/results?${query}`,
      token: w.admin,
      payload: report(100),
      headers: { 'content-type': 'application/json' },
    }),
    201,
  );
  expect(answer.summary.evidence.attached).toBe(1);
  return answer.cycle.id;
}

/** The number of complete files on each cycle's results, by cycle name. */
async function filesByCycle(projectId: number): Promise<Record<string, number>> {
  const rows = await queryRows<{ name: string; files: number }>(
    t.db,
    sql`select y.name, count(a.id)::int as files
        from test_cycles y
        left join cycle_items i on i.cycle_id = y.id
        left join cycle_results r on r.item_id = i.id
        left join attachments a on a.result_id = r.id and a.complete
        where y.project_id = ${projectId} group by y.name order by y.name`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.files]));
}

async function sweepAll() {
  const all = [];
  for (;;) {
    const sweep = await sweepEvidence(t.db);
    all.push(...sweep.removed);
    if (sweep.removed.length === 0) return all;
  }
}

async function auditOf(projectId: number) {
  return queryRows<{ actor_id: number | null; action: string; summary: string; changes: unknown }>(
    t.db,
    sql`select actor_id, action, summary, changes from audit_log
        where project_id = ${projectId} and summary like 'Removed %CI evidence%' order by id`,
  );
}

/** A manual cycle of one new case, with a failed result carrying a file. */
async function manualCycleWithFile(projectId: number, name: string) {
  const api = as(t, w.admin);
  const made = expectStatus(await api.post(`/api/test-cases/project/${projectId}/create`, { name }), 201);
  const cycle = expectStatus(
    await api.post(`/api/projects/${projectId}/cycles`, { name, case_ids: [made.testCase.id] }),
    201,
  ).cycle;
  const { items } = expectStatus(await api.get(`/api/cycles/${cycle.id}/items`), 200);
  const result = expectStatus(
    await api.post(`/api/cycle-items/${items[0].id}/results`, { state: 'failed' }),
    201,
  ).result;
  const boundary = 'retention-boundary';
  const res = await t.request({
    method: 'POST',
    url: `/api/cycle-results/${result.id}/attachments`,
    token: w.admin,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload:
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="manual.txt"\r\n` +
      `Content-Type: text/plain\r\n\r\nby hand\r\n--${boundary}--\r\n`,
  });
  expectStatus(res, 201);
  return cycle.id as number;
}

describe('the retention setting', () => {
  it('keeps everything by default; edit_project sets it, home_test_case reads it; audited', async () => {
    const projectId = w.project.id;
    const url = `/api/projects/${projectId}/evidence-retention`;
    expect(expectStatus(await as(t, reader.token).get(url), 200)).toEqual({
      keep_cycles: null,
      keep_days: null,
    });
    expectStatus(await as(t, reader.token).put(url, { keep_cycles: 5, keep_days: null }), 403);
    const saved = expectStatus(await as(t, editor.token).put(url, { keep_cycles: 5, keep_days: 30 }), 200);
    expect(saved).toEqual({
      message: 'Evidence retention saved',
      retention: { keep_cycles: 5, keep_days: 30 },
    });
    expect(expectStatus(await as(t, reader.token).get(url), 200)).toEqual({ keep_cycles: 5, keep_days: 30 });
    expectStatus(await as(t, editor.token).put(url, { keep_cycles: 0, keep_days: null }), 400);
    expectStatus(await as(t, editor.token).put(url, { keep_cycles: 5 }), 400);
    const [entry] = await queryRows<{ summary: string }>(
      t.db,
      sql`select summary from audit_log where project_id = ${projectId} and summary like 'Set the retention%' order by id desc limit 1`,
    );
    expect(entry?.summary).toContain('keep the last 5 import cycles per branch and 30 days');
    expectStatus(await as(t, editor.token).put(url, { keep_cycles: null, keep_days: null }), 200);
    expect(expectStatus(await as(t, reader.token).get(url), 200)).toEqual({
      keep_cycles: null,
      keep_days: null,
    });
  });
});

describe('the sweep', () => {
  it('keeps the files of the last N import cycles per branch; manual cycles are untouched', async () => {
    const projectId = (await createProject(t, w.admin, 'Retention by cycles')).id;
    for (const n of [1, 2, 3, 4]) await importOn(projectId, 'main', `main ${n}`);
    for (const n of [1, 2]) await importOn(projectId, 'dev', `dev ${n}`);
    for (const n of [1, 2, 3]) await importOn(projectId, null, `none ${n}`);
    await manualCycleWithFile(projectId, 'manual');
    // Without a rule nothing goes.
    await sweepAll();
    expect(Object.values(await filesByCycle(projectId)).every((n) => n === 1)).toBe(true);

    expectStatus(
      await as(t, w.admin).put(`/api/projects/${projectId}/evidence-retention`, {
        keep_cycles: 2,
        keep_days: null,
      }),
      200,
    );
    const removed = await sweepAll();
    expect(removed.filter((r) => r.projectId === projectId)).toEqual([
      { projectId, files: 3, bytes: 300, cycles: 3 },
    ]);
    expect(await filesByCycle(projectId)).toEqual({
      'dev 1': 1,
      'dev 2': 1,
      'main 1': 0,
      'main 2': 0,
      'main 3': 1,
      'main 4': 1,
      manual: 1,
      'none 1': 0,
      'none 2': 1,
      'none 3': 1,
    });
    const entries = await auditOf(projectId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_id: null,
      action: 'delete',
      summary:
        'Removed 3 files (300 bytes) of CI evidence from 3 import cycles of project "Retention by cycles" ' +
        'under its retention rule (keep the last 2 import cycles per branch)',
      changes: {
        evidence_files: { before: 3, after: null },
        evidence_bytes: { before: 300, after: null },
        cycles: { before: ['main 1', 'main 2', 'none 1'], after: null },
      },
    });
    // Nothing more to remove: no second entry.
    await sweepAll();
    expect(await auditOf(projectId)).toHaveLength(1);
  });

  it('keeps the files of N days; manual cycles of any age are untouched', async () => {
    const projectId = (await createProject(t, w.admin, 'Retention by days')).id;
    const old = await importOn(projectId, 'main', 'old');
    await importOn(projectId, 'main', 'new');
    const manual = await manualCycleWithFile(projectId, 'manual old');
    await t.db.execute(
      sql`update test_cycles set created_at = now() - interval '10 days' where id in (${old}, ${manual})`,
    );
    expectStatus(
      await as(t, w.admin).put(`/api/projects/${projectId}/evidence-retention`, {
        keep_cycles: null,
        keep_days: 7,
      }),
      200,
    );
    await sweepAll();
    expect(await filesByCycle(projectId)).toEqual({ 'manual old': 1, new: 1, old: 0 });
    const [entry] = await auditOf(projectId);
    expect(entry?.summary).toBe(
      'Removed 1 file (100 bytes) of CI evidence from 1 import cycle of project "Retention by days" ' +
        'under its retention rule (keep 7 days)',
    );
  });

  it('removes at most the budget of files per sweep; the next sweep goes on', async () => {
    const projectId = (await createProject(t, w.admin, 'Retention in steps')).id;
    for (const n of [1, 2, 3, 4]) await importOn(projectId, 'main', `step ${n}`);
    expectStatus(
      await as(t, w.admin).put(`/api/projects/${projectId}/evidence-retention`, {
        keep_cycles: 1,
        keep_days: null,
      }),
      200,
    );
    const first = await sweepEvidence(t.db, projectId - 1, 2);
    expect(first.removed).toEqual([{ projectId, files: 2, bytes: 200, cycles: 2 }]);
    const second = await sweepEvidence(t.db, projectId - 1, 2);
    expect(second.removed).toEqual([{ projectId, files: 1, bytes: 100, cycles: 1 }]);
    expect(await filesByCycle(projectId)).toEqual({ 'step 1': 0, 'step 2': 0, 'step 3': 0, 'step 4': 1 });
    expect(await auditOf(projectId)).toHaveLength(2);
  });
});
