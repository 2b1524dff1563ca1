import type { SignOffReport } from '@verdict/contract';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from './helpers/fixtures.ts';
import { as, expectGuards, expectStatus } from './helpers/requests.ts';
import { type Member, startWorld, type TestApp, type Tree, type World } from './helpers/world.ts';

/**
 * The sign-off report (docs/product/milestones.md, "Sign-off report"): a milestone's scope, its
 * progress per plan and configuration, its failures with their defects and who tested what, as
 * JSON and as a PDF whose text is read back here with PDF.js.
 */

let t: TestApp;
let w: World;
let tree: Tree;
let tester: Member;
let reader: Member;
let report: SignOffReport;
let milestoneId: number;
let planName: string;
const DEFECT = 'https://bugs.example.org/issues/77';

const admin = () => as(t, w.admin);

async function record(token: string, itemId: number, state: string, comment?: string) {
  return expectStatus(
    await as(t, token).post(`/api/cycle-items/${itemId}/results`, { state, ...(comment ? { comment } : {}) }),
    201,
  ).result;
}

async function itemsOf(cycleId: number): Promise<{ id: number; test_case: { id: number; name: string } }[]> {
  return expectStatus(await admin().get(`/api/cycles/${cycleId}/items`), 200).items;
}

beforeAll(async () => {
  ({ t, w, tree, tester, reader } = await startWorld({
    tree: true,
    members: {
      tester: ['home_test_cycle', 'execute_test_cycle', 'home_milestone'],
      reader: ['home_milestone'],
    },
  }));
  const p = w.project.id;
  const group = expectStatus(
    await admin().post(`/api/projects/${p}/configuration-groups`, {
      name: 'Browser',
      configurations: ['Chrome', 'Firefox'],
    }),
    201,
  ).group;
  const [chrome, firefox] = group.configurations.map((c: { id: number }) => c.id);
  const milestone = expectStatus(
    await admin().post(`/api/projects/${p}/milestones`, {
      name: 'Release 3.1',
      description: 'The **autumn** release, see [the plan](https://wiki.example.org/3.1).',
      due_date: '2026-12-01',
      branch: 'release/3.1',
    }),
    201,
  ).milestone;
  milestoneId = milestone.id;
  const sprint = expectStatus(
    await admin().post(`/api/projects/${p}/milestones`, { name: 'Sprint 12', parent_id: milestone.id }),
    201,
  ).milestone;
  planName = 'Regression of 3.1';
  const plan = expectStatus(
    await admin().post(`/api/projects/${p}/plans`, {
      name: planName,
      milestone_id: milestone.id,
      entries: [{ suite_ids: [tree.suiteId], configuration_ids: [chrome, firefox] }],
    }),
    201,
  ).plan;
  const [chromeCycle, firefoxCycle] = [...plan.cycles].sort((a: { name: string }, b: { name: string }) =>
    a.name.localeCompare(b.name),
  );
  // Chrome: the tester passes everything. Firefox: the admin fails the first case, with a defect.
  for (const item of await itemsOf(chromeCycle.id)) await record(tester.token, item.id, 'passed');
  const [broken, ...rest] = await itemsOf(firefoxCycle.id);
  const result = await record(w.admin, broken!.id, 'failed', 'The total is wrong');
  expectStatus(
    await admin().post(`/api/cycle-items/${broken!.id}/defects`, { defect: DEFECT, result_id: result.id }),
    201,
  );
  await record(w.admin, rest[0]!.id, 'blocked');
  // A cycle of the sub-milestone, outside any plan; one in no milestone, which the report leaves out.
  expectStatus(
    await admin().post(`/api/projects/${p}/cycles`, {
      name: 'Smoke',
      milestone_id: sprint.id,
      case_ids: [tree.looseCaseId],
    }),
    201,
  );
  expectStatus(await admin().post(`/api/projects/${p}/cycles`, { name: 'Elsewhere', all_cases: true }), 201);
  report = expectStatus(await as(t, reader.token).get(`/api/milestones/${milestoneId}/sign-off`), 200);
});
afterAll(() => t.close());

