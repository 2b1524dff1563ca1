-- The schema of Verdict up to migration 0035 of the earlier chain, in one migration (decision 240).
-- Made with pg_dump --schema-only from a database migrated through that chain; the functions and
-- triggers are not here: src/db/triggers holds them and the start applies them (db/client.ts).
-- A database migrated through the earlier chain has this migration's time recorded already and
-- skips it; a database part-way through that chain is refused at start.
-- pg_trgm is a trusted extension: the database owner may create it, and PGlite loads it when it
-- opens the data directory. Where it cannot be created (no privilege, not installed), the schema
-- is made without the trigram indexes below and the searches they serve scan instead.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%); searches will not be indexed', SQLERRM;
END
$$;
--> statement-breakpoint
CREATE TABLE public.api_tokens (
    id integer NOT NULL,
    user_id integer NOT NULL,
    name text NOT NULL,
    token_hash text NOT NULL,
    prefix text NOT NULL,
    token_version integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_used_at timestamp with time zone,
    revoked_at timestamp with time zone
);
--> statement-breakpoint
CREATE SEQUENCE public.api_tokens_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.api_tokens_id_seq OWNED BY public.api_tokens.id;
--> statement-breakpoint
CREATE TABLE public.attachment_chunks (
    attachment_id integer NOT NULL,
    seq integer NOT NULL,
    data bytea NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.attachments (
    id integer NOT NULL,
    project_id integer NOT NULL,
    case_id integer,
    result_id integer,
    name text NOT NULL,
    content_type text NOT NULL,
    size bigint DEFAULT 0 NOT NULL,
    created_by integer,
    complete boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT attachments_owner_check CHECK ((num_nonnulls(case_id, result_id) = 1))
);
--> statement-breakpoint
CREATE SEQUENCE public.attachments_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.attachments_id_seq OWNED BY public.attachments.id;
--> statement-breakpoint
CREATE TABLE public.audit_log (
    id bigint NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL,
    actor_id integer,
    actor_name text,
    actor_email text,
    action text NOT NULL,
    entity_type text NOT NULL,
    entity_id integer,
    project_id integer,
    summary text NOT NULL,
    changes jsonb,
    CONSTRAINT audit_log_action_check CHECK ((action = ANY (ARRAY['create'::text, 'update'::text, 'delete'::text, 'sign_in'::text, 'sign_in_failed'::text, 'logout'::text]))),
    CONSTRAINT audit_log_entity_type_check CHECK ((entity_type = ANY (ARRAY['user'::text, 'sub_user'::text, 'role'::text, 'permission'::text, 'project'::text, 'member'::text, 'suite'::text, 'case'::text, 'run'::text, 'session'::text, 'cycle'::text, 'webhook'::text, 'milestone'::text, 'configuration_group'::text, 'plan'::text, 'requirement'::text, 'shared_steps'::text])))
);
--> statement-breakpoint
ALTER TABLE public.audit_log ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.audit_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.case_fields (
    id integer NOT NULL,
    project_id integer NOT NULL,
    name text NOT NULL,
    type text NOT NULL,
    required boolean DEFAULT false NOT NULL,
    options text[] DEFAULT '{}'::text[] NOT NULL,
    default_value jsonb,
    "position" integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT case_fields_type_check CHECK ((type = ANY (ARRAY['text'::text, 'textarea'::text, 'number'::text, 'select'::text, 'multiselect'::text, 'checkbox'::text, 'date'::text, 'url'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE public.case_fields_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.case_fields_id_seq OWNED BY public.case_fields.id;
--> statement-breakpoint
CREATE TABLE public.case_flakiness (
    case_id integer NOT NULL,
    branch text NOT NULL,
    states text NOT NULL,
    results integer DEFAULT 0 NOT NULL,
    flips integer DEFAULT 0 NOT NULL,
    first_flip_at timestamp with time zone,
    last_flip_at timestamp with time zone,
    version integer,
    flip_ats timestamp with time zone[] DEFAULT '{}'::timestamp with time zone[] NOT NULL
)
WITH (fillfactor='70');
--> statement-breakpoint
CREATE TABLE public.case_list_changes (
    id bigint NOT NULL,
    project_id integer NOT NULL,
    project_version bigint NOT NULL,
    suite_id integer,
    suite_version bigint,
    case_id integer,
    parent_id integer,
    at timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.case_list_changes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.case_list_changes_id_seq OWNED BY public.case_list_changes.id;
--> statement-breakpoint
CREATE TABLE public.case_quarantines (
    case_id integer NOT NULL,
    reason text NOT NULL,
    until date,
    created_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.case_result_stats (
    case_id integer NOT NULL,
    branch text NOT NULL,
    project_id integer NOT NULL,
    results integer DEFAULT 0 NOT NULL,
    failures integer DEFAULT 0 NOT NULL,
    timed integer DEFAULT 0 NOT NULL,
    duration_sum bigint DEFAULT 0 NOT NULL
)
WITH (fillfactor='70');
--> statement-breakpoint
CREATE TABLE public.case_result_totals (
    case_id integer NOT NULL,
    project_id integer NOT NULL,
    results integer DEFAULT 0 NOT NULL,
    failures integer DEFAULT 0 NOT NULL,
    timed integer DEFAULT 0 NOT NULL,
    duration_sum bigint DEFAULT 0 NOT NULL
)
WITH (fillfactor='70');
--> statement-breakpoint
CREATE TABLE public.case_run_states (
    case_id integer NOT NULL,
    project_id integer NOT NULL,
    status text NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.case_shared_steps (
    case_id integer NOT NULL,
    set_id integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.case_unrun_results (
    case_id integer NOT NULL,
    project_id integer NOT NULL,
    state text NOT NULL,
    result_id integer NOT NULL,
    at timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.case_versions (
    id integer NOT NULL,
    case_id integer NOT NULL,
    version integer NOT NULL,
    author_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    changed text[] NOT NULL,
    content jsonb NOT NULL,
    note text
);
--> statement-breakpoint
CREATE SEQUENCE public.case_versions_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.case_versions_id_seq OWNED BY public.case_versions.id;
--> statement-breakpoint
CREATE TABLE public.configuration_groups (
    id integer NOT NULL,
    project_id integer NOT NULL,
    name text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.configuration_groups_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.configuration_groups_id_seq OWNED BY public.configuration_groups.id;
--> statement-breakpoint
CREATE TABLE public.configurations (
    id integer NOT NULL,
    group_id integer NOT NULL,
    name text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.configurations_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.configurations_id_seq OWNED BY public.configurations.id;
--> statement-breakpoint
CREATE TABLE public.cycle_configurations (
    cycle_id integer NOT NULL,
    configuration_id integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.cycle_counts (
    cycle_id integer NOT NULL,
    total integer DEFAULT 0 NOT NULL,
    untested integer DEFAULT 0 NOT NULL,
    passed integer DEFAULT 0 NOT NULL,
    failed integer DEFAULT 0 NOT NULL,
    blocked integer DEFAULT 0 NOT NULL,
    skipped integer DEFAULT 0 NOT NULL,
    duration_ms bigint DEFAULT 0 NOT NULL,
    flaky_count integer,
    retest integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.cycle_items (
    id integer NOT NULL,
    cycle_id integer NOT NULL,
    case_id integer NOT NULL,
    state text DEFAULT 'untested'::text NOT NULL,
    assignee_id integer,
    results integer DEFAULT 0 NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    elapsed_ms integer,
    parameter_row integer DEFAULT 0 NOT NULL,
    parameter_values jsonb,
    CONSTRAINT cycle_items_state_check CHECK ((state = ANY (ARRAY['untested'::text, 'passed'::text, 'failed'::text, 'blocked'::text, 'skipped'::text, 'retest'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE public.cycle_items_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.cycle_items_id_seq OWNED BY public.cycle_items.id;
--> statement-breakpoint
CREATE TABLE public.cycle_results (
    id integer NOT NULL,
    item_id integer NOT NULL,
    state text NOT NULL,
    comment text,
    elapsed_ms integer,
    run_id integer,
    executed_by integer,
    failure_message text,
    failure_type text,
    failure_text text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    step_results jsonb,
    case_version integer,
    log text,
    CONSTRAINT cycle_results_state_check CHECK ((state = ANY (ARRAY['passed'::text, 'failed'::text, 'blocked'::text, 'skipped'::text, 'retest'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE public.cycle_results_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.cycle_results_id_seq OWNED BY public.cycle_results.id;
--> statement-breakpoint
CREATE TABLE public.defect_links (
    id integer NOT NULL,
    project_id integer NOT NULL,
    case_id integer NOT NULL,
    cycle_id integer,
    item_id integer,
    result_id integer,
    defect text NOT NULL,
    url text NOT NULL,
    created_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.defect_links_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.defect_links_id_seq OWNED BY public.defect_links.id;
--> statement-breakpoint
CREATE TABLE public.login_failures (
    id bigint NOT NULL,
    email text NOT NULL,
    ip text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.login_failures_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.login_failures_id_seq OWNED BY public.login_failures.id;
--> statement-breakpoint
CREATE TABLE public.milestones (
    id integer NOT NULL,
    project_id integer NOT NULL,
    parent_id integer,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    start_date date,
    due_date date,
    state text DEFAULT 'open'::text NOT NULL,
    branch text,
    created_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    completed_at timestamp with time zone,
    readiness_rules jsonb,
    CONSTRAINT milestones_state_check CHECK ((state = ANY (ARRAY['open'::text, 'completed'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE public.milestones_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.milestones_id_seq OWNED BY public.milestones.id;
--> statement-breakpoint
CREATE TABLE public.oidc_logins (
    state text NOT NULL,
    code_verifier text NOT NULL,
    nonce text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.permissions (
    id integer NOT NULL,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    built_in boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.permissions_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.permissions_id_seq OWNED BY public.permissions.id;
--> statement-breakpoint
CREATE TABLE public.project_flaky_settings (
    project_id integer NOT NULL,
    window_size integer NOT NULL,
    flip_threshold integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.project_members (
    project_id integer NOT NULL,
    user_id integer NOT NULL,
    role_id integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.project_stats (
    project_id integer NOT NULL,
    suites integer DEFAULT 0 NOT NULL,
    passed integer DEFAULT 0 NOT NULL,
    failed integer DEFAULT 0 NOT NULL,
    version bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.project_tags (
    project_id integer NOT NULL,
    tag text NOT NULL,
    cases integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.project_trackers (
    project_id integer NOT NULL,
    kind text NOT NULL,
    base_url text DEFAULT ''::text NOT NULL,
    project text DEFAULT ''::text NOT NULL,
    issue_type text DEFAULT ''::text NOT NULL,
    link_template text DEFAULT ''::text NOT NULL,
    new_issue_template text DEFAULT ''::text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT project_trackers_kind_check CHECK ((kind = ANY (ARRAY['jira'::text, 'github'::text, 'gitlab'::text, 'url'::text])))
);
--> statement-breakpoint
CREATE TABLE public.projects (
    id integer NOT NULL,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    created_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.projects_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.projects_id_seq OWNED BY public.projects.id;
--> statement-breakpoint
CREATE TABLE public.requirement_cases (
    requirement_id integer NOT NULL,
    case_id integer NOT NULL,
    project_id integer NOT NULL,
    created_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.requirement_counters (
    project_id integer NOT NULL,
    next_number integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.requirement_versions (
    id integer NOT NULL,
    requirement_id integer NOT NULL,
    version integer NOT NULL,
    author_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    content jsonb NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.requirement_versions_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.requirement_versions_id_seq OWNED BY public.requirement_versions.id;
--> statement-breakpoint
CREATE TABLE public.requirements (
    id integer NOT NULL,
    project_id integer NOT NULL,
    parent_id integer,
    key text NOT NULL,
    title text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    status text DEFAULT 'draft'::text NOT NULL,
    external_url text,
    version integer DEFAULT 1 NOT NULL,
    created_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT requirements_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'approved'::text, 'implemented'::text, 'obsolete'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE public.requirements_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.requirements_id_seq OWNED BY public.requirements.id;
--> statement-breakpoint
CREATE TABLE public.revoked_tokens (
    jti text NOT NULL,
    expires_at timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.role_permissions (
    role_id integer NOT NULL,
    permission_id integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.roles (
    id integer NOT NULL,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    built_in boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.roles_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.roles_id_seq OWNED BY public.roles.id;
--> statement-breakpoint
CREATE TABLE public.saved_searches (
    id integer NOT NULL,
    user_id integer NOT NULL,
    project_id integer NOT NULL,
    name text NOT NULL,
    q text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.saved_searches_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.saved_searches_id_seq OWNED BY public.saved_searches.id;
--> statement-breakpoint
CREATE TABLE public.settings (
    key text NOT NULL,
    value text NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.shared_step_sets (
    id integer NOT NULL,
    project_id integer NOT NULL,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    steps jsonb DEFAULT '[]'::jsonb NOT NULL,
    version integer DEFAULT 1 NOT NULL,
    created_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.shared_step_sets_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.shared_step_sets_id_seq OWNED BY public.shared_step_sets.id;
--> statement-breakpoint
CREATE TABLE public.shared_step_versions (
    id integer NOT NULL,
    set_id integer NOT NULL,
    version integer NOT NULL,
    author_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    content jsonb NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.shared_step_versions_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.shared_step_versions_id_seq OWNED BY public.shared_step_versions.id;
--> statement-breakpoint
CREATE TABLE public.suite_list_versions (
    suite_id integer NOT NULL,
    version bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.suites (
    id integer NOT NULL,
    project_id integer NOT NULL,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.suites_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.suites_id_seq OWNED BY public.suites.id;
--> statement-breakpoint
CREATE TABLE public.test_cases (
    id integer NOT NULL,
    project_id integer NOT NULL,
    suite_id integer,
    parent_id integer,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    latest_run_status text,
    preconditions text DEFAULT ''::text NOT NULL,
    priority text DEFAULT 'medium'::text NOT NULL,
    tags text[] DEFAULT '{}'::text[] NOT NULL,
    steps jsonb DEFAULT '[]'::jsonb NOT NULL,
    custom_fields jsonb DEFAULT '{}'::jsonb NOT NULL,
    version integer DEFAULT 1 NOT NULL,
    search_text text DEFAULT ''::text NOT NULL,
    source_id text,
    parameters jsonb,
    CONSTRAINT test_cases_latest_run_status_check CHECK ((latest_run_status = ANY (ARRAY['passed'::text, 'failed'::text]))),
    CONSTRAINT test_cases_priority_check CHECK ((priority = ANY (ARRAY['critical'::text, 'high'::text, 'medium'::text, 'low'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE public.test_cases_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.test_cases_id_seq OWNED BY public.test_cases.id;
--> statement-breakpoint
CREATE TABLE public.test_cycles (
    id integer NOT NULL,
    project_id integer NOT NULL,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    milestone text,
    environment text,
    state text DEFAULT 'open'::text NOT NULL,
    source text DEFAULT 'manual'::text NOT NULL,
    branch text,
    commit text,
    build_url text,
    build_number text,
    created_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    closed_at timestamp with time zone,
    milestone_id integer,
    plan_id integer,
    plan_entry_id integer,
    CONSTRAINT test_cycles_source_check CHECK ((source = ANY (ARRAY['manual'::text, 'import'::text]))),
    CONSTRAINT test_cycles_state_check CHECK ((state = ANY (ARRAY['open'::text, 'closed'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE public.test_cycles_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.test_cycles_id_seq OWNED BY public.test_cycles.id;
--> statement-breakpoint
CREATE TABLE public.test_plan_entries (
    id integer NOT NULL,
    plan_id integer NOT NULL,
    name text,
    suite_ids integer[] NOT NULL,
    case_ids integer[] NOT NULL,
    all_cases boolean DEFAULT false NOT NULL,
    configuration_ids integer[] NOT NULL,
    assignee_id integer
);
--> statement-breakpoint
CREATE SEQUENCE public.test_plan_entries_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.test_plan_entries_id_seq OWNED BY public.test_plan_entries.id;
--> statement-breakpoint
CREATE TABLE public.test_plans (
    id integer NOT NULL,
    project_id integer NOT NULL,
    milestone_id integer,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    created_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.test_plans_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.test_plans_id_seq OWNED BY public.test_plans.id;
--> statement-breakpoint
CREATE TABLE public.test_runs (
    id integer NOT NULL,
    case_id integer NOT NULL,
    project_id integer NOT NULL,
    status text DEFAULT 'passed'::text NOT NULL,
    executed_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT test_runs_status_check CHECK ((status = ANY (ARRAY['passed'::text, 'failed'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE public.test_runs_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.test_runs_id_seq OWNED BY public.test_runs.id;
--> statement-breakpoint
CREATE TABLE public.user_roles (
    user_id integer NOT NULL,
    role_id integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.users (
    id integer NOT NULL,
    username text NOT NULL,
    email text NOT NULL,
    password_hash text NOT NULL,
    max_user_limit integer,
    status text DEFAULT 'active'::text NOT NULL,
    parent_id integer,
    account_id integer,
    token_version integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    oidc_subject text,
    totp_secret text,
    totp_pending_secret text,
    totp_last_step bigint,
    CONSTRAINT users_status_check CHECK ((status = ANY (ARRAY['active'::text, 'inactive'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE public.users_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.users_id_seq OWNED BY public.users.id;
--> statement-breakpoint
CREATE TABLE public.webhook_deliveries (
    id bigint NOT NULL,
    webhook_id integer NOT NULL,
    event text NOT NULL,
    body text NOT NULL,
    state text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    locked_until timestamp with time zone,
    response_code integer,
    response_ms integer,
    error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    delivered_at timestamp with time zone,
    CONSTRAINT webhook_deliveries_state_check CHECK ((state = ANY (ARRAY['pending'::text, 'delivered'::text, 'failed'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE public.webhook_deliveries_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.webhook_deliveries_id_seq OWNED BY public.webhook_deliveries.id;
--> statement-breakpoint
CREATE TABLE public.webhooks (
    id integer NOT NULL,
    project_id integer NOT NULL,
    url text NOT NULL,
    events text[] NOT NULL,
    failures_only boolean DEFAULT false NOT NULL,
    secret text NOT NULL,
    active boolean DEFAULT true NOT NULL,
    created_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.webhooks_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.webhooks_id_seq OWNED BY public.webhooks.id;
--> statement-breakpoint
ALTER TABLE ONLY public.api_tokens ALTER COLUMN id SET DEFAULT nextval('public.api_tokens_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.attachments ALTER COLUMN id SET DEFAULT nextval('public.attachments_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.case_fields ALTER COLUMN id SET DEFAULT nextval('public.case_fields_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.case_list_changes ALTER COLUMN id SET DEFAULT nextval('public.case_list_changes_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.case_versions ALTER COLUMN id SET DEFAULT nextval('public.case_versions_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.configuration_groups ALTER COLUMN id SET DEFAULT nextval('public.configuration_groups_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.configurations ALTER COLUMN id SET DEFAULT nextval('public.configurations_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.cycle_items ALTER COLUMN id SET DEFAULT nextval('public.cycle_items_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.cycle_results ALTER COLUMN id SET DEFAULT nextval('public.cycle_results_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.defect_links ALTER COLUMN id SET DEFAULT nextval('public.defect_links_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.login_failures ALTER COLUMN id SET DEFAULT nextval('public.login_failures_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.milestones ALTER COLUMN id SET DEFAULT nextval('public.milestones_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.permissions ALTER COLUMN id SET DEFAULT nextval('public.permissions_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.projects ALTER COLUMN id SET DEFAULT nextval('public.projects_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.requirement_versions ALTER COLUMN id SET DEFAULT nextval('public.requirement_versions_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.requirements ALTER COLUMN id SET DEFAULT nextval('public.requirements_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.roles ALTER COLUMN id SET DEFAULT nextval('public.roles_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.saved_searches ALTER COLUMN id SET DEFAULT nextval('public.saved_searches_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.shared_step_sets ALTER COLUMN id SET DEFAULT nextval('public.shared_step_sets_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.shared_step_versions ALTER COLUMN id SET DEFAULT nextval('public.shared_step_versions_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.suites ALTER COLUMN id SET DEFAULT nextval('public.suites_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.test_cases ALTER COLUMN id SET DEFAULT nextval('public.test_cases_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.test_cycles ALTER COLUMN id SET DEFAULT nextval('public.test_cycles_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.test_plan_entries ALTER COLUMN id SET DEFAULT nextval('public.test_plan_entries_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.test_plans ALTER COLUMN id SET DEFAULT nextval('public.test_plans_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.test_runs ALTER COLUMN id SET DEFAULT nextval('public.test_runs_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.users ALTER COLUMN id SET DEFAULT nextval('public.users_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.webhook_deliveries ALTER COLUMN id SET DEFAULT nextval('public.webhook_deliveries_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.webhooks ALTER COLUMN id SET DEFAULT nextval('public.webhooks_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.api_tokens
    ADD CONSTRAINT api_tokens_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.api_tokens
    ADD CONSTRAINT api_tokens_token_hash_key UNIQUE (token_hash);
--> statement-breakpoint
ALTER TABLE ONLY public.attachment_chunks
    ADD CONSTRAINT attachment_chunks_attachment_id_seq_pk PRIMARY KEY (attachment_id, seq);
--> statement-breakpoint
ALTER TABLE ONLY public.attachments
    ADD CONSTRAINT attachments_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.case_fields
    ADD CONSTRAINT case_fields_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.case_flakiness
    ADD CONSTRAINT case_flakiness_case_id_branch_pk PRIMARY KEY (case_id, branch);
--> statement-breakpoint
ALTER TABLE ONLY public.case_list_changes
    ADD CONSTRAINT case_list_changes_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.case_quarantines
    ADD CONSTRAINT case_quarantines_pkey PRIMARY KEY (case_id);
--> statement-breakpoint
ALTER TABLE ONLY public.case_result_stats
    ADD CONSTRAINT case_result_stats_case_id_branch_pk PRIMARY KEY (case_id, branch);
--> statement-breakpoint
ALTER TABLE ONLY public.case_result_totals
    ADD CONSTRAINT case_result_totals_pkey PRIMARY KEY (case_id);
--> statement-breakpoint
ALTER TABLE ONLY public.case_run_states
    ADD CONSTRAINT case_run_states_pkey PRIMARY KEY (case_id);
--> statement-breakpoint
ALTER TABLE ONLY public.case_shared_steps
    ADD CONSTRAINT case_shared_steps_case_id_set_id_pk PRIMARY KEY (case_id, set_id);
--> statement-breakpoint
ALTER TABLE ONLY public.case_unrun_results
    ADD CONSTRAINT case_unrun_results_pkey PRIMARY KEY (case_id);
--> statement-breakpoint
ALTER TABLE ONLY public.case_versions
    ADD CONSTRAINT case_versions_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.configuration_groups
    ADD CONSTRAINT configuration_groups_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.configurations
    ADD CONSTRAINT configurations_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.cycle_configurations
    ADD CONSTRAINT cycle_configurations_cycle_id_configuration_id_pk PRIMARY KEY (cycle_id, configuration_id);
--> statement-breakpoint
ALTER TABLE ONLY public.cycle_counts
    ADD CONSTRAINT cycle_counts_pkey PRIMARY KEY (cycle_id);
--> statement-breakpoint
ALTER TABLE ONLY public.cycle_items
    ADD CONSTRAINT cycle_items_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.cycle_results
    ADD CONSTRAINT cycle_results_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.defect_links
    ADD CONSTRAINT defect_links_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.defect_links
    ADD CONSTRAINT defect_links_target_key UNIQUE NULLS NOT DISTINCT (case_id, item_id, result_id, defect);
--> statement-breakpoint
ALTER TABLE ONLY public.login_failures
    ADD CONSTRAINT login_failures_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.milestones
    ADD CONSTRAINT milestones_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.oidc_logins
    ADD CONSTRAINT oidc_logins_pkey PRIMARY KEY (state);
--> statement-breakpoint
ALTER TABLE ONLY public.permissions
    ADD CONSTRAINT permissions_name_key UNIQUE (name);
--> statement-breakpoint
ALTER TABLE ONLY public.permissions
    ADD CONSTRAINT permissions_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.project_flaky_settings
    ADD CONSTRAINT project_flaky_settings_pkey PRIMARY KEY (project_id);
--> statement-breakpoint
ALTER TABLE ONLY public.project_members
    ADD CONSTRAINT project_members_project_id_user_id_pk PRIMARY KEY (project_id, user_id);
--> statement-breakpoint
ALTER TABLE ONLY public.project_stats
    ADD CONSTRAINT project_stats_pkey PRIMARY KEY (project_id);
--> statement-breakpoint
ALTER TABLE ONLY public.project_tags
    ADD CONSTRAINT project_tags_project_id_tag_pk PRIMARY KEY (project_id, tag);
--> statement-breakpoint
ALTER TABLE ONLY public.project_trackers
    ADD CONSTRAINT project_trackers_pkey PRIMARY KEY (project_id);
--> statement-breakpoint
ALTER TABLE ONLY public.projects
    ADD CONSTRAINT projects_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.requirement_cases
    ADD CONSTRAINT requirement_cases_requirement_id_case_id_pk PRIMARY KEY (requirement_id, case_id);
--> statement-breakpoint
ALTER TABLE ONLY public.requirement_counters
    ADD CONSTRAINT requirement_counters_pkey PRIMARY KEY (project_id);
--> statement-breakpoint
ALTER TABLE ONLY public.requirement_versions
    ADD CONSTRAINT requirement_versions_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.requirements
    ADD CONSTRAINT requirements_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.revoked_tokens
    ADD CONSTRAINT revoked_tokens_pkey PRIMARY KEY (jti);
--> statement-breakpoint
ALTER TABLE ONLY public.role_permissions
    ADD CONSTRAINT role_permissions_role_id_permission_id_pk PRIMARY KEY (role_id, permission_id);
--> statement-breakpoint
ALTER TABLE ONLY public.roles
    ADD CONSTRAINT roles_name_key UNIQUE (name);
--> statement-breakpoint
ALTER TABLE ONLY public.roles
    ADD CONSTRAINT roles_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.saved_searches
    ADD CONSTRAINT saved_searches_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.settings
    ADD CONSTRAINT settings_pkey PRIMARY KEY (key);
--> statement-breakpoint
ALTER TABLE ONLY public.shared_step_sets
    ADD CONSTRAINT shared_step_sets_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.shared_step_versions
    ADD CONSTRAINT shared_step_versions_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.suite_list_versions
    ADD CONSTRAINT suite_list_versions_pkey PRIMARY KEY (suite_id);
--> statement-breakpoint
ALTER TABLE ONLY public.suites
    ADD CONSTRAINT suites_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.test_cases
    ADD CONSTRAINT test_cases_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.test_cycles
    ADD CONSTRAINT test_cycles_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.test_plan_entries
    ADD CONSTRAINT test_plan_entries_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.test_plans
    ADD CONSTRAINT test_plans_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.test_runs
    ADD CONSTRAINT test_runs_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.user_roles
    ADD CONSTRAINT user_roles_user_id_role_id_pk PRIMARY KEY (user_id, role_id);
--> statement-breakpoint
ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.webhook_deliveries
    ADD CONSTRAINT webhook_deliveries_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.webhooks
    ADD CONSTRAINT webhooks_pkey PRIMARY KEY (id);
--> statement-breakpoint
CREATE INDEX api_tokens_user_idx ON public.api_tokens USING btree (user_id, id);
--> statement-breakpoint
CREATE INDEX attachments_case_idx ON public.attachments USING btree (case_id, id);
--> statement-breakpoint
CREATE INDEX attachments_result_idx ON public.attachments USING btree (result_id, id);
--> statement-breakpoint
CREATE INDEX audit_log_action_idx ON public.audit_log USING btree (action, id);
--> statement-breakpoint
CREATE INDEX audit_log_actor_idx ON public.audit_log USING btree (actor_id, id);
--> statement-breakpoint
CREATE INDEX audit_log_at_idx ON public.audit_log USING btree (at);
--> statement-breakpoint
CREATE INDEX audit_log_entity_idx ON public.audit_log USING btree (entity_type, id);
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX audit_log_summary_trgm_idx ON public.audit_log USING gin (summary gin_trgm_ops);
  END IF;
END
$$;
--> statement-breakpoint
CREATE INDEX case_fields_project_idx ON public.case_fields USING btree (project_id, "position", id);
--> statement-breakpoint
CREATE UNIQUE INDEX case_fields_project_name_idx ON public.case_fields USING btree (project_id, lower(name));
--> statement-breakpoint
CREATE INDEX case_flakiness_flips_idx ON public.case_flakiness USING btree (case_id) WHERE (flips >= 2);
--> statement-breakpoint
CREATE INDEX case_list_changes_at_idx ON public.case_list_changes USING btree (at);
--> statement-breakpoint
CREATE INDEX case_list_changes_project_idx ON public.case_list_changes USING btree (project_id, project_version);
--> statement-breakpoint
CREATE INDEX case_list_changes_suite_idx ON public.case_list_changes USING btree (suite_id, suite_version);
--> statement-breakpoint
CREATE INDEX case_result_stats_project_idx ON public.case_result_stats USING btree (project_id, branch);
--> statement-breakpoint
CREATE INDEX case_result_totals_project_idx ON public.case_result_totals USING btree (project_id);
--> statement-breakpoint
CREATE INDEX case_run_states_project_idx ON public.case_run_states USING btree (project_id, status, case_id);
--> statement-breakpoint
CREATE INDEX case_shared_steps_set_idx ON public.case_shared_steps USING btree (set_id, case_id);
--> statement-breakpoint
CREATE INDEX case_unrun_results_project_idx ON public.case_unrun_results USING btree (project_id, case_id);
--> statement-breakpoint
CREATE UNIQUE INDEX case_versions_case_version_idx ON public.case_versions USING btree (case_id, version);
--> statement-breakpoint
CREATE INDEX configuration_groups_project_idx ON public.configuration_groups USING btree (project_id, id);
--> statement-breakpoint
CREATE UNIQUE INDEX configuration_groups_project_name_idx ON public.configuration_groups USING btree (project_id, lower(name));
--> statement-breakpoint
CREATE UNIQUE INDEX configurations_group_name_idx ON public.configurations USING btree (group_id, lower(name));
--> statement-breakpoint
CREATE INDEX cycle_configurations_configuration_idx ON public.cycle_configurations USING btree (configuration_id);
--> statement-breakpoint
CREATE INDEX cycle_items_assignee_idx ON public.cycle_items USING btree (assignee_id, id) WHERE (assignee_id IS NOT NULL);
--> statement-breakpoint
CREATE INDEX cycle_items_case_idx ON public.cycle_items USING btree (case_id);
--> statement-breakpoint
CREATE UNIQUE INDEX cycle_items_cycle_case_row_idx ON public.cycle_items USING btree (cycle_id, case_id, parameter_row);
--> statement-breakpoint
CREATE INDEX cycle_items_cycle_idx ON public.cycle_items USING btree (cycle_id, id);
--> statement-breakpoint
CREATE INDEX cycle_results_item_idx ON public.cycle_results USING btree (item_id, id);
--> statement-breakpoint
CREATE INDEX cycle_results_run_idx ON public.cycle_results USING btree (run_id);
--> statement-breakpoint
CREATE INDEX defect_links_cycle_idx ON public.defect_links USING btree (cycle_id);
--> statement-breakpoint
CREATE INDEX defect_links_item_idx ON public.defect_links USING btree (item_id);
--> statement-breakpoint
CREATE INDEX defect_links_project_defect_idx ON public.defect_links USING btree (project_id, lower(defect));
--> statement-breakpoint
CREATE INDEX defect_links_result_idx ON public.defect_links USING btree (result_id);
--> statement-breakpoint
CREATE INDEX login_failures_email_idx ON public.login_failures USING btree (email, created_at);
--> statement-breakpoint
CREATE INDEX login_failures_ip_idx ON public.login_failures USING btree (ip, created_at);
--> statement-breakpoint
CREATE INDEX milestones_parent_idx ON public.milestones USING btree (parent_id) WHERE (parent_id IS NOT NULL);
--> statement-breakpoint
CREATE INDEX milestones_project_idx ON public.milestones USING btree (project_id, id);
--> statement-breakpoint
CREATE UNIQUE INDEX milestones_project_name_idx ON public.milestones USING btree (project_id, name);
--> statement-breakpoint
CREATE INDEX project_members_role_idx ON public.project_members USING btree (role_id);
--> statement-breakpoint
CREATE INDEX project_members_user_idx ON public.project_members USING btree (user_id);
--> statement-breakpoint
CREATE INDEX projects_created_by_idx ON public.projects USING btree (created_by);
--> statement-breakpoint
CREATE INDEX requirement_cases_case_idx ON public.requirement_cases USING btree (case_id);
--> statement-breakpoint
CREATE UNIQUE INDEX requirement_versions_requirement_version_idx ON public.requirement_versions USING btree (requirement_id, version);
--> statement-breakpoint
CREATE INDEX requirements_parent_idx ON public.requirements USING btree (parent_id) WHERE (parent_id IS NOT NULL);
--> statement-breakpoint
CREATE UNIQUE INDEX requirements_project_key_idx ON public.requirements USING btree (project_id, lower(key));
--> statement-breakpoint
CREATE INDEX revoked_tokens_expires_idx ON public.revoked_tokens USING btree (expires_at);
--> statement-breakpoint
CREATE INDEX role_permissions_permission_idx ON public.role_permissions USING btree (permission_id);
--> statement-breakpoint
CREATE UNIQUE INDEX roles_one_built_in ON public.roles USING btree (built_in) WHERE built_in;
--> statement-breakpoint
CREATE UNIQUE INDEX saved_searches_user_project_name_idx ON public.saved_searches USING btree (user_id, project_id, lower(name));
--> statement-breakpoint
CREATE UNIQUE INDEX shared_step_sets_project_name_idx ON public.shared_step_sets USING btree (project_id, lower(name));
--> statement-breakpoint
CREATE UNIQUE INDEX shared_step_versions_set_version_idx ON public.shared_step_versions USING btree (set_id, version);
--> statement-breakpoint
CREATE INDEX suites_project_idx ON public.suites USING btree (project_id, id);
--> statement-breakpoint
CREATE INDEX test_cases_parent_idx ON public.test_cases USING btree (parent_id, id);
--> statement-breakpoint
CREATE INDEX test_cases_project_id_idx ON public.test_cases USING btree (project_id, id);
--> statement-breakpoint
CREATE INDEX test_cases_project_parent_idx ON public.test_cases USING btree (project_id, parent_id, id);
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX test_cases_search_trgm_idx ON public.test_cases USING gin (search_text gin_trgm_ops);
  END IF;
END
$$;
--> statement-breakpoint
CREATE INDEX test_cases_suite_parent_idx ON public.test_cases USING btree (suite_id, parent_id, id);
--> statement-breakpoint
CREATE INDEX test_cases_tags_idx ON public.test_cases USING gin (tags);
--> statement-breakpoint
CREATE INDEX test_cycles_branch_idx ON public.test_cycles USING btree (project_id, COALESCE(branch, ''::text), id);
--> statement-breakpoint
CREATE INDEX test_cycles_milestone_idx ON public.test_cycles USING btree (milestone_id) WHERE (milestone_id IS NOT NULL);
--> statement-breakpoint
CREATE INDEX test_cycles_plan_entry_idx ON public.test_cycles USING btree (plan_entry_id) WHERE (plan_entry_id IS NOT NULL);
--> statement-breakpoint
CREATE INDEX test_cycles_plan_idx ON public.test_cycles USING btree (plan_id, id) WHERE (plan_id IS NOT NULL);
--> statement-breakpoint
CREATE INDEX test_cycles_project_idx ON public.test_cycles USING btree (project_id, id);
--> statement-breakpoint
CREATE INDEX test_plan_entries_assignee_idx ON public.test_plan_entries USING btree (assignee_id) WHERE (assignee_id IS NOT NULL);
--> statement-breakpoint
CREATE INDEX test_plan_entries_plan_idx ON public.test_plan_entries USING btree (plan_id, id);
--> statement-breakpoint
CREATE INDEX test_plans_milestone_idx ON public.test_plans USING btree (milestone_id) WHERE (milestone_id IS NOT NULL);
--> statement-breakpoint
CREATE INDEX test_plans_project_idx ON public.test_plans USING btree (project_id, id);
--> statement-breakpoint
CREATE INDEX test_runs_case_idx ON public.test_runs USING btree (case_id, id);
--> statement-breakpoint
CREATE INDEX test_runs_project_idx ON public.test_runs USING btree (project_id);
--> statement-breakpoint
CREATE INDEX user_roles_role_idx ON public.user_roles USING btree (role_id);
--> statement-breakpoint
CREATE INDEX users_account_idx ON public.users USING btree (account_id);
--> statement-breakpoint
CREATE UNIQUE INDEX users_email_lower_key ON public.users USING btree (lower(email));
--> statement-breakpoint
CREATE UNIQUE INDEX users_oidc_subject_key ON public.users USING btree (oidc_subject);
--> statement-breakpoint
CREATE INDEX users_parent_idx ON public.users USING btree (parent_id);
--> statement-breakpoint
CREATE UNIQUE INDEX users_username_lower_key ON public.users USING btree (lower(username));
--> statement-breakpoint
CREATE INDEX webhook_deliveries_due_idx ON public.webhook_deliveries USING btree (next_attempt_at) WHERE (state = 'pending'::text);
--> statement-breakpoint
CREATE INDEX webhook_deliveries_webhook_idx ON public.webhook_deliveries USING btree (webhook_id, id);
--> statement-breakpoint
CREATE INDEX webhooks_project_idx ON public.webhooks USING btree (project_id);
--> statement-breakpoint
ALTER TABLE ONLY public.api_tokens
    ADD CONSTRAINT api_tokens_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.attachment_chunks
    ADD CONSTRAINT attachment_chunks_attachment_id_attachments_id_fk FOREIGN KEY (attachment_id) REFERENCES public.attachments(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.attachments
    ADD CONSTRAINT attachments_case_id_test_cases_id_fk FOREIGN KEY (case_id) REFERENCES public.test_cases(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.attachments
    ADD CONSTRAINT attachments_project_id_projects_id_fk FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.attachments
    ADD CONSTRAINT attachments_result_id_cycle_results_id_fk FOREIGN KEY (result_id) REFERENCES public.cycle_results(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.case_fields
    ADD CONSTRAINT case_fields_project_id_projects_id_fk FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.case_flakiness
    ADD CONSTRAINT case_flakiness_case_id_test_cases_id_fk FOREIGN KEY (case_id) REFERENCES public.test_cases(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.case_quarantines
    ADD CONSTRAINT case_quarantines_case_id_test_cases_id_fk FOREIGN KEY (case_id) REFERENCES public.test_cases(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.case_result_stats
    ADD CONSTRAINT case_result_stats_case_id_test_cases_id_fk FOREIGN KEY (case_id) REFERENCES public.test_cases(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.case_result_totals
    ADD CONSTRAINT case_result_totals_case_id_test_cases_id_fk FOREIGN KEY (case_id) REFERENCES public.test_cases(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.case_run_states
    ADD CONSTRAINT case_run_states_case_id_test_cases_id_fk FOREIGN KEY (case_id) REFERENCES public.test_cases(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.case_shared_steps
    ADD CONSTRAINT case_shared_steps_case_id_test_cases_id_fk FOREIGN KEY (case_id) REFERENCES public.test_cases(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.case_shared_steps
    ADD CONSTRAINT case_shared_steps_set_id_shared_step_sets_id_fk FOREIGN KEY (set_id) REFERENCES public.shared_step_sets(id);
--> statement-breakpoint
ALTER TABLE ONLY public.case_unrun_results
    ADD CONSTRAINT case_unrun_results_case_id_test_cases_id_fk FOREIGN KEY (case_id) REFERENCES public.test_cases(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.case_versions
    ADD CONSTRAINT case_versions_case_id_test_cases_id_fk FOREIGN KEY (case_id) REFERENCES public.test_cases(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.configuration_groups
    ADD CONSTRAINT configuration_groups_project_id_projects_id_fk FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.configurations
    ADD CONSTRAINT configurations_group_id_configuration_groups_id_fk FOREIGN KEY (group_id) REFERENCES public.configuration_groups(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.cycle_configurations
    ADD CONSTRAINT cycle_configurations_configuration_id_configurations_id_fk FOREIGN KEY (configuration_id) REFERENCES public.configurations(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.cycle_configurations
    ADD CONSTRAINT cycle_configurations_cycle_id_test_cycles_id_fk FOREIGN KEY (cycle_id) REFERENCES public.test_cycles(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.cycle_counts
    ADD CONSTRAINT cycle_counts_cycle_id_test_cycles_id_fk FOREIGN KEY (cycle_id) REFERENCES public.test_cycles(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.cycle_items
    ADD CONSTRAINT cycle_items_assignee_id_users_id_fk FOREIGN KEY (assignee_id) REFERENCES public.users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.cycle_items
    ADD CONSTRAINT cycle_items_case_id_test_cases_id_fk FOREIGN KEY (case_id) REFERENCES public.test_cases(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.cycle_items
    ADD CONSTRAINT cycle_items_cycle_id_test_cycles_id_fk FOREIGN KEY (cycle_id) REFERENCES public.test_cycles(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.cycle_results
    ADD CONSTRAINT cycle_results_item_id_cycle_items_id_fk FOREIGN KEY (item_id) REFERENCES public.cycle_items(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.cycle_results
    ADD CONSTRAINT cycle_results_run_id_test_runs_id_fk FOREIGN KEY (run_id) REFERENCES public.test_runs(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.defect_links
    ADD CONSTRAINT defect_links_case_id_test_cases_id_fk FOREIGN KEY (case_id) REFERENCES public.test_cases(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.defect_links
    ADD CONSTRAINT defect_links_cycle_id_test_cycles_id_fk FOREIGN KEY (cycle_id) REFERENCES public.test_cycles(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.defect_links
    ADD CONSTRAINT defect_links_item_id_cycle_items_id_fk FOREIGN KEY (item_id) REFERENCES public.cycle_items(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.defect_links
    ADD CONSTRAINT defect_links_project_id_projects_id_fk FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.defect_links
    ADD CONSTRAINT defect_links_result_id_cycle_results_id_fk FOREIGN KEY (result_id) REFERENCES public.cycle_results(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.milestones
    ADD CONSTRAINT milestones_parent_id_milestones_id_fk FOREIGN KEY (parent_id) REFERENCES public.milestones(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.milestones
    ADD CONSTRAINT milestones_project_id_projects_id_fk FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.project_flaky_settings
    ADD CONSTRAINT project_flaky_settings_project_id_projects_id_fk FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.project_members
    ADD CONSTRAINT project_members_project_id_projects_id_fk FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.project_members
    ADD CONSTRAINT project_members_role_id_roles_id_fk FOREIGN KEY (role_id) REFERENCES public.roles(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.project_members
    ADD CONSTRAINT project_members_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.project_stats
    ADD CONSTRAINT project_stats_project_id_projects_id_fk FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.project_tags
    ADD CONSTRAINT project_tags_project_id_projects_id_fk FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.project_trackers
    ADD CONSTRAINT project_trackers_project_id_projects_id_fk FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.projects
    ADD CONSTRAINT projects_created_by_users_id_fk FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.requirement_cases
    ADD CONSTRAINT requirement_cases_case_id_test_cases_id_fk FOREIGN KEY (case_id) REFERENCES public.test_cases(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.requirement_cases
    ADD CONSTRAINT requirement_cases_project_id_projects_id_fk FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.requirement_cases
    ADD CONSTRAINT requirement_cases_requirement_id_requirements_id_fk FOREIGN KEY (requirement_id) REFERENCES public.requirements(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.requirement_counters
    ADD CONSTRAINT requirement_counters_project_id_projects_id_fk FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.requirement_versions
    ADD CONSTRAINT requirement_versions_requirement_id_requirements_id_fk FOREIGN KEY (requirement_id) REFERENCES public.requirements(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.requirements
    ADD CONSTRAINT requirements_parent_id_requirements_id_fk FOREIGN KEY (parent_id) REFERENCES public.requirements(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.requirements
    ADD CONSTRAINT requirements_project_id_projects_id_fk FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.role_permissions
    ADD CONSTRAINT role_permissions_permission_id_permissions_id_fk FOREIGN KEY (permission_id) REFERENCES public.permissions(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.role_permissions
    ADD CONSTRAINT role_permissions_role_id_roles_id_fk FOREIGN KEY (role_id) REFERENCES public.roles(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.saved_searches
    ADD CONSTRAINT saved_searches_project_id_projects_id_fk FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.saved_searches
    ADD CONSTRAINT saved_searches_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.shared_step_sets
    ADD CONSTRAINT shared_step_sets_project_id_projects_id_fk FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.shared_step_versions
    ADD CONSTRAINT shared_step_versions_set_id_shared_step_sets_id_fk FOREIGN KEY (set_id) REFERENCES public.shared_step_sets(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.suites
    ADD CONSTRAINT suites_project_id_projects_id_fk FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.test_cases
    ADD CONSTRAINT test_cases_parent_id_test_cases_id_fk FOREIGN KEY (parent_id) REFERENCES public.test_cases(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.test_cases
    ADD CONSTRAINT test_cases_project_id_projects_id_fk FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.test_cases
    ADD CONSTRAINT test_cases_suite_id_suites_id_fk FOREIGN KEY (suite_id) REFERENCES public.suites(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.test_cycles
    ADD CONSTRAINT test_cycles_milestone_id_milestones_id_fk FOREIGN KEY (milestone_id) REFERENCES public.milestones(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.test_cycles
    ADD CONSTRAINT test_cycles_plan_entry_id_test_plan_entries_id_fk FOREIGN KEY (plan_entry_id) REFERENCES public.test_plan_entries(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.test_cycles
    ADD CONSTRAINT test_cycles_plan_id_test_plans_id_fk FOREIGN KEY (plan_id) REFERENCES public.test_plans(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.test_cycles
    ADD CONSTRAINT test_cycles_project_id_projects_id_fk FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.test_plan_entries
    ADD CONSTRAINT test_plan_entries_assignee_id_users_id_fk FOREIGN KEY (assignee_id) REFERENCES public.users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.test_plan_entries
    ADD CONSTRAINT test_plan_entries_plan_id_test_plans_id_fk FOREIGN KEY (plan_id) REFERENCES public.test_plans(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.test_plans
    ADD CONSTRAINT test_plans_milestone_id_milestones_id_fk FOREIGN KEY (milestone_id) REFERENCES public.milestones(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.test_plans
    ADD CONSTRAINT test_plans_project_id_projects_id_fk FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.test_runs
    ADD CONSTRAINT test_runs_case_id_test_cases_id_fk FOREIGN KEY (case_id) REFERENCES public.test_cases(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.test_runs
    ADD CONSTRAINT test_runs_project_id_projects_id_fk FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.user_roles
    ADD CONSTRAINT user_roles_role_id_roles_id_fk FOREIGN KEY (role_id) REFERENCES public.roles(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.user_roles
    ADD CONSTRAINT user_roles_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_account_id_users_id_fk FOREIGN KEY (account_id) REFERENCES public.users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_parent_id_users_id_fk FOREIGN KEY (parent_id) REFERENCES public.users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.webhook_deliveries
    ADD CONSTRAINT webhook_deliveries_webhook_id_webhooks_id_fk FOREIGN KEY (webhook_id) REFERENCES public.webhooks(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.webhooks
    ADD CONSTRAINT webhooks_project_id_projects_id_fk FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
