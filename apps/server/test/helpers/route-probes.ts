import type { PermissionName } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { queryRows } from '../../src/db/client.ts';
import type { RouteAccess } from '../../src/plugins/auth.ts';
import type { TestApp } from './test-app.ts';

/**
 * Calls that need a permission, taken from the app's own route table (`config.access`), so a
 * new route is covered the day it is registered: the parity test fails until it has a probe.
 */

export interface GuardedRoute {
  method: string;
  url: string;
  access: Exclude<RouteAccess, 'public' | 'signed-in'>;
}

/** Every /api route (HEAD aside) that declares a permission, global or in a project. */
export function guardedRoutes(t: TestApp): GuardedRoute[] {
  const routes: GuardedRoute[] = [];
  for (const entry of t.app.routeCatalogue) {
    const access = entry.options.config?.access as RouteAccess | undefined;
    if (entry.method === 'HEAD' || !entry.url.startsWith('/api') || typeof access !== 'object') continue;
    routes.push({ method: entry.method, url: entry.url, access });
  }
  return routes;
}

export type Probe = Pick<InjectOptions, 'method' | 'url' | 'payload' | 'headers'>;

/**
 * A global route's permission is checked before the request is validated, so an invalid id
 * (0) and an empty body make a probe that changes nothing: 403 without the permission, and a
 * 400 (or the list itself) with it.
 */
export function globalProbe(route: GuardedRoute): Probe {
  const url = route.url.replace(/:[A-Za-z]+/g, '0');
  const payload = route.method === 'POST' || route.method === 'PUT' ? {} : undefined;
  return { method: route.method as Probe['method'], url, ...(payload ? { payload } : {}) };
}

/** A project of its own for one probe, since a permitted probe really acts (even deletes). */
export interface ProbeWorld {
  projectId: number;
  suiteId: number;
  caseId: number;
  childId: number;
  runId: number;
  /** A test cycle holding the child case, that case's item, and a result recorded on it. */
  cycleId: number;
  itemId: number;
  resultId: number;
  /** A result the caller recorded just now on the case's own item (`caseId`): one they may undo. */
  ownResultId: number;
  /** A result of an import's cycle the caller made (source import): its evidence is theirs to add. */
  importResultId: number;
  /**
   * That cycle, open: its result came after it, as a live run's do (docs/product/live-runs.md), so it
   * is the caller's live run.
   */
  importCycleId: number;
  /** A file on the case (`caseId`). */
  attachmentId: number;
  /** A custom text field of the project. */
  fieldId: number;
  /** A defect linked to the case (`caseId`); the project has a GitHub tracker. */
  defectLinkId: number;
  /** A comment the caller wrote on the case (`caseId`): one they may edit and delete. */
  commentId: number;
  /** A turned-off webhook of the project (no call ever leaves the test) and a delivery of it. */
  webhookId: number;
  deliveryId: number;
  /** A milestone of the project, and a configuration group with one configuration. */
  milestoneId: number;
  configurationGroupId: number;
  /** A test plan of the project, in the milestone, with one entry and its cycle. */
  planId: number;
  /** A requirement of the project. */
  requirementId: number;
  /** A shared step set of the project that no case uses. */
  sharedStepsId: number;
  /** A member with an empty role, to change or remove. */
  memberId: number;
  /** A user who is not a member, to add. */
  strangerId: number;
  /** A role that carries nothing, so granting it is never an escalation. */
  emptyRoleId: number;
}

