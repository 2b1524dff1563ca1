/**
 * The TanStack Query keys of every API resource, shared so that one feature can refresh what
 * another shows: after adding a suite, `invalidateQueries({ queryKey: queryKeys.suites.all })`
 * also refreshes the sidebar tree. Keys start with the resource, so `.all` matches them all.
 */
type Id = number | string;

/**
 * The sidebar tree's own lists. Each starts with the key of the resource it shows, so
 * invalidating `queryKeys.cases.bySuite(3)`, `queryKeys.cases.all` (or `invalidateTree`, in
 * lib/project-tree-refresh.ts) also refreshes the tree. The trailing 'tree' keeps them apart
 * from a screen's own query of the same list, whose fetcher may answer differently.
 */
const tree = {
  projects: () => ['projects', 'list', 'tree'] as const,
  projectSuites: (projectId: Id) => ['suites', 'project', Number(projectId), 'tree'] as const,
  /** All top-level cases, or (`outsideSuites`, as the tree shows them beside suites) those in no suite. */
  projectCases: (projectId: Id, outsideSuites = false) =>
    outsideSuites
      ? (['cases', 'project', Number(projectId), 'outside-suites', 'tree'] as const)
      : (['cases', 'project', Number(projectId), 'tree'] as const),
  suiteCases: (suiteId: Id) => ['cases', 'suite', Number(suiteId), 'tree'] as const,
  childCases: (caseId: Id) => ['cases', 'parent', Number(caseId), 'tree'] as const,
};

