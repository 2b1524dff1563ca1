import type {
  CaseSearchHit,
  CaseSearchPage,
  ConfigurationGroup,
  Cycle,
  CycleItem,
  Milestone,
  Plan,
  ProjectDetail,
  Requirement,
  RequirementDetail,
  SharedSteps,
  TestCase,
  TestCaseDetail,
  TraceabilityRow,
} from '@verdict/contract';
import type { MockHandlers } from './mock-api';

/**
 * The data most screen tests start from: project 3, "Checkout Web", created by the signed-in
 * user (mock-api's SIGNED_IN_ID), its cycle 5 and its search answers. Each factory takes the
 * fields a test cares about; the rest stay as here.
 */

/** Project 3 as GET /api/projects/detail/3 answers it to a caller holding `permissions`. */
export function projectDetail(
  permissions: readonly string[],
  patch: Partial<ProjectDetail> = {},
): ProjectDetail {
  return {
    id: 3,
    name: 'Checkout Web',
    description: '',
    created_by: 7,
    members: [],
    my_role_id: null,
    my_permissions: [...permissions],
    ...patch,
  } as ProjectDetail;
}

/** What the project's screens load around it: the project, an empty project list, no saved searches. */
export function projectShell(project: ProjectDetail): MockHandlers {
  return {
    'GET /api/projects/detail/3': { body: project },
    'GET /api/projects/list': { body: [] },
    'GET /api/projects/3/saved-searches': { body: { searches: [] } },
  };
}

/** An open manual cycle 5, "Release 2.4", of project 3 with no items. */
export function cycleOf(patch: Partial<Cycle> = {}): Cycle {
  return {
    id: 5,
    project_id: 3,
    name: 'Release 2.4',
    description: '',
    milestone_id: null,
    milestone: null,
    environment: null,
    state: 'open',
    source: 'manual',
    branch: null,
    commit: null,
    build_url: null,
    build_number: null,
    creator: null,
    created_at: '2026-11-25T12:00:00Z',
    updated_at: '2026-11-25T12:00:00Z',
    closed_at: null,
    counts: { total: 0, untested: 0, passed: 0, failed: 0, blocked: 0, skipped: 0, retest: 0 },
    plan_id: null,
    configurations: [],
    ...patch,
  } as Cycle;
}

/** An open top-level milestone `id` of project 3, "Release {id}", with no dates and no cycles. */
export function milestoneOf(id: number, patch: Partial<Milestone> = {}): Milestone {
  return {
    id,
    project_id: 3,
    name: `Release ${id}`,
    description: '',
    start_date: null,
    due_date: null,
    parent_id: null,
    state: 'open',
    branch: null,
    completed_at: null,
    created_at: '2026-11-20T12:00:00Z',
    updated_at: '2026-11-20T12:00:00Z',
    counts: { total: 0, untested: 0, passed: 0, failed: 0, blocked: 0, skipped: 0, retest: 0 },
    cycles: 0,
    ...patch,
  };
}

/** Test plan `id` of project 3, "Plan {id}", in no milestone, with no entries and no cycles. */
export function planOf(id: number, patch: Partial<Plan> = {}): Plan {
  return {
    id,
    project_id: 3,
    milestone_id: null,
    name: `Plan ${id}`,
    description: '',
    creator: null,
    created_at: '2026-11-21T12:00:00Z',
    updated_at: '2026-11-21T12:00:00Z',
    cycle_count: 0,
    totals: { total: 0, untested: 0, passed: 0, failed: 0, blocked: 0, skipped: 0, retest: 0 },
    entries: [],
    cycles: [],
    ...patch,
  };
}

/**
 * Configuration group `id` of project 3 named `name`, holding `configurations` with ids
 * id × 10 + 1, id × 10 + 2, … in order.
 */
export function configurationGroupOf(
  id: number,
  name: string,
  configurations: readonly string[],
): ConfigurationGroup {
  return {
    id,
    project_id: 3,
    name,
    configurations: configurations.map((configuration, index) => ({
      id: id * 10 + index + 1,
      name: configuration,
    })),
  };
}

