import type {
  ActiveCycles,
  ApiToken,
  ApiTokenCreated,
  AssignItemsResponse,
  AttachmentList,
  AttachmentUsage,
  AuditLogPage,
  BulkPreview,
  BulkResult,
  CaseFieldList,
  CaseHistory,
  CaseImportPreview,
  CaseMutation,
  CaseRequirements,
  CaseResultsPage,
  CaseSearchPage,
  CaseTags,
  CaseVersionPage,
  CaseWindow,
  CommentList,
  CommentMutation,
  ConfigurationGroupList,
  ConfigurationGroupMutation,
  Cycle,
  CycleComparison,
  CycleDefectList,
  CycleItemDetail,
  CycleItemPage,
  CycleMutation,
  CycleRenames,
  CycleTrend,
  DefectLinkList,
  DefectLinkMutation,
  EffectivePermissions,
  ErrorResponse,
  EvidenceRetention,
  EvidenceRetentionMutation,
  FlakySettingsMutation,
  FlakyTestList,
  LoginResponse,
  MarkNotificationsReadResult,
  MentionableList,
  MessageResponse,
  Milestone,
  MilestoneList,
  MilestoneMutation,
  MilestoneReadiness,
  MyWork,
  NewIssueAnswer,
  NotificationList,
  NotificationSettings,
  Permission,
  Plan,
  PlanList,
  PlanMutation,
  Project,
  ProjectCount,
  ProjectDetail,
  QuarantineMutation,
  ReadinessRulesMutation,
  ReportBranches,
  RequirementCases,
  RequirementDetail,
  RequirementImportPreview,
  RequirementMutation,
  RequirementPage,
  RequirementVersionPage,
  ResultMutation,
  ResultUndone,
  Role,
  RunStats,
  SavedSearchList,
  SavedSearchMutation,
  SessionAnswer,
  SharedSteps,
  SharedStepsMutation,
  SharedStepsPage,
  SharedStepsUsage,
  SignInMethods,
  StatusCount,
  Suite,
  SuiteCount,
  TestCase,
  TestCaseDetail,
  TestReport,
  TotpSetupResponse,
  TotpStatus,
  TraceabilityPage,
  TrackerAnswer,
  TrackerMutation,
  User,
  UserMutation,
  WebhookCreated,
  WebhookDeliveryList,
  WebhookDeliveryQueued,
  WebhookList,
  WebhookMutation,
} from '@verdict/contract';
import { vi } from 'vitest';
import { saveSession } from '@/lib/session';

/**
 * The one mock API of the web's unit tests: `fetch` answers from a table of canned answers keyed
 * 'METHOD /path', typed by @verdict/contract. A call missing from `ApiAnswers` does not compile;
 * add it there with the contract type the server answers.
 */