export async function createProbeWorld(
  t: TestApp,
  options: {
    createdBy: number;
    member?: { userId: number; roleId: number };
    /** Who will call the routes (the recorder of `ownResultId`); the creator when not given. */
    callerId?: number;
    memberId: number;
    strangerId: number;
    emptyRoleId: number;
  },
): Promise<ProbeWorld> {
  const one = async (query: ReturnType<typeof sql>) => (await queryRows<{ id: number }>(t.db, query))[0]!.id;
  const projectId = await one(
    sql`insert into projects (name, created_by) values ('probe', ${options.createdBy}) returning id`,
  );
  const suiteId = await one(
    sql`insert into suites (project_id, name) values (${projectId}, 'S') returning id`,
  );
  const caseId = await one(sql`
    insert into test_cases (project_id, suite_id, name) values (${projectId}, ${suiteId}, 'C') returning id`);
  const childId = await one(sql`
    insert into test_cases (project_id, suite_id, parent_id, name)
    values (${projectId}, ${suiteId}, ${caseId}, 'K') returning id`);
  const runId = await one(sql`
    insert into test_runs (case_id, project_id, status, executed_by)
    values (${childId}, ${projectId}, 'passed', ${options.createdBy}) returning id`);
  const cycleId = await one(sql`
    insert into test_cycles (project_id, name, created_by) values (${projectId}, 'Y', ${options.createdBy}) returning id`);
  const itemId = await one(
    sql`insert into cycle_items (cycle_id, case_id) values (${cycleId}, ${childId}) returning id`,
  );
  const resultId = await one(sql`
    insert into cycle_results (item_id, state, executed_by) values (${itemId}, 'blocked', ${options.createdBy})
    returning id`);
  const ownItemId = await one(
    sql`insert into cycle_items (cycle_id, case_id) values (${cycleId}, ${caseId}) returning id`,
  );
  const ownResultId = await one(sql`
    insert into cycle_results (item_id, state, executed_by)
    values (${ownItemId}, 'skipped', ${options.callerId ?? options.createdBy}) returning id`);
  const importCycleId = await one(sql`
    insert into test_cycles (project_id, name, source, created_by)
    values (${projectId}, 'Import', 'import', ${options.callerId ?? options.createdBy}) returning id`);
  const importItemId = await one(
    sql`insert into cycle_items (cycle_id, case_id) values (${importCycleId}, ${caseId}) returning id`,
  );
  const importResultId = await one(sql`
    insert into cycle_results (item_id, state, executed_by)
    values (${importItemId}, 'passed', ${options.callerId ?? options.createdBy}) returning id`);
  const attachmentId = await one(sql`
    insert into attachments (project_id, case_id, name, content_type, size, complete)
    values (${projectId}, ${caseId}, 'a.txt', 'text/plain', 1, true) returning id`);
  await t.db.execute(sql`insert into attachment_chunks values (${attachmentId}, 0, '\\x61'::bytea)`);
  const fieldId = await one(
    sql`insert into case_fields (project_id, name, type) values (${projectId}, 'F', 'text') returning id`,
  );
  await t.db.execute(
    sql`insert into project_trackers (project_id, kind, project) values (${projectId}, 'github', 'acme/shop')`,
  );
  const defectLinkId = await one(sql`
    insert into defect_links (project_id, case_id, defect, url)
    values (${projectId}, ${caseId}, '#1', 'https://github.com/acme/shop/issues/1') returning id`);
  const commentId = await one(sql`
    insert into comments (project_id, case_id, author_id, body)
    values (${projectId}, ${caseId}, ${options.callerId ?? options.createdBy}, 'Note') returning id`);
  const webhookId = await one(sql`
    insert into webhooks (project_id, url, events, secret, active)
    values (${projectId}, 'https://93.184.215.14/hook', '{cycle.created}', 'probe-secret-of-16+', false) returning id`);
  const deliveryId = await one(sql`
    insert into webhook_deliveries (webhook_id, event, body) values (${webhookId}, 'cycle.created', '{}') returning id`);
  const milestoneId = await one(
    sql`insert into milestones (project_id, name) values (${projectId}, 'M') returning id`,
  );
  const configurationGroupId = await one(
    sql`insert into configuration_groups (project_id, name) values (${projectId}, 'Browser') returning id`,
  );
  await t.db.execute(
    sql`insert into configurations (group_id, name) values (${configurationGroupId}, 'Chrome')`,
  );
  const planId = await one(
    sql`insert into test_plans (project_id, milestone_id, name) values (${projectId}, ${milestoneId}, 'P') returning id`,
  );
  await t.db.execute(sql`
    insert into test_cycles (project_id, name, plan_id, milestone_id, milestone)
    values (${projectId}, 'P', ${planId}, ${milestoneId}, 'M')`);
  const requirementId = await one(
    sql`insert into requirements (project_id, key, title) values (${projectId}, 'R-1', 'R') returning id`,
  );
  const sharedStepsId = await one(
    sql`insert into shared_step_sets (project_id, name, steps)
    values (${projectId}, 'Sign in', '[{"action": "Open", "expected": "Opens"}]'::jsonb) returning id`,
  );
  const members = [{ userId: options.memberId, roleId: options.emptyRoleId }];
  if (options.member) members.push(options.member);
  for (const m of members) {
    await t.db.execute(sql`
      insert into project_members (project_id, user_id, role_id) values (${projectId}, ${m.userId}, ${m.roleId})`);
  }
  return {
    projectId,
    suiteId,
    caseId,
    childId,
    runId,
    cycleId,
    itemId,
    resultId,
    ownResultId,
    importResultId,
    importCycleId,
    attachmentId,
    fieldId,
    defectLinkId,
    commentId,
    webhookId,
    deliveryId: Number(deliveryId),
    milestoneId,
    configurationGroupId,
    planId,
    requirementId,
    sharedStepsId,
    memberId: options.memberId,
    strangerId: options.strangerId,
    emptyRoleId: options.emptyRoleId,
  };
}