export const queryKeys = {
  users: {
    all: ['users'] as const,
    list: () => ['users', 'list'] as const,
    detail: (id: Id) => ['users', 'detail', Number(id)] as const,
    subUsers: () => ['users', 'sub-users'] as const,
    statusCount: () => ['users', 'status-count'] as const,
  },
  roles: {
    all: ['roles'] as const,
    list: () => ['roles', 'list'] as const,
    detail: (id: Id) => ['roles', 'detail', Number(id)] as const,
  },
  permissions: {
    all: ['permissions'] as const,
    list: () => ['permissions', 'list'] as const,
    detail: (id: Id) => ['permissions', 'detail', Number(id)] as const,
  },
  projects: {
    all: ['projects'] as const,
    list: () => ['projects', 'list'] as const,
    count: () => ['projects', 'count'] as const,
    detail: (id: Id) => ['projects', 'detail', Number(id)] as const,
  },
  suites: {
    all: ['suites'] as const,
    count: () => ['suites', 'count'] as const,
    byProject: (projectId: Id) => ['suites', 'project', Number(projectId)] as const,
    detail: (id: Id) => ['suites', 'detail', Number(id)] as const,
  },
  cases: {
    all: ['cases'] as const,
    byProject: (projectId: Id) => ['cases', 'project', Number(projectId)] as const,
    bySuite: (suiteId: Id) => ['cases', 'suite', Number(suiteId)] as const,
    byParent: (caseId: Id) => ['cases', 'parent', Number(caseId)] as const,
    detail: (id: Id) => ['cases', 'detail', Number(id)] as const,
    /** A case's versions (under 'cases', so every case change reloads its history). */
    versions: (id: Id) => ['cases', 'versions', Number(id)] as const,
    tags: (projectId: Id, q: string) => ['cases', 'tags', Number(projectId), q] as const,
    /** A page of a project's case search (under 'cases', so every case change searches again). */
    search: (projectId: Id, q: string, offset: number) =>
      ['cases', 'search', Number(projectId), q, offset] as const,
  },
  /** The caller's saved searches in a project (docs/product/search.md, "Saved searches"). */
  savedSearches: {
    byProject: (projectId: Id) => ['saved-searches', Number(projectId)] as const,
  },
  caseFields: {
    byProject: (projectId: Id) => ['case-fields', Number(projectId)] as const,
  },
  /** A project's configuration groups (docs/product/milestones.md, "Configurations"). */
  configurationGroups: {
    byProject: (projectId: Id) => ['configuration-groups', Number(projectId)] as const,
  },
  /** A project's issue tracker, and defect links (docs/product/defects.md; all under 'defects'). */
  tracker: {
    byProject: (projectId: Id) => ['tracker', Number(projectId)] as const,
  },
  defects: {
    all: ['defects'] as const,
    byCase: (caseId: Id) => ['defects', 'case', Number(caseId)] as const,
    byItem: (itemId: Id) => ['defects', 'item', Number(itemId)] as const,
    byCycle: (cycleId: Id) => ['defects', 'cycle', Number(cycleId)] as const,
    byMilestone: (milestoneId: Id) => ['defects', 'milestone', Number(milestoneId)] as const,
  },
  /** A project's webhooks, and a page of one webhook's deliveries (under 'webhooks'). */
  webhooks: {
    byProject: (projectId: Id) => ['webhooks', 'project', Number(projectId)] as const,
    deliveries: (webhookId: Id, offset: number) =>
      ['webhooks', 'deliveries', Number(webhookId), offset] as const,
  },
  /**
   * A preview of one chosen file (`file` counts the files chosen) with one mapping ('' = the
   * server's), by the import's call (`/api/projects/3/case-imports`, lib/import-file.ts).
   */
  importPreview: (base: string, file: number, mapping: string) =>
    ['import-preview', base, file, mapping] as const,
  runs: {
    all: ['runs'] as const,
    stats: () => ['runs', 'stats'] as const,
    byCase: (caseId: Id) => ['runs', 'case', Number(caseId)] as const,
    /** A case's one history of results (under 'runs': every run change and recorded run reloads it). */
    results: (caseId: Id) => ['runs', 'results', Number(caseId)] as const,
    detail: (id: Id) => ['runs', 'detail', Number(id)] as const,
  },
  /** Test cycles (docs/product/cycles.md); app/live-updates.ts reloads these three prefixes. */
  cycles: {
    all: ['cycles'] as const,
    byProject: (projectId: Id) => ['cycles', 'project', Number(projectId)] as const,
    byMilestone: (projectId: Id, milestoneId: Id) =>
      ['cycles', 'project', Number(projectId), 'milestone', Number(milestoneId)] as const,
    detail: (id: Id) => ['cycles', 'detail', Number(id)] as const,
    active: () => ['cycles', 'active'] as const,
    /** The tests an import's cycle proposes as renamed (docs/product/report-formats.md, "Renamed tests"). */
    renames: (id: Id) => ['cycles', 'renames', Number(id)] as const,
  },
  cycleItems: {
    all: ['cycle-items'] as const,
    page: (cycleId: Id, filters: object, offset: number) =>
      ['cycle-items', 'cycle', Number(cycleId), filters, offset] as const,
    detail: (id: Id) => ['cycle-items', 'detail', Number(id)] as const,
  },
  /**
   * Result history and flaky tests (docs/product/flaky-tests.md), under 'cycle-items' and
   * 'cycles' so live updates reload them as results arrive.
   */
  flaky: {
    history: (caseId: Id) => ['cycle-items', 'history', Number(caseId)] as const,
    byProject: (projectId: Id) => ['cycles', 'flaky', Number(projectId)] as const,
    settings: (projectId: Id) => ['flaky-settings', Number(projectId)] as const,
  },
  /** A project's retention of CI evidence (docs/product/attachments.md). */
  evidenceRetention: (projectId: Id) => ['evidence-retention', Number(projectId)] as const,
  /**
   * Reports and the cycle comparison (docs/product/reports-screens.md), under 'cycles' so live
   * updates reload them as results arrive. `query` is the report's query string: its branch and
   * filters ('' for every branch, unfiltered).
   */
  reports: {
    branches: (projectId: Id) => ['cycles', 'reports', Number(projectId), 'branches'] as const,
    report: (projectId: Id, kind: string, query: string) =>
      ['cycles', 'reports', Number(projectId), kind, query] as const,
    compare: (from: Id, to: Id) => ['cycles', 'compare', Number(from), Number(to)] as const,
  },
  /**
   * Milestones (docs/product/milestones.md), under 'cycles': their counts are their cycles', so
   * a cycle change and live updates reload them.
   */
  milestones: {
    all: ['cycles', 'milestones'] as const,
    byProject: (projectId: Id) => ['cycles', 'milestones', 'project', Number(projectId)] as const,
    detail: (id: Id) => ['cycles', 'milestones', 'detail', Number(id)] as const,
  },
  /**
   * Test plans (docs/product/plans.md), under 'cycles': their totals are their cycles' counts, so
   * a cycle change and live updates reload them.
   */
  plans: {
    all: ['cycles', 'plans'] as const,
    byProject: (projectId: Id) => ['cycles', 'plans', 'project', Number(projectId)] as const,
    detail: (id: Id) => ['cycles', 'plans', 'detail', Number(id)] as const,
  },
  /**
   * Requirements and the traceability matrix (docs/product/requirements-screens.md), under
   * 'cycles': their coverage is their cases' latest results, so a recorded result, a bulk action
   * and live updates reload them (decision record 211). `query` is the list's query string.
   */
  requirements: {
    all: ['cycles', 'requirements'] as const,
    list: (projectId: Id, query: string) =>
      ['cycles', 'requirements', 'project', Number(projectId), query] as const,
    detail: (id: Id) => ['cycles', 'requirements', 'detail', Number(id)] as const,
    versions: (id: Id) => ['cycles', 'requirements', 'versions', Number(id)] as const,
    traceability: (projectId: Id, query: string) =>
      ['cycles', 'requirements', 'traceability', Number(projectId), query] as const,
  },
  myWork: ['my-work'] as const,
  tree,
} as const;