/** What each call answers when it succeeds. */
export interface ApiAnswers {
  'POST /api/auth/login': LoginResponse;
  'POST /api/auth/logout': MessageResponse;
  'GET /api/auth/methods': SignInMethods;
  'POST /api/auth/password-reset': MessageResponse;
  'POST /api/auth/password-reset/confirm': MessageResponse;
  'GET /api/users/status-count': StatusCount;
  'POST /api/auth/totp/setup': TotpSetupResponse;
  'POST /api/auth/totp/start': TotpSetupResponse;
  'GET /api/auth/totp': TotpStatus;
  'POST /api/auth/totp/enable': MessageResponse;
  'POST /api/auth/totp/disable': MessageResponse;
  'GET /api/users/list': User[];
  'GET /api/auth/session': SessionAnswer;
  [call: `GET /api/users/${number}`]: User;
  [call: `GET /api/users/${number}/effective-permissions${string}`]: EffectivePermissions;
  [call: `PUT /api/users/edit/${number}`]: UserMutation;
  [call: `DELETE /api/users/delete/${number}`]: MessageResponse;
  [call: `DELETE /api/users/${number}/totp`]: MessageResponse;
  'POST /api/users/create-subuser': UserMutation;
  'GET /api/roles/list': Role[];
  [call: `GET /api/roles/get-role/${number}`]: Role;
  'GET /api/permissions/list': Permission[];
  [call: `GET /api/permissions/get/${number}`]: Permission;
  'GET /api/projects/list': Project[];
  'GET /api/projects/count': ProjectCount;
  [call: `GET /api/projects/detail/${number}`]: ProjectDetail;
  'GET /api/testsuites/count': SuiteCount;
  'GET /api/testruns/stats': RunStats;
  'GET /api/api-tokens': ApiToken[];
  'POST /api/api-tokens': ApiTokenCreated;
  [call: `DELETE /api/api-tokens/${number}`]: MessageResponse;
  [call: `GET /api/audit-log${string}`]: AuditLogPage;
  [call: `GET /api/projects/${number}/case-fields`]: CaseFieldList;
  [call: `GET /api/test-cases/${number}/attachments`]: AttachmentList;
  [call: `GET /api/projects/${number}/attachments/usage`]: AttachmentUsage;
  [call: `GET /api/projects/${number}/case-tags${string}`]: CaseTags;
  [call: `GET /api/projects/${number}/cases/search${string}`]: CaseSearchPage;
  [call: `GET /api/projects/${number}/saved-searches`]: SavedSearchList;
  [call: `POST /api/projects/${number}/saved-searches`]: SavedSearchMutation;
  [call: `DELETE /api/saved-searches/${number}`]: MessageResponse;
  [call: `POST /api/projects/${number}/cases/bulk`]: BulkResult;
  [call: `POST /api/projects/${number}/cases/bulk/preview`]: BulkPreview;
  [call: `GET /api/projects/${number}/cycles`]: Cycle[];
  [call: `GET /api/projects/${number}/cycles?milestone_id=${number}`]: Cycle[];
  [call: `POST /api/projects/${number}/cycles`]: CycleMutation;
  [call: `GET /api/cycles/${number}`]: Cycle;
  [call: `PUT /api/cycles/${number}`]: CycleMutation;
  [call: `GET /api/cycles/${number}/items?${string}`]: CycleItemPage;
  [call: `PUT /api/cycles/${number}/assign`]: AssignItemsResponse;
  [call: `GET /api/cycles/${number}/renames`]: CycleRenames;
  [call: `POST /api/test-cases/${number}/merge`]: CaseMutation;
  'GET /api/cycles/active': ActiveCycles;
  'GET /api/my-work': MyWork;
  [call: `GET /api/notifications${string}`]: NotificationList;
  'POST /api/notifications/read': MarkNotificationsReadResult;
  'GET /api/me/notification-settings': NotificationSettings;
  'PUT /api/me/notification-settings': NotificationSettings;
  [call: `GET /api/testsuites/project/${number}`]: Suite[];
  [call: `GET /api/test-cases/${'project' | 'suite' | 'parent'}/${number}`]: TestCase[];
  [call: `GET /api/testsuites/detail/${number}`]: Suite;
  [call: `GET /api/${'suites' | 'projects'}/${number}/cases?${string}`]: CaseWindow;
  [call: `GET /api/test-cases/${number}/children?${string}`]: CaseWindow;
  [call: `POST /api/projects/${number}/case-imports/preview${string}`]: CaseImportPreview;
  /** A stream of JSON lines, not one JSON body: answer with a `Response`. */
  [call: `POST /api/projects/${number}/case-imports?${string}`]: never;
  [call: `GET /api/test-cases/${number}/versions${string}`]: CaseVersionPage;
  [call: `POST /api/test-cases/${number}/versions/${number}/restore`]: CaseMutation;
  [call: `GET /api/test-cases/${number}/history${string}`]: CaseHistory;
  [call: `GET /api/test-cases/${number}/results${string}`]: CaseResultsPage;
  [call: `PUT /api/test-cases/${number}/quarantine`]: QuarantineMutation;
  [call: `DELETE /api/test-cases/${number}/quarantine`]: MessageResponse;
  [call: `GET /api/projects/${number}/flaky-tests`]: FlakyTestList;
  [call: `PUT /api/projects/${number}/flaky-settings`]: FlakySettingsMutation;
  [call: `GET /api/projects/${number}/evidence-retention`]: EvidenceRetention;
  [call: `PUT /api/projects/${number}/evidence-retention`]: EvidenceRetentionMutation;
  [call: `GET /api/projects/${number}/reports/branches`]: ReportBranches;
  [call: `GET /api/projects/${number}/reports/cycles${string}`]: CycleTrend;
  [call: `GET /api/projects/${number}/reports/${'slowest' | 'failing'}-tests${string}`]: TestReport;
  [call: `GET /api/cycles/compare?${string}`]: CycleComparison;
  [call: `POST /api/test-cases/${'project' | 'suite' | 'parent'}/${number}/create`]: CaseMutation;
  [call: `GET /api/projects/${number}/webhooks`]: WebhookList;
  [call: `POST /api/projects/${number}/webhooks`]: WebhookCreated;
  [call: `PUT /api/webhooks/${number}`]: WebhookMutation;
  [call: `DELETE /api/webhooks/${number}`]: MessageResponse;
  [call: `GET /api/webhooks/${number}/deliveries${string}`]: WebhookDeliveryList;
  [call: `POST /api/webhook-deliveries/${number}/redeliver`]: WebhookDeliveryQueued;
  [call: `GET /api/projects/${number}/milestones`]: MilestoneList;
  [call: `POST /api/projects/${number}/milestones`]: MilestoneMutation;
  [call: `GET /api/milestones/${number}`]: Milestone;
  [call: `PUT /api/milestones/${number}`]: MilestoneMutation;
  [call: `DELETE /api/milestones/${number}`]: MessageResponse;
  [call: `GET /api/milestones/${number}/readiness`]: MilestoneReadiness;
  [call: `PUT /api/milestones/${number}/readiness-rules`]: ReadinessRulesMutation;
  [call: `GET /api/projects/${number}/configuration-groups`]: ConfigurationGroupList;
  [call: `POST /api/projects/${number}/configuration-groups`]: ConfigurationGroupMutation;
  [call: `PUT /api/configuration-groups/${number}`]: ConfigurationGroupMutation;
  [call: `DELETE /api/configuration-groups/${number}`]: MessageResponse;
  [call: `GET /api/projects/${number}/plans`]: PlanList;
  [call: `POST /api/projects/${number}/plans`]: PlanMutation;
  [call: `GET /api/plans/${number}`]: Plan;
  [call: `PUT /api/plans/${number}`]: PlanMutation;
  [call: `DELETE /api/plans/${number}?cycles=${'keep' | 'delete'}`]: MessageResponse;
  [call: `GET /api/projects/${number}/tracker`]: TrackerAnswer;
  [call: `PUT /api/projects/${number}/tracker`]: TrackerMutation;
  [call: `DELETE /api/projects/${number}/tracker`]: MessageResponse;
  [call: `GET /api/${'test-cases' | 'cycle-items'}/${number}/defects`]: DefectLinkList;
  [call: `POST /api/${'test-cases' | 'cycle-items'}/${number}/defects`]: DefectLinkMutation;
  [call: `DELETE /api/defect-links/${number}`]: MessageResponse;
  [call: `GET /api/${'test-cases' | 'cycle-items'}/${number}/comments${'' | `?${string}`}`]: CommentList;
  [call: `POST /api/${'test-cases' | 'cycle-items'}/${number}/comments`]: CommentMutation;
  [call: `PUT /api/comments/${number}`]: CommentMutation;
  [call: `DELETE /api/comments/${number}`]: MessageResponse;
  [call: `GET /api/projects/${number}/mentionable?q=${string}`]: MentionableList;
  [call: `GET /api/cycles/${number}/defects`]: CycleDefectList;
  [call: `GET /api/milestones/${number}/defects`]: CycleDefectList;
  [call: `GET /api/cycle-results/${number}/new-issue`]: NewIssueAnswer;
  [call: `GET /api/cycle-items/${number}`]: CycleItemDetail;
  [call: `POST /api/cycle-items/${number}/results`]: ResultMutation;
  [call: `DELETE /api/cycle-results/${number}`]: ResultUndone;
  [call: `GET /api/cycle-results/${number}/attachments`]: AttachmentList;
  [call: `GET /api/test-cases/single/${number}`]: TestCaseDetail;
  [call: `GET /api/test-cases/single/${number}?expand=steps`]: TestCaseDetail;
  [call: `GET /api/projects/${number}/shared-steps?${string}`]: SharedStepsPage;
  [call: `POST /api/projects/${number}/shared-steps`]: SharedStepsMutation;
  [call: `GET /api/shared-steps/${number}`]: SharedSteps;
  [call: `PUT /api/shared-steps/${number}`]: SharedStepsMutation;
  [call: `DELETE /api/shared-steps/${number}${'' | '?copy_into_cases=true'}`]: MessageResponse;
  [call: `GET /api/shared-steps/${number}/usage?${string}`]: SharedStepsUsage;
  [call: `GET /api/projects/${number}/requirements${string}`]: RequirementPage;
  [call: `POST /api/projects/${number}/requirements`]: RequirementMutation;
  [call: `POST /api/projects/${number}/requirement-imports/preview${string}`]: RequirementImportPreview;
  /** A stream of JSON lines: answered with a `Response`. */
  [call: `POST /api/projects/${number}/requirement-imports?${string}`]: never;
  [call: `GET /api/requirements/${number}`]: RequirementDetail;
  [call: `PUT /api/requirements/${number}`]: RequirementMutation;
  [call: `DELETE /api/requirements/${number}`]: MessageResponse;
  [call: `GET /api/requirements/${number}/versions${string}`]: RequirementVersionPage;
  [call: `${'PUT' | 'POST'} /api/requirements/${number}/cases`]: RequirementCases;
  [call: `PUT /api/test-cases/${number}/requirements`]: CaseRequirements;
  [call: `GET /api/projects/${number}/traceability${'' | `?${string}`}`]: TraceabilityPage;
  /** CSV, not JSON: answer with a `Response`. */
  [call: `GET /api/projects/${number}/traceability.csv${string}`]: never;
  /** CSV, not JSON: answer with a `Response`. */
  [call: `GET /api/projects/${number}/export/cases.csv`]: never;
  [call: `GET /api/test-cases/${number}/export/runs.csv`]: never;
}