/** An item of cycle 5 for case id × 10, untested and unassigned. */
export function cycleItemOf(
  id: number,
  patch: Partial<CycleItem> = {},
  testCase: Partial<CycleItem['test_case']> = {},
): CycleItem {
  return {
    id,
    cycle_id: 5,
    test_case: {
      id: id * 10,
      name: `Case ${id}`,
      description: '',
      suite_id: null,
      suite_name: null,
      parent_id: null,
      priority: 'medium',
      ...testCase,
    },
    parameter_row: null,
    state: 'untested',
    assignee: null,
    executor: null,
    results: 0,
    last_result: null,
    updated_at: '2026-11-25T12:00:00Z',
    ...patch,
  } as CycleItem;
}

/** A top-level case of project 3 in no suite that never ran. */
export function testCaseOf(id: number, patch: Partial<TestCase> = {}): TestCase {
  return {
    id,
    name: `Case ${id}`,
    description: '',
    project_id: 3,
    suite_id: null,
    parent_id: null,
    has_children: false,
    status: null,
    rollup: null,
    priority: 'medium',
    tags: [],
    ...patch,
  } as TestCase;
}

/** A case of suite 1, "Payments", of project 3, as the case search answers it. */
export function searchHit(id: number, patch: Partial<CaseSearchHit> = {}): CaseSearchHit {
  return {
    ...testCaseOf(id, { suite_id: 1 }),
    suite_name: 'Payments',
    ancestors: [],
    ...patch,
  } as CaseSearchHit;
}

/** A search answer holding `items`, of `total` matches in all. */
export function searchPage(items: CaseSearchHit[], total = items.length): { body: CaseSearchPage } {
  return { body: { items, total, total_capped: false } };
}

/** Requirement `id` of project 3, "REQ-{id}" "Requirement {id}", top-level, approved, with no cases. */
export function requirementOf(id: number, patch: Partial<Requirement> = {}): Requirement {
  return {
    id,
    project_id: 3,
    key: `REQ-${id}`,
    title: `Requirement ${id}`,
    description: '',
    status: 'approved',
    parent_id: null,
    external_url: null,
    version: 1,
    has_children: false,
    case_count: 0,
    coverage: 'not_covered',
    counts: { cases: 0, passed: 0, failing: 0, untested: 0 },
    creator: null,
    created_at: '2026-11-22T12:00:00Z',
    updated_at: '2026-11-22T12:00:00Z',
    ...patch,
  };
}

/** Requirement `id` as GET /api/requirements/{id} answers it, with `cases` linked to it. */
export function requirementDetailOf(id: number, patch: Partial<RequirementDetail> = {}): RequirementDetail {
  return { ...requirementOf(id), cases: [], ...patch };
}

/** A matrix row of requirement `id` (as requirementOf names it), top-level, with no cases. */
export function traceabilityRowOf(id: number, patch: Partial<TraceabilityRow> = {}): TraceabilityRow {
  return {
    requirement: {
      id,
      key: `REQ-${id}`,
      title: `Requirement ${id}`,
      status: 'approved',
      parent_id: null,
      depth: 0,
    },
    coverage: 'not_covered',
    counts: { cases: 0, passed: 0, failing: 0, untested: 0 },
    cases: [],
    case_count: 0,
    ...patch,
  };
}

/** Shared step set `id` of project 3, "Set {id}", of one step, used by no case. */
export function sharedStepsOf(id: number, patch: Partial<SharedSteps> = {}): SharedSteps {
  return {
    id,
    project_id: 3,
    name: `Set ${id}`,
    description: '',
    steps: [{ action: 'Open the app', expected: '' }],
    version: 1,
    case_count: 0,
    creator: { id: 7, username: 'jane' },
    created_at: '2026-11-25T12:00:00Z',
    updated_at: '2026-11-25T12:00:00Z',
    ...patch,
  };
}

/** Case `id` with its whole content, as GET /api/test-cases/single/{id} answers it. */
export function caseDetailOf(id: number, patch: Partial<TestCaseDetail> = {}): TestCaseDetail {
  return {
    ...testCaseOf(id),
    preconditions: '',
    steps: [],
    custom_fields: {},
    parameters: null,
    version: 1,
    source_id: null,
    ...patch,
  } as TestCaseDetail;
}
