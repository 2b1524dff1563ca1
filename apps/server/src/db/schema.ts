import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's byte string; drizzle-orm has no column for it. */
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    maxUserLimit: integer('max_user_limit'),
    status: text('status').notNull().default('active'),
    // The user who created this sub-user; null for a top-level user.
    parentId: integer('parent_id').references((): any => users.id, { onDelete: 'restrict' }),
    // The top-level user at the root of the creator chain; null for a top-level user.
    accountId: integer('account_id').references((): any => users.id, { onDelete: 'restrict' }),
    // Bumped on password change and deactivation so every earlier token stops working.
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    // Single sign-on (migration 0020, docs/product/single-sign-on.md): the provider's subject of
    // the person this account belongs to; null for an account that never signed in that way.
    oidcSubject: text('oidc_subject'),
    // The second factor (docs/product/two-factor.md): the TOTP key once confirmed, the key being
    // set up until its first code is entered, and the time step of the last code accepted (a
    // code is good once).
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('users_oidc_subject_key').on(t.oidcSubject),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_account_idx').on(t.accountId),
    index('users_parent_idx').on(t.parentId),
    check('users_status_check', sql`${t.status} in ('active', 'inactive')`),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique('roles_name_key'),
    description: text('description').notNull().default(''),
    // The Administrator role made on first start: it holds every permission, keeps its name and
    // cannot be deleted. Found by this flag, never by its name; at most one role carries it.
    builtIn: boolean('built_in').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_one_built_in').on(t.builtIn).where(sql`${t.builtIn}`)],
);

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique('permissions_name_key'),
  description: text('description').notNull().default(''),
  // Catalogue permissions are checked by name in code, so they cannot be renamed or deleted.
  builtIn: boolean('built_in').notNull().default(false),
  createdAt: createdAt(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.permissionId] }),
    index('role_permissions_permission_idx').on(t.permissionId),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // restrict: a role still held cannot be deleted (409, docs/product/roles-and-permissions.md, "Rules for roles").
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('projects_created_by_idx').on(t.createdBy)],
);

export const projectMembers = pgTable(
  'project_members',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    index('project_members_user_idx').on(t.userId),
    index('project_members_role_idx').on(t.roleId),
  ],
);

export const suites = pgTable(
  'suites',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('suites_project_idx').on(t.projectId, t.id)],
);

export const testCases = pgTable(
  'test_cases',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    suiteId: integer('suite_id').references(() => suites.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): any => testCases.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    // Status of the case's latest run (highest id), null when it never ran. Kept by triggers on
    // test_runs (migration 0004), so lists and the roll-up read it without a probe per case.
    latestRunStatus: text('latest_run_status'),
    // Rich content (docs/product/rich-cases.md): Markdown preconditions, a priority, lower-case
    // tags, ordered steps [{action, expected}], custom field values by field id, and the number
    // of the case's current version (case_versions).
    preconditions: text('preconditions').notNull().default(''),
    priority: text('priority').notNull().default('medium'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    steps: jsonb('steps').notNull().default(sql`'[]'::jsonb`),
    customFields: jsonb('custom_fields').notNull().default(sql`'{}'::jsonb`),
    version: integer('version').notNull().default(1),
    // What words and phrases of a search match (docs/product/search.md): name, description,
    // preconditions and steps, lower-cased; written by a trigger (migration 0012).
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    // The tree asks for "top-level cases of a project / suite" and "children of a case".
    index('test_cases_project_parent_idx').on(t.projectId, t.parentId, t.id),
    index('test_cases_suite_parent_idx').on(t.suiteId, t.parentId, t.id),
    index('test_cases_parent_idx').on(t.parentId, t.id),
    // The CSV export walks a project's cases in id order, a batch at a time (keyset paging).
    index('test_cases_project_id_idx').on(t.projectId, t.id),
    check('test_cases_latest_run_status_check', sql`${t.latestRunStatus} in ('passed', 'failed')`),
    check('test_cases_priority_check', sql`${t.priority} in ('critical', 'high', 'medium', 'low')`),
    // Search: words by trigram (created only where pg_trgm is available), tags by containment.
    index('test_cases_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('test_cases_tags_idx').using('gin', t.tags),
  ],
);

/**
 * Every version of a case's content, written when a change makes it (docs/product/rich-cases.md,
 * "Versions"). A case created before versions, or by an import, has no row for version 1 until
 * its first change writes the content it had.
 */
export const caseVersions = pgTable(
  'case_versions',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    // No foreign key: the id stays when the user is deleted, as a run's executed_by does.
    authorId: integer('author_id'),
    createdAt: createdAt(),
    /** The content fields this version changed from the one before (all of them for version 1). */
    changed: text('changed').array().notNull(),
    /** {name, description, preconditions, priority, tags, steps, custom_fields} */
    content: jsonb('content').notNull(),
  },
  (t) => [uniqueIndex('case_versions_case_version_idx').on(t.caseId, t.version)],
);