describe('the sign-off report', () => {
  it('answers the scope, progress per plan and per configuration, over the sub-milestones too', () => {
    expect(report.milestone).toMatchObject({ name: 'Release 3.1', due_date: '2026-12-01', cycles: 3 });
    expect(report.project).toEqual({ id: w.project.id, name: w.project.name });
    expect(report.sub_milestones.map((m) => m.name)).toEqual(['Sprint 12']);
    expect(report.plans.map((plan) => [plan.name, plan.cycles.length, plan.totals.total])).toEqual([
      [planName, 2, 6],
      ['Test cycles outside a plan', 1, 1],
    ]);
    expect(report.plans[0]!.totals).toMatchObject({ passed: 3, failed: 1, blocked: 1, untested: 1 });
    expect(report.configurations).toEqual([
      {
        label: 'Chrome',
        cycles: 1,
        counts: { total: 3, untested: 0, passed: 3, failed: 0, blocked: 0, skipped: 0, retest: 0 },
        pass_rate: 1,
      },
      {
        label: 'Firefox',
        cycles: 1,
        counts: { total: 3, untested: 1, passed: 0, failed: 1, blocked: 1, skipped: 0, retest: 0 },
        pass_rate: 0,
      },
      {
        label: 'No configuration',
        cycles: 1,
        counts: { total: 1, untested: 1, passed: 0, failed: 0, blocked: 0, skipped: 0, retest: 0 },
        pass_rate: null,
      },
    ]);
  });

  it('lists each failure with its latest result and its defects, and who tested what', () => {
    expect(report.failure_count).toBe(1);
    expect(report.failures).toEqual([
      expect.objectContaining({
        cycle_name: `${planName} (Firefox)`,
        configurations: ['Firefox'],
        message: 'The total is wrong',
        recorded_by: 'admin',
        defects: [{ defect: DEFECT, url: DEFECT }],
      }),
    ]);
    expect(
      report.testers.map((x) => [x.username, x.results, x.passed, x.failed, x.blocked, x.cycles]),
    ).toEqual([
      [tester.username, 3, 3, 0, 0, 1],
      ['admin', 2, 0, 1, 1, 1],
    ]);
  });

  it('says whether the milestone is ready, with the reasons readiness gives', async () => {
    const readiness = expectStatus(await admin().get(`/api/milestones/${milestoneId}/readiness`), 200);
    expect(report.readiness.ready).toBe(false);
    expect(report.readiness.reasons).toEqual(readiness.reasons);
    expect(report.readiness.reasons.length).toBeGreaterThan(0);
  });

  it('downloads as a PDF whose text holds the report', async () => {
    const res = await as(t, reader.token).get(`/api/milestones/${milestoneId}/sign-off.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="sign-off-milestone-${milestoneId}.pdf"`,
    );
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    for (const expected of [
      'Sign-off report: Release 3.1',
      `Project: ${w.project.name}`,
      'Due: 2026-12-01',
      'CI branch: release/3.1',
      'Sub-milestones: Sprint 12',
      'The autumn release, see the plan (https://wiki.example.org/3.1).',
      'Not ready.',
      report.readiness.reasons[0]!.message,
      planName,
      'Firefox',
      'The total is wrong',
      DEFECT,
      tester.username,
      'Page 1 of',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // A plan's cycle names carry their configurations already.
    expect(text).not.toContain('(Firefox) (Firefox)');
  });

  it('is the milestone readers’: 401, 404 to whoever cannot see the project, 403 naming the permission', async () => {
    for (const path of ['sign-off', 'sign-off.pdf']) {
      await expectGuards(t, w, {
        method: 'GET',
        url: `/api/milestones/${milestoneId}/${path}`,
        permission: 'home_milestone',
      });
      expectStatus(await admin().get(`/api/milestones/999999/${path}`), 404);
    }
    const elsewhere = await createProject(t, w.admin);
    const other = expectStatus(
      await admin().post(`/api/projects/${elsewhere.id}/milestones`, { name: 'Empty' }),
      201,
    ).milestone;
    const empty: SignOffReport = expectStatus(await admin().get(`/api/milestones/${other.id}/sign-off`), 200);
    expect(empty).toMatchObject({
      plans: [],
      configurations: [],
      failures: [],
      failure_count: 0,
      testers: [],
    });
    expect(
      await pdfText((await admin().get(`/api/milestones/${other.id}/sign-off.pdf`)).rawPayload),
    ).toContain('No failures.');
  });
});

/** Every page's text, lines joined by spaces. */
async function pdfText(bytes: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await document.destroy();
  return pages.join('\n');
}