/**
 * A call per project route that succeeds (2xx) for a caller holding its permission, and whose
 * only possible refusal is that permission: no escalation (the empty role), nothing else missing.
 */
/** A multipart/form-data upload of one small text file, for the attachment routes. */
export function uploadProbe(url: string): Probe {
  const boundary = 'verdict-probe';
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="probe.txt"\r\n` +
    `Content-Type: text/plain\r\n\r\nprobe\r\n--${boundary}--\r\n`;
  return { url, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const PROJECT_PROBES: Record<string, (w: ProbeWorld) => Probe> = {
  'PUT /api/projects/update/:id': (w) => ({
    url: `/api/projects/update/${w.projectId}`,
    payload: { name: 'P2' },
  }),
  'DELETE /api/projects/delete/:id': (w) => ({ url: `/api/projects/delete/${w.projectId}` }),
  'POST /api/projects/add-user': (w) => ({
    url: '/api/projects/add-user',
    payload: { projectId: w.projectId, userId: w.strangerId, roleId: w.emptyRoleId },
  }),
  'PUT /api/projects/:id/user/:userId/change-role': (w) => ({
    url: `/api/projects/${w.projectId}/user/${w.memberId}/change-role`,
    payload: { roleId: w.emptyRoleId },
  }),
  'DELETE /api/projects/:id/user/:userId/remove': (w) => ({
    url: `/api/projects/${w.projectId}/user/${w.memberId}/remove`,
  }),
  'GET /api/testsuites/project/:projectId': (w) => ({ url: `/api/testsuites/project/${w.projectId}` }),
  'GET /api/test-suites/project/:projectId': (w) => ({ url: `/api/test-suites/project/${w.projectId}` }),
  'POST /api/testsuites/create': (w) => ({
    url: '/api/testsuites/create',
    payload: { project_id: w.projectId, name: 'S2' },
  }),
  'PUT /api/testsuites/update/:id': (w) => ({
    url: `/api/testsuites/update/${w.suiteId}`,
    payload: { name: 'S2' },
  }),
  'DELETE /api/testsuites/delete/:id': (w) => ({ url: `/api/testsuites/delete/${w.suiteId}` }),
  'GET /api/test-cases/project/:projectId': (w) => ({ url: `/api/test-cases/project/${w.projectId}` }),
  'GET /api/test-cases/suite/:suiteId': (w) => ({ url: `/api/test-cases/suite/${w.suiteId}` }),
  'GET /api/test-cases/parent/:caseId': (w) => ({ url: `/api/test-cases/parent/${w.caseId}` }),
  'GET /api/suites/:id/cases': (w) => ({ url: `/api/suites/${w.suiteId}/cases` }),
  'GET /api/test-cases/:id/children': (w) => ({ url: `/api/test-cases/${w.caseId}/children` }),
  'GET /api/projects/:id/cases': (w) => ({ url: `/api/projects/${w.projectId}/cases` }),
  'POST /api/test-cases/project/:id/create': (w) => ({
    url: `/api/test-cases/project/${w.projectId}/create`,
    payload: { name: 'C2' },
  }),
  'POST /api/test-cases/suite/:id/create': (w) => ({
    url: `/api/test-cases/suite/${w.suiteId}/create`,
    payload: { name: 'C2' },
  }),
  'POST /api/test-cases/parent/:id/create': (w) => ({
    url: `/api/test-cases/parent/${w.caseId}/create`,
    payload: { name: 'C2' },
  }),
  'PUT /api/test-cases/update/:id': (w) => ({
    url: `/api/test-cases/update/${w.caseId}`,
    payload: { name: 'C2' },
  }),
  'DELETE /api/test-cases/delete/:id': (w) => ({ url: `/api/test-cases/delete/${w.caseId}` }),
  'POST /api/test-cases/:id/merge': (w) => ({
    url: `/api/test-cases/${w.caseId}/merge`,
    payload: { from_case_id: w.childId },
  }),
  'GET /api/testruns/testcase/:id': (w) => ({ url: `/api/testruns/testcase/${w.childId}` }),
  'POST /api/testruns/create/:caseId': (w) => ({
    url: `/api/testruns/create/${w.childId}`,
    payload: { status: 'failed' },
  }),
  'PUT /api/testruns/update/:id': (w) => ({
    url: `/api/testruns/update/${w.runId}`,
    payload: { status: 'failed' },
  }),
  'DELETE /api/testruns/delete/:id': (w) => ({ url: `/api/testruns/delete/${w.runId}` }),
  // An empty report records nothing, so import_results is all it needs.
  'POST /api/projects/:id/import/junit': (w) => ({
    url: `/api/projects/${w.projectId}/import/junit`,
    headers: { 'content-type': 'application/xml' },
    payload: '<testsuites/>',
  }),
  'POST /api/projects/:id/import/results': (w) => ({
    url: `/api/projects/${w.projectId}/import/results`,
    headers: { 'content-type': 'application/json' },
    payload: '[]',
  }),
  'GET /api/projects/:id/export/cases.csv': (w) => ({ url: `/api/projects/${w.projectId}/export/cases.csv` }),
  'GET /api/test-cases/:id/export/runs.csv': (w) => ({ url: `/api/test-cases/${w.childId}/export/runs.csv` }),
  'POST /api/projects/:id/cycles': (w) => ({
    url: `/api/projects/${w.projectId}/cycles`,
    payload: { name: 'Y2', all_cases: true },
  }),
  'GET /api/projects/:id/cycles': (w) => ({ url: `/api/projects/${w.projectId}/cycles` }),
  'GET /api/cycles/:id': (w) => ({ url: `/api/cycles/${w.cycleId}` }),
  'GET /api/cycles/:id/renames': (w) => ({ url: `/api/cycles/${w.cycleId}/renames` }),
  'PUT /api/cycles/:id': (w) => ({ url: `/api/cycles/${w.cycleId}`, payload: { name: 'Y2' } }),
  'DELETE /api/cycles/:id': (w) => ({ url: `/api/cycles/${w.cycleId}` }),
  'GET /api/cycles/:id/items': (w) => ({ url: `/api/cycles/${w.cycleId}/items` }),
  'PUT /api/cycles/:id/assign': (w) => ({
    url: `/api/cycles/${w.cycleId}/assign`,
    payload: { item_ids: [w.itemId], assignee_id: null },
  }),
  'GET /api/cycle-items/:id': (w) => ({ url: `/api/cycle-items/${w.itemId}` }),
  'GET /api/test-cases/:id/cycle-results': (w) => ({ url: `/api/test-cases/${w.caseId}/cycle-results` }),
  'GET /api/test-cases/:id/results': (w) => ({ url: `/api/test-cases/${w.caseId}/results` }),
  'POST /api/test-cases/:id/attachments': (w) => uploadProbe(`/api/test-cases/${w.caseId}/attachments`),
  'POST /api/cycle-results/:id/attachments': (w) =>
    uploadProbe(`/api/cycle-results/${w.resultId}/attachments`),
  // A result of the caller's own import: import_results is all its evidence needs, closed or open.
  'POST /api/cycle-results/:id/evidence': (w) =>
    uploadProbe(`/api/cycle-results/${w.importResultId}/evidence`),
  // The caller's live run: a skipped result on a case named by key records no run and creates
  // nothing, so import_results is all it needs.
  'POST /api/projects/:id/live-runs': (w) => ({ url: `/api/projects/${w.projectId}/live-runs`, payload: {} }),
  'POST /api/live-runs/:id/results': (w) => ({
    url: `/api/live-runs/${w.importCycleId}/results`,
    payload: { results: [{ suite: 's', path: ['t'], outcome: 'skipped', case_key: w.caseId }] },
  }),
  'POST /api/live-runs/:id/finish': (w) => ({ url: `/api/live-runs/${w.importCycleId}/finish`, payload: {} }),
  'GET /api/test-cases/:id/attachments': (w) => ({ url: `/api/test-cases/${w.caseId}/attachments` }),
  'GET /api/projects/:id/attachments/usage': (w) => ({
    url: `/api/projects/${w.projectId}/attachments/usage`,
  }),
  'GET /api/cycle-results/:id/attachments': (w) => ({ url: `/api/cycle-results/${w.resultId}/attachments` }),
  // A case's file: reading it needs home_test_case and deleting it edit_test_case, as declared.
  'GET /api/attachments/:id': (w) => ({ url: `/api/attachments/${w.attachmentId}` }),
  'DELETE /api/attachments/:id': (w) => ({ url: `/api/attachments/${w.attachmentId}` }),
  'GET /api/projects/:id/cases/search': (w) => ({ url: `/api/projects/${w.projectId}/cases/search?q=c` }),
  'GET /api/projects/:id/saved-searches': (w) => ({ url: `/api/projects/${w.projectId}/saved-searches` }),
  'POST /api/projects/:id/saved-searches': (w) => ({
    url: `/api/projects/${w.projectId}/saved-searches`,
    payload: { name: 'S', q: 'tag:a' },
  }),
  'POST /api/projects/:id/cases/bulk/preview': (w) => ({
    url: `/api/projects/${w.projectId}/cases/bulk/preview`,
    payload: { selection: { ids: [w.caseId] } },
  }),
  // Setting a priority needs edit_test_case, the declared permission; other actions name their own.
  'POST /api/projects/:id/cases/bulk': (w) => ({
    url: `/api/projects/${w.projectId}/cases/bulk`,
    payload: { selection: { ids: [w.caseId] }, action: 'set_priority', priority: 'high' },
  }),
  'POST /api/projects/:id/case-imports/preview': (w) => ({
    url: `/api/projects/${w.projectId}/case-imports/preview`,
    headers: { 'content-type': 'text/csv' },
    payload: 'Name\nProbe',
  }),
  'POST /api/projects/:id/case-imports': (w) => ({
    url: `/api/projects/${w.projectId}/case-imports`,
    headers: { 'content-type': 'text/csv' },
    payload: 'Name\nProbe',
  }),
  'POST /api/projects/:id/requirement-imports/preview': (w) => ({
    url: `/api/projects/${w.projectId}/requirement-imports/preview`,
    headers: { 'content-type': 'text/csv' },
    payload: 'Title\nProbe',
  }),
  'POST /api/projects/:id/requirement-imports': (w) => ({
    url: `/api/projects/${w.projectId}/requirement-imports`,
    headers: { 'content-type': 'text/csv' },
    payload: 'Title\nProbe',
  }),
  'GET /api/cycles/compare': (w) => ({ url: `/api/cycles/compare?from=${w.cycleId}&to=${w.cycleId}` }),
  'GET /api/projects/:id/case-tags': (w) => ({ url: `/api/projects/${w.projectId}/case-tags?q=a` }),
  'GET /api/projects/:id/case-fields': (w) => ({ url: `/api/projects/${w.projectId}/case-fields` }),
  'POST /api/projects/:id/case-fields': (w) => ({
    url: `/api/projects/${w.projectId}/case-fields`,
    payload: { name: 'G', type: 'number' },
  }),
  'PUT /api/case-fields/:id': (w) => ({ url: `/api/case-fields/${w.fieldId}`, payload: { required: true } }),
  'DELETE /api/case-fields/:id': (w) => ({ url: `/api/case-fields/${w.fieldId}` }),
  'GET /api/test-cases/:id/versions': (w) => ({ url: `/api/test-cases/${w.caseId}/versions` }),
  // Version 1 of a case made without the API is its current content: restoring it changes nothing.
  'POST /api/test-cases/:id/versions/:version/restore': (w) => ({
    url: `/api/test-cases/${w.caseId}/versions/1/restore`,
  }),
  'GET /api/test-cases/:id/history': (w) => ({ url: `/api/test-cases/${w.caseId}/history` }),
  'PUT /api/test-cases/:id/quarantine': (w) => ({
    url: `/api/test-cases/${w.caseId}/quarantine`,
    payload: { reason: 'Probe', until: null },
  }),
  'DELETE /api/test-cases/:id/quarantine': (w) => ({ url: `/api/test-cases/${w.caseId}/quarantine` }),
  'GET /api/projects/:id/flaky-tests': (w) => ({ url: `/api/projects/${w.projectId}/flaky-tests` }),
  'GET /api/projects/:id/gate': (w) => ({ url: `/api/projects/${w.projectId}/gate?branch=main` }),
  'GET /api/projects/:id/reports/branches': (w) => ({ url: `/api/projects/${w.projectId}/reports/branches` }),
  'GET /api/projects/:id/reports/cycles': (w) => ({ url: `/api/projects/${w.projectId}/reports/cycles` }),
  'GET /api/projects/:id/reports/slowest-tests': (w) => ({
    url: `/api/projects/${w.projectId}/reports/slowest-tests?branch=main`,
  }),
  'GET /api/projects/:id/reports/failing-tests': (w) => ({
    url: `/api/projects/${w.projectId}/reports/failing-tests`,
  }),
  'GET /api/projects/:id/reports/workload': (w) => ({ url: `/api/projects/${w.projectId}/reports/workload` }),
  'GET /api/projects/:id/reports/cycles.csv': (w) => ({
    url: `/api/projects/${w.projectId}/reports/cycles.csv`,
  }),
  'GET /api/projects/:id/reports/slowest-tests.csv': (w) => ({
    url: `/api/projects/${w.projectId}/reports/slowest-tests.csv`,
  }),
  'GET /api/projects/:id/reports/failing-tests.csv': (w) => ({
    url: `/api/projects/${w.projectId}/reports/failing-tests.csv`,
  }),
  'GET /api/projects/:id/reports/workload.csv': (w) => ({
    url: `/api/projects/${w.projectId}/reports/workload.csv`,
  }),
  'GET /api/projects/:id/flaky-settings': (w) => ({ url: `/api/projects/${w.projectId}/flaky-settings` }),
  'PUT /api/projects/:id/flaky-settings': (w) => ({
    url: `/api/projects/${w.projectId}/flaky-settings`,
    payload: { window: 20, flips: 3 },
  }),
  'GET /api/projects/:id/evidence-retention': (w) => ({
    url: `/api/projects/${w.projectId}/evidence-retention`,
  }),
  'PUT /api/projects/:id/evidence-retention': (w) => ({
    url: `/api/projects/${w.projectId}/evidence-retention`,
    payload: { keep_cycles: null, keep_days: null },
  }),
  'GET /api/projects/:id/tracker': (w) => ({ url: `/api/projects/${w.projectId}/tracker` }),
  'PUT /api/projects/:id/tracker': (w) => ({
    url: `/api/projects/${w.projectId}/tracker`,
    payload: { kind: 'gitlab', project: 'acme/shop' },
  }),
  'DELETE /api/projects/:id/tracker': (w) => ({ url: `/api/projects/${w.projectId}/tracker` }),
  'GET /api/test-cases/:id/defects': (w) => ({ url: `/api/test-cases/${w.caseId}/defects` }),
  'POST /api/test-cases/:id/defects': (w) => ({
    url: `/api/test-cases/${w.caseId}/defects`,
    payload: { defect: '2' },
  }),
  'GET /api/cycle-items/:id/defects': (w) => ({ url: `/api/cycle-items/${w.itemId}/defects` }),
  'POST /api/cycle-items/:id/defects': (w) => ({
    url: `/api/cycle-items/${w.itemId}/defects`,
    payload: { defect: '3', result_id: w.resultId },
  }),
  // A case's link: removing it needs edit_test_case, as declared.
  'DELETE /api/defect-links/:id': (w) => ({ url: `/api/defect-links/${w.defectLinkId}` }),
  'GET /api/cycles/:id/defects': (w) => ({ url: `/api/cycles/${w.cycleId}/defects` }),
  'POST /api/test-cases/:id/comments': (w) => ({
    url: `/api/test-cases/${w.caseId}/comments`,
    payload: { body: 'A note' },
  }),
  'POST /api/cycle-items/:id/comments': (w) => ({
    url: `/api/cycle-items/${w.itemId}/comments`,
    payload: { body: 'A note' },
  }),
  // The caller's own comment: editing and deleting it need only comment.
  'PUT /api/comments/:id': (w) => ({ url: `/api/comments/${w.commentId}`, payload: { body: 'Changed' } }),
  'DELETE /api/comments/:id': (w) => ({ url: `/api/comments/${w.commentId}` }),
  'GET /api/projects/:id/webhooks': (w) => ({ url: `/api/projects/${w.projectId}/webhooks` }),
  'POST /api/projects/:id/webhooks': (w) => ({
    url: `/api/projects/${w.projectId}/webhooks`,
    payload: { url: 'https://93.184.215.14/hook', events: ['case.changed'], active: false },
  }),
  'PUT /api/webhooks/:id': (w) => ({ url: `/api/webhooks/${w.webhookId}`, payload: { failures_only: true } }),
  'DELETE /api/webhooks/:id': (w) => ({ url: `/api/webhooks/${w.webhookId}` }),
  'GET /api/webhooks/:id/deliveries': (w) => ({ url: `/api/webhooks/${w.webhookId}/deliveries` }),
  'POST /api/webhook-deliveries/:id/redeliver': (w) => ({
    url: `/api/webhook-deliveries/${w.deliveryId}/redeliver`,
  }),
  'GET /api/projects/:id/milestones': (w) => ({ url: `/api/projects/${w.projectId}/milestones` }),
  'POST /api/projects/:id/milestones': (w) => ({
    url: `/api/projects/${w.projectId}/milestones`,
    payload: { name: 'M2', parent_id: w.milestoneId },
  }),
  'GET /api/milestones/:id': (w) => ({ url: `/api/milestones/${w.milestoneId}` }),
  'PUT /api/milestones/:id': (w) => ({
    url: `/api/milestones/${w.milestoneId}`,
    payload: { state: 'completed' },
  }),
  'DELETE /api/milestones/:id': (w) => ({ url: `/api/milestones/${w.milestoneId}` }),
  'GET /api/milestones/:id/readiness': (w) => ({ url: `/api/milestones/${w.milestoneId}/readiness` }),
  'PUT /api/milestones/:id/readiness-rules': (w) => ({
    url: `/api/milestones/${w.milestoneId}/readiness-rules`,
    payload: { max_untested: null, min_pass_rate: 95, no_new_failures: false, no_open_defects: true },
  }),
  'GET /api/milestones/:id/defects': (w) => ({ url: `/api/milestones/${w.milestoneId}/defects` }),
  'GET /api/milestones/:id/sign-off': (w) => ({ url: `/api/milestones/${w.milestoneId}/sign-off` }),
  'GET /api/milestones/:id/sign-off.pdf': (w) => ({ url: `/api/milestones/${w.milestoneId}/sign-off.pdf` }),
  'GET /api/projects/:id/requirements': (w) => ({ url: `/api/projects/${w.projectId}/requirements` }),
  'POST /api/projects/:id/requirements': (w) => ({
    url: `/api/projects/${w.projectId}/requirements`,
    payload: { title: 'R2', parent_id: w.requirementId },
  }),
  'GET /api/requirements/:id': (w) => ({ url: `/api/requirements/${w.requirementId}` }),
  'PUT /api/requirements/:id': (w) => ({
    url: `/api/requirements/${w.requirementId}`,
    payload: { title: 'R2' },
  }),
  'DELETE /api/requirements/:id': (w) => ({ url: `/api/requirements/${w.requirementId}` }),
  'GET /api/projects/:id/shared-steps': (w) => ({ url: `/api/projects/${w.projectId}/shared-steps` }),
  'POST /api/projects/:id/shared-steps': (w) => ({
    url: `/api/projects/${w.projectId}/shared-steps`,
    payload: { name: 'Probe steps', steps: [{ action: 'A', expected: 'B' }] },
  }),
  'GET /api/shared-steps/:id': (w) => ({ url: `/api/shared-steps/${w.sharedStepsId}` }),
  'PUT /api/shared-steps/:id': (w) => ({
    url: `/api/shared-steps/${w.sharedStepsId}`,
    payload: { description: 'Probed' },
  }),
  'DELETE /api/shared-steps/:id': (w) => ({ url: `/api/shared-steps/${w.sharedStepsId}` }),
  'GET /api/shared-steps/:id/usage': (w) => ({ url: `/api/shared-steps/${w.sharedStepsId}/usage` }),
  'GET /api/requirements/:id/versions': (w) => ({ url: `/api/requirements/${w.requirementId}/versions` }),
  'PUT /api/test-cases/:id/requirements': (w) => ({
    url: `/api/test-cases/${w.caseId}/requirements`,
    payload: { requirement_ids: [w.requirementId] },
  }),
  'PUT /api/requirements/:id/cases': (w) => ({
    url: `/api/requirements/${w.requirementId}/cases`,
    payload: { case_ids: [w.caseId] },
  }),
  'POST /api/requirements/:id/cases': (w) => ({
    url: `/api/requirements/${w.requirementId}/cases`,
    payload: { case_ids: [w.caseId] },
  }),
  'GET /api/projects/:id/traceability': (w) => ({
    url: `/api/projects/${w.projectId}/traceability?milestone_id=${w.milestoneId}`,
  }),
  'GET /api/projects/:id/traceability.csv': (w) => ({ url: `/api/projects/${w.projectId}/traceability.csv` }),
  'GET /api/projects/:id/plans': (w) => ({ url: `/api/projects/${w.projectId}/plans` }),
  'POST /api/projects/:id/plans': (w) => ({
    url: `/api/projects/${w.projectId}/plans`,
    payload: { name: 'P2', milestone_id: w.milestoneId, entries: [{ case_ids: [w.caseId] }] },
  }),
  'GET /api/plans/:id': (w) => ({ url: `/api/plans/${w.planId}` }),
  'PUT /api/plans/:id': (w) => ({ url: `/api/plans/${w.planId}`, payload: { milestone_id: null } }),
  'DELETE /api/plans/:id': (w) => ({ url: `/api/plans/${w.planId}?cycles=delete` }),
  'POST /api/projects/:id/configuration-groups': (w) => ({
    url: `/api/projects/${w.projectId}/configuration-groups`,
    payload: { name: 'OS', configurations: ['Linux'] },
  }),
  'PUT /api/configuration-groups/:id': (w) => ({
    url: `/api/configuration-groups/${w.configurationGroupId}`,
    payload: { configurations: ['Chrome', 'Firefox'] },
  }),
  'DELETE /api/configuration-groups/:id': (w) => ({
    url: `/api/configuration-groups/${w.configurationGroupId}`,
  }),
  // The world's result is blocked, which "File a bug" takes as a failure.
  'GET /api/cycle-results/:id/new-issue': (w) => ({ url: `/api/cycle-results/${w.resultId}/new-issue` }),
  // The caller's own result, recorded just now: execute_test_cycle is all an undo needs.
  'DELETE /api/cycle-results/:id': (w) => ({ url: `/api/cycle-results/${w.ownResultId}` }),
  // Skipped records no test run, so execute_test_cycle is all it needs.
  'POST /api/cycle-items/:id/results': (w) => ({
    url: `/api/cycle-items/${w.itemId}/results`,
    payload: { state: 'skipped' },
  }),
};

export function projectProbe(route: GuardedRoute, world: ProbeWorld): Probe | undefined {
  const build = PROJECT_PROBES[`${route.method} ${route.url}`];
  return build && { method: route.method as Probe['method'], ...build(world) };
}

/** The permissions a route's access names. */
export function permissionsOf(route: GuardedRoute): PermissionName[] {
  return 'global' in route.access ? route.access.global : [route.access.project];
}