/** The tags of a project's cases with how many cases carry each, kept by triggers (migration 0011). */
export const projectTags = pgTable(
  'project_tags',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    cases: integer('cases').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.tag] })],
);

/** A project's custom case field (docs/product/rich-cases.md, "Custom fields"). */
export const caseFields = pgTable(
  'case_fields',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    required: boolean('required').notNull().default(false),
    options: text('options').array().notNull().default(sql`'{}'::text[]`),
    defaultValue: jsonb('default_value'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('case_fields_project_idx').on(t.projectId, t.position, t.id),
    uniqueIndex('case_fields_project_name_idx').on(t.projectId, sql`lower(${t.name})`),
    check(
      'case_fields_type_check',
      sql`${t.type} in ('text', 'textarea', 'number', 'select', 'multiselect', 'checkbox', 'date', 'url')`,
    ),
  ],
);

export const testRuns = pgTable(
  'test_runs',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    // Copied from the case so the dashboard counters know the project without a join.
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('passed'),
    // No foreign key: the id stays when the user is deleted, so the app shows "ID: {id}".
    executedBy: integer('executed_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('test_runs_case_idx').on(t.caseId, t.id),
    index('test_runs_project_idx').on(t.projectId),
    check('test_runs_status_check', sql`${t.status} in ('passed', 'failed')`),
  ],
);

/**
 * Dashboard counters per project, maintained by triggers (migration 0001) so the
 * dashboard never scans suites or runs per request (docs/product/dashboard.md, "The calls").
 */
export const projectStats = pgTable('project_stats', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  suites: integer('suites').notNull().default(0),
  passed: integer('passed').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  /** Bumped by every write that changes a case list of the project (migration 0006). */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * A list version per suite, bumped by triggers with every write that changes what the suite's
 * case lists show (migration 0008); no foreign key, so a suite's delete never waits on it.
 */
export const suiteListVersions = pgTable('suite_list_versions', {
  suiteId: integer('suite_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * What each list version changed (migration 0009): one row per case a write touched, with the
 * versions the write gave its project and suite, so a kept case list can apply the few rows a
 * write changed instead of reading 10,000 again (cases/case-list-cache.ts). A row without a
 * case stands for a write too large to list: kept lists of that scope are read again. Old rows
 * are pruned; a list whose versions are no longer all here is read again too.
 */
export const caseListChanges = pgTable(
  'case_list_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: integer('project_id').notNull(),
    projectVersion: bigint('project_version', { mode: 'number' }).notNull(),
    suiteId: integer('suite_id'),
    suiteVersion: bigint('suite_version', { mode: 'number' }),
    caseId: integer('case_id'),
    parentId: integer('parent_id'),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    index('case_list_changes_project_idx').on(t.projectId, t.projectVersion),
    index('case_list_changes_suite_idx').on(t.suiteId, t.suiteVersion),
    index('case_list_changes_at_idx').on(t.at),
  ],
);

export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * Single sign-on attempts between "Sign in with …" and the provider's answer: the state the
 * answer must carry, the PKCE verifier and the nonce. Kept in the database so any instance can
 * take the answer; an attempt older than 10 minutes is refused and removed.
 */
export const oidcLogins = pgTable('oidc_logins', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  createdAt: createdAt(),
});

export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Personal API tokens (CI uploads, scripts). Only a SHA-256 hash of the secret is stored; the
 * secret is shown once at creation. A token works while it is not revoked and its owner is
 * active with the same token_version as when it was made, so a password change or a
 * deactivation ends it like every session token.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique('api_tokens_token_hash_key'),
    // The first characters of the secret, to tell tokens apart in the list.
    prefix: text('prefix').notNull(),
    tokenVersion: integer('token_version').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId, t.id)],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * The audit log (migration 0005): one row per change of a user, sub-user, role, permission,
 * project, member, suite, case or run, and per sign-in, failed sign-in and logout, written in
 * the same transaction as the change. No foreign keys: entries outlive the users and rows they
 * name, so the actor's name and email are copied. Newest first is a backward scan of the primary
 * key; each filter has an (x, id) index so a page stays an index range whatever its depth; the
 * trigram index (pg_trgm, created only where the extension is available) serves the search.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id'),
    projectId: integer('project_id'),
    summary: text('summary').notNull(),
    // {field: {before, after}}: only changed fields; never a password or its hash.
    changes: jsonb('changes'),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_entity_idx').on(t.entityType, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_summary_trgm_idx').using('gin', t.summary.op('gin_trgm_ops')),
    check(
      'audit_log_action_check',
      sql`${t.action} in ('create', 'update', 'delete', 'sign_in', 'sign_in_failed', 'logout')`,
    ),
    check(
      'audit_log_entity_type_check',
      sql`${t.entityType} in ('user', 'sub_user', 'role', 'permission', 'project', 'member', 'suite', 'case', 'run', 'session', 'cycle', 'webhook')`,
    ),
  ],
);