/** The fields of an error answer the app reads; the server's own error field included. */
export type ErrorBody = Partial<ErrorResponse> & { error?: string };

/**
 * One canned answer: a success with the contract's body, a failure with any status, a thrown
 * network failure, or a ready `Response` (a stream, a CSV, or a body that breaks the contract on
 * purpose: see `untyped`).
 */
export type MockAnswer<T = never> =
  | { status?: 200 | 201; body: T }
  | { status: number; body?: ErrorBody }
  | 'network-error'
  | Response;

type Handler<T> = MockAnswer<T> | ((body: unknown) => MockAnswer<T>);

export type MockHandlers = { [Call in keyof ApiAnswers]?: Handler<ApiAnswers[Call]> };

/** An answer outside the contract, for tests of how the app copes with one. */
export function untyped(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status });
}

/**
 * Replaces `fetch` with `handlers`, e.g. `mockApi({ 'GET /api/users/list': { body: [] } })`.
 * Calls without a handler answer 404 and are easy to spot in `calls`. Vitest's `unstubGlobals`
 * restores fetch after each test.
 */
export function mockApi(handlers: MockHandlers) {
  const table = handlers as Record<string, Handler<unknown> | undefined>;
  const calls: Array<{ method: string; path: string; body: unknown; headers: Headers }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = String(input);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body, headers: new Headers(init.headers) });
    const handler = table[`${method} ${path}`];
    const answer = typeof handler === 'function' ? handler(body) : handler;
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (answer instanceof Response) return answer;
    if (!answer) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