/**
 * Test cycles (docs/product/cycles.md): a named execution of a chosen set of a project's cases.
 * `source` is 'import' for a cycle a JUnit import created, which then carries its CI facts.
 */
export const testCycles = pgTable(
  'test_cycles',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    milestone: text('milestone'),
    environment: text('environment'),
    state: text('state').notNull().default('open'),
    source: text('source').notNull().default('manual'),
    branch: text('branch'),
    commit: text('commit'),
    buildUrl: text('build_url'),
    buildNumber: text('build_number'),
    // No foreign key: the id stays when the user is deleted, as a run's executed_by does.
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('test_cycles_project_idx').on(t.projectId, t.id),
    index('test_cycles_branch_idx').on(t.projectId, sql`coalesce(${t.branch}, '')`, t.id),
    check('test_cycles_state_check', sql`${t.state} in ('open', 'closed')`),
    check('test_cycles_source_check', sql`${t.source} in ('manual', 'import')`),
  ],
);

/**
 * How many items of a cycle are in each state, kept by triggers on cycle_items (migration 0010),
 * so lists and progress bars never count items per request. A table of its own, written last in
 * every transaction (after the case rows and project_stats), so one lock order holds.
 */
export const cycleCounts = pgTable('cycle_counts', {
  cycleId: integer('cycle_id')
    .primaryKey()
    .references(() => testCycles.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
  untested: integer('untested').notNull().default(0),
  passed: integer('passed').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  blocked: integer('blocked').notNull().default(0),
  skipped: integer('skipped').notNull().default(0),
  /** The sum of its items' elapsed_ms (each item's latest result's duration), migration 0017. */
  durationMs: bigint('duration_ms', { mode: 'number' }).notNull().default(0),
  /** For an import's cycle: the flaky tests on its branch right after it (docs/product/reports.md). */
  flakyCount: integer('flaky_count'),
});

/**
 * The cases that ran, with their latest run's status (test_cases.latest_run_status), kept by the
 * same trigger (migration 0015). Search reads it for `status:` terms and the roll-up walks
 * (docs/product/search.md). A table of its own because an index on test_cases.latest_run_status
 * would make every recorded run rewrite all of that table's indexes (no HOT update), the trigram
 * one included.
 */
export const caseRunStates = pgTable(
  'case_run_states',
  {
    caseId: integer('case_id')
      .primaryKey()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    status: text('status').notNull(),
  },
  (t) => [index('case_run_states_project_idx').on(t.projectId, t.status, t.caseId)],
);

/** One case in one cycle; the item goes when its case or cycle does. */
export const cycleItems = pgTable(
  'cycle_items',
  {
    id: serial('id').primaryKey(),
    cycleId: integer('cycle_id')
      .notNull()
      .references(() => testCycles.id, { onDelete: 'cascade' }),
    caseId: integer('case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('untested'),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    results: integer('results').notNull().default(0),
    /** Its latest result's duration (null: none, or the result carried none). */
    elapsedMs: integer('elapsed_ms'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cycle_items_cycle_case_idx').on(t.cycleId, t.caseId),
    index('cycle_items_cycle_idx').on(t.cycleId, t.id),
    index('cycle_items_case_idx').on(t.caseId),
    // Partial (migration 0022): only assigned items are looked up by assignee.
    index('cycle_items_assignee_idx').on(t.assigneeId, t.id).where(sql`${t.assigneeId} is not null`),
    check(
      'cycle_items_state_check',
      sql`${t.state} in ('untested', 'passed', 'failed', 'blocked', 'skipped')`,
    ),
  ],
);

/**
 * A result recorded on an item, oldest first. A passed or failed result also recorded the case's
 * test run (`run_id`); deleting the cycle deletes those runs too.
 */
export const cycleResults = pgTable(
  'cycle_results',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => cycleItems.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    comment: text('comment'),
    elapsedMs: integer('elapsed_ms'),
    runId: integer('run_id').references(() => testRuns.id, { onDelete: 'set null' }),
    executedBy: integer('executed_by'),
    // What a JUnit report said of a failure or error: its message, type and text (each cut to
    // IMPORT_LIMITS.failureTextMax characters).
    failureMessage: text('failure_message'),
    failureType: text('failure_type'),
    failureText: text('failure_text'),
    /** Per step of the case, in step order: [{state, comment}] or null entries (rich-cases.md). */
    stepResults: jsonb('step_results'),
    /** The case's version when the result was recorded. */
    caseVersion: integer('case_version'),
    /** A JUnit testcase's system-out and system-err, cut to IMPORT_LIMITS.logMax characters. */
    log: text('log'),
    createdAt: createdAt(),
  },
  (t) => [
    index('cycle_results_item_idx').on(t.itemId, t.id),
    index('cycle_results_run_idx').on(t.runId),
    check('cycle_results_state_check', sql`${t.state} in ('passed', 'failed', 'blocked', 'skipped')`),
  ],
);

/**
 * A file on a case or on a cycle result (docs/product/attachments.md). Its bytes are
 * in attachment_chunks, so every database keeps them and a backup holds them. `complete` is set
 * once the last chunk is written: an upload cut short never shows.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    caseId: integer('case_id').references(() => testCases.id, { onDelete: 'cascade' }),
    resultId: integer('result_id').references(() => cycleResults.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    // No foreign key: the id stays when the user is deleted, as a run's executed_by does.
    createdBy: integer('created_by'),
    complete: boolean('complete').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('attachments_case_idx').on(t.caseId, t.id),
    index('attachments_result_idx').on(t.resultId, t.id),
    check('attachments_owner_check', sql`num_nonnulls(${t.caseId}, ${t.resultId}) = 1`),
  ],
);

/** The bytes of an attachment, in order, at most 256 KB each. */
export const attachmentChunks = pgTable(
  'attachment_chunks',
  {
    attachmentId: integer('attachment_id')
      .notNull()
      .references(() => attachments.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.attachmentId, t.seq] })],
);

/** A query a person saved for a project (docs/product/search.md, "Saved searches"); only theirs. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    q: text('q').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_searches_user_project_name_idx').on(t.userId, t.projectId, sql`lower(${t.name})`),
  ],
);

/**
 * Flakiness per case and branch (docs/product/flaky-tests.md), kept by a statement trigger on
 * cycle_results in the same transaction as the results of import cycles: the outcomes (passed or
 * failed, a letter each) of the last 100 automated results, oldest first, with each one's case
 * version and time, and what they say under the project's window. `branch` is '' for imports
 * that named none.
 */
export const caseFlakiness = pgTable(
  'case_flakiness',
  {
    caseId: integer('case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    branch: text('branch').notNull(),
    // One letter per outcome, oldest first: p (passed) or f (failed), migration 0019; only the
    // outcomes of the case's newest version, all of `version` (migration 0022).
    states: text('states').notNull(),
    version: integer('version'),
    // The time of each flip within `states`, in order: one per pair of neighbours that differ.
    flipAts: timestamp('flip_ats', { withTimezone: true }).array().notNull().default(sql`'{}'`),
    results: integer('results').notNull().default(0),
    flips: integer('flips').notNull().default(0),
    firstFlipAt: timestamp('first_flip_at', { withTimezone: true }),
    lastFlipAt: timestamp('last_flip_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.caseId, t.branch] }),
    // The Flaky Tests page and `is:flaky` read only rows that can be flaky (K is at least 2).
    index('case_flakiness_flips_idx').on(t.caseId).where(sql`${t.flips} >= 2`),
  ],
);

/** A project's flakiness window N and flip threshold K; no row means 20 and 3. */
export const projectFlakySettings = pgTable('project_flaky_settings', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  windowSize: integer('window_size').notNull(),
  flipThreshold: integer('flip_threshold').notNull(),
});

/** A quarantined case; `until` (a date, UTC) ends it by itself when that day begins. */
export const caseQuarantines = pgTable('case_quarantines', {
  caseId: integer('case_id')
    .primaryKey()
    .references(() => testCases.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  until: date('until', { mode: 'string' }),
  // No foreign key: the id stays when the user is deleted, as a cycle's created_by does.
  createdBy: integer('created_by'),
  createdAt: createdAt(),
});

/**
 * Each case's results per branch (docs/product/reports.md), kept by a statement trigger on
 * cycle_results (migration 0017): how many, how many failed, and the sum of the durations of those
 * that carried one. `branch` is '' for cycles that name none (manual cycles too). Deleting a cycle
 * takes its results out again. The Reports page's slowest and most often failing tests read it.
 */
export const caseResultStats = pgTable(
  'case_result_stats',
  {
    caseId: integer('case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    branch: text('branch').notNull(),
    projectId: integer('project_id').notNull(),
    results: integer('results').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    timed: integer('timed').notNull().default(0),
    durationSum: bigint('duration_sum', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.caseId, t.branch] }),
    index('case_result_stats_project_idx').on(t.projectId, t.branch),
  ],
);

/**
 * The same figures as case_result_stats, over every branch: one row per case, so "all branches"
 * ranks one row per case whatever the number of branches. Kept by the same trigger.
 */
export const caseResultTotals = pgTable(
  'case_result_totals',
  {
    caseId: integer('case_id')
      .primaryKey()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    results: integer('results').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    timed: integer('timed').notNull().default(0),
    durationSum: bigint('duration_sum', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('case_result_totals_project_idx').on(t.projectId)],
);

/**
 * A project's issue tracker (docs/product/defects.md): how a defect id becomes a link, and where
 * "File a bug" opens a new issue. `project` is Jira's numeric project id, GitHub's `owner/repo` or
 * GitLab's project path; `issue_type` is Jira's issue type id; the templates are the `url` kind's
 * (`{id}` in the link, `{title}` and `{body}` in the new-issue address).
 */
export const projectTrackers = pgTable(
  'project_trackers',
  {
    projectId: integer('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    baseUrl: text('base_url').notNull().default(''),
    project: text('project').notNull().default(''),
    issueType: text('issue_type').notNull().default(''),
    linkTemplate: text('link_template').notNull().default(''),
    newIssueTemplate: text('new_issue_template').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('project_trackers_kind_check', sql`${t.kind} in ('jira', 'github', 'gitlab', 'url')`)],
);

/**
 * A defect linked to a case, a cycle item or one result of it (docs/product/defects.md). Every
 * link names its case (for `defect:` in search) and, below a case, its item and cycle (for the
 * cycle's defect list). `defect` is the tracker's id as shown (PROJ-12, #12); `url` the link.
 */
export const defectLinks = pgTable(
  'defect_links',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    caseId: integer('case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    cycleId: integer('cycle_id').references(() => testCycles.id, { onDelete: 'cascade' }),
    itemId: integer('item_id').references(() => cycleItems.id, { onDelete: 'cascade' }),
    resultId: integer('result_id').references(() => cycleResults.id, { onDelete: 'cascade' }),
    defect: text('defect').notNull(),
    url: text('url').notNull(),
    // No foreign key: the id stays when the user is deleted, as a cycle's created_by does.
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('defect_links_target_key').on(t.caseId, t.itemId, t.resultId, t.defect).nullsNotDistinct(),
    index('defect_links_project_defect_idx').on(t.projectId, sql`lower(${t.defect})`),
    index('defect_links_cycle_idx').on(t.cycleId),
    index('defect_links_item_idx').on(t.itemId),
    index('defect_links_result_idx').on(t.resultId),
  ],
);

/**
 * A project's webhook endpoint (docs/product/webhooks.md): the events it takes (`result.recorded`
 * of failures only when `failures_only`), and the secret its deliveries are signed with.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    failuresOnly: boolean('failures_only').notNull().default(false),
    secret: text('secret').notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_project_idx').on(t.projectId)],
);

/**
 * One event for one endpoint, queued in the transaction that made the event, delivered by the
 * servers' delivery loop (any instance takes it: FOR UPDATE SKIP LOCKED) and retried with
 * backoff for a day. `body` is the exact JSON sent and signed.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    body: text('body').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    responseCode: integer('response_code'),
    responseMs: integer('response_ms'),
    error: text('error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    check('webhook_deliveries_state_check', sql`${t.state} in ('pending', 'delivered', 'failed')`),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id),
  ],
);