// ---------------------------------------------------------------------------------------------
// The signed-in user

/** The signed-in user of the tests: user 7, 'jane'. */
export const SIGNED_IN_ID = 7;

/** A user as GET /api/users/{id} answers it: the contract's whole User shape. */
export function userAnswer(id: number, name: string, roleIds: number[]): User {
  return {
    id,
    name,
    username: name,
    email: `${name}@example.com`,
    max_user_limit: null,
    status: 'active',
    roleIds,
    Roles: roleIds.map((roleId) => ({ id: roleId, name: `Role ${roleId}` })),
    parent_id: null,
  };
}

/** A role as GET /api/roles/get-role/{id} answers it, holding `permissions`. */
export function roleAnswer(id: number, permissions: readonly string[]): Role {
  return {
    id,
    name: `Role ${id}`,
    description: '',
    Permissions: permissions.map((name, index) => ({ id: index + 1, name })),
  };
}

/**
 * What restoring jane's session asks (`GET /api/auth/session`): jane with one role per entry of
 * `roles`, holding the union of their permissions, so `sessionAnswers(['add_project'],
 * ['home_project'])` gives two roles. The role answers stay for screens that read a role.
 */
export function sessionAnswers(...roles: (readonly string[])[]): MockHandlers {
  const roleIds = roles.map((_, index) => index + 1);
  const handlers: MockHandlers = {
    'GET /api/auth/session': {
      body: {
        user: { id: SIGNED_IN_ID, name: 'jane', email: 'jane@example.com', roleIds },
        permissions: [...new Set(roles.flat())].sort(),
      },
    },
    [`GET /api/users/${SIGNED_IN_ID}`]: { body: userAnswer(SIGNED_IN_ID, 'jane', roleIds) },
  };
  roles.forEach((permissions, index) => {
    handlers[`GET /api/roles/get-role/${index + 1}`] = { body: roleAnswer(index + 1, permissions) };
  });
  return handlers;
}

/**
 * Signed in as jane (a stored session) holding one role with `permissions`, with `handlers`
 * for everything else (they win over the session's answers).
 */
export function signedIn(permissions: readonly string[], handlers: MockHandlers = {}) {
  saveSession('tok', SIGNED_IN_ID);
  return mockApi({ ...sessionAnswers(permissions), ...handlers });
}
