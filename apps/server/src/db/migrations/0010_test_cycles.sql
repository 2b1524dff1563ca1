CREATE TABLE "cycle_counts" (
	"cycle_id" integer PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"untested" integer DEFAULT 0 NOT NULL,
	"passed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"blocked" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cycle_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"cycle_id" integer NOT NULL,
	"case_id" integer NOT NULL,
	"state" text DEFAULT 'untested' NOT NULL,
	"assignee_id" integer,
	"results" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cycle_items_state_check" CHECK ("cycle_items"."state" in ('untested', 'passed', 'failed', 'blocked', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "cycle_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"state" text NOT NULL,
	"comment" text,
	"elapsed_ms" integer,
	"run_id" integer,
	"executed_by" integer,
	"failure_message" text,
	"failure_type" text,
	"failure_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cycle_results_state_check" CHECK ("cycle_results"."state" in ('passed', 'failed', 'blocked', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "test_cycles" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"milestone" text,
	"environment" text,
	"state" text DEFAULT 'open' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"branch" text,
	"commit" text,
	"build_url" text,
	"build_number" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "test_cycles_state_check" CHECK ("test_cycles"."state" in ('open', 'closed')),
	CONSTRAINT "test_cycles_source_check" CHECK ("test_cycles"."source" in ('manual', 'import'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_type_check";--> statement-breakpoint
ALTER TABLE "cycle_counts" ADD CONSTRAINT "cycle_counts_cycle_id_test_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."test_cycles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_items" ADD CONSTRAINT "cycle_items_cycle_id_test_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."test_cycles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_items" ADD CONSTRAINT "cycle_items_case_id_test_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_items" ADD CONSTRAINT "cycle_items_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_results" ADD CONSTRAINT "cycle_results_item_id_cycle_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."cycle_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_results" ADD CONSTRAINT "cycle_results_run_id_test_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."test_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_cycles" ADD CONSTRAINT "test_cycles_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cycle_items_cycle_case_idx" ON "cycle_items" USING btree ("cycle_id","case_id");--> statement-breakpoint
CREATE INDEX "cycle_items_cycle_idx" ON "cycle_items" USING btree ("cycle_id","id");--> statement-breakpoint
CREATE INDEX "cycle_items_case_idx" ON "cycle_items" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "cycle_items_assignee_idx" ON "cycle_items" USING btree ("assignee_id","id");--> statement-breakpoint
CREATE INDEX "cycle_results_item_idx" ON "cycle_results" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "cycle_results_run_idx" ON "cycle_results" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "test_cycles_project_idx" ON "test_cycles" USING btree ("project_id","id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_type_check" CHECK ("audit_log"."entity_type" in ('user', 'sub_user', 'role', 'permission', 'project', 'member', 'suite', 'case', 'run', 'session', 'cycle'));--> statement-breakpoint
-- Every cycle has its counts row from the start (docs/product/cycles.md).
CREATE FUNCTION cycle_counts_on_cycle_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO cycle_counts (cycle_id) SELECT id FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cycle_counts_cycle_insert AFTER INSERT ON test_cycles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cycle_counts_on_cycle_insert();
--> statement-breakpoint
-- The counts follow the items: one pass per statement (creating a cycle of 10,000 cases, a
-- bulk assign or a case delete that takes items with it costs one update per cycle).
CREATE FUNCTION apply_cycle_count_deltas(cycle_ids integer[], states text[], deltas integer[])
RETURNS void LANGUAGE sql AS $$
  UPDATE cycle_counts c SET
    total = c.total + s.total, untested = c.untested + s.untested, passed = c.passed + s.passed,
    failed = c.failed + s.failed, blocked = c.blocked + s.blocked, skipped = c.skipped + s.skipped
  FROM (
    SELECT cycle_id,
      sum(n)::int AS total,
      coalesce(sum(n) FILTER (WHERE state = 'untested'), 0)::int AS untested,
      coalesce(sum(n) FILTER (WHERE state = 'passed'), 0)::int AS passed,
      coalesce(sum(n) FILTER (WHERE state = 'failed'), 0)::int AS failed,
      coalesce(sum(n) FILTER (WHERE state = 'blocked'), 0)::int AS blocked,
      coalesce(sum(n) FILTER (WHERE state = 'skipped'), 0)::int AS skipped
    FROM unnest(cycle_ids, states, deltas) AS d(cycle_id, state, n)
    GROUP BY cycle_id ORDER BY cycle_id
  ) s
  WHERE c.cycle_id = s.cycle_id
    AND (s.total, s.untested, s.passed, s.failed, s.blocked, s.skipped) <> (0, 0, 0, 0, 0, 0)
$$;
--> statement-breakpoint
CREATE FUNCTION cycle_counts_on_item_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM apply_cycle_count_deltas(array_agg(cycle_id), array_agg(state), array_agg(1)) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM apply_cycle_count_deltas(array_agg(cycle_id), array_agg(state), array_agg(-1)) FROM old_rows;
  ELSE
    PERFORM apply_cycle_count_deltas(array_agg(d.cycle_id), array_agg(d.state), array_agg(d.n))
      FROM (
        SELECT n.cycle_id, n.state, 1 AS n FROM new_rows n JOIN old_rows o ON o.id = n.id
          WHERE n.state <> o.state OR n.cycle_id <> o.cycle_id
        UNION ALL
        SELECT o.cycle_id, o.state, -1 FROM new_rows n JOIN old_rows o ON o.id = n.id
          WHERE n.state <> o.state OR n.cycle_id <> o.cycle_id
      ) d;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cycle_counts_item_insert AFTER INSERT ON cycle_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cycle_counts_on_item_change();
--> statement-breakpoint
CREATE TRIGGER cycle_counts_item_update AFTER UPDATE ON cycle_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cycle_counts_on_item_change();
--> statement-breakpoint
CREATE TRIGGER cycle_counts_item_delete AFTER DELETE ON cycle_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cycle_counts_on_item_change();
--> statement-breakpoint
-- Live updates (docs/product/cycles.md, "Live"): every statement that records, changes or deletes
-- runs, or changes a cycle or its items, tells every server instance on commit, through NOTIFY
-- verdict_changes, which projects (and cycles) changed; each instance passes it on to the signed-in
-- users who see them (modules/live). A payload past NOTIFY's 8,000 bytes drops its cycle list.
CREATE FUNCTION verdict_notify_change(kind text, projects json, cycles json) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  IF projects IS NULL THEN
    RETURN;
  END IF;
  payload := json_build_object('kind', kind, 'projects', projects, 'cycles', cycles)::text;
  IF length(payload) > 7000 THEN
    payload := json_build_object('kind', kind, 'projects', projects, 'cycles', NULL)::text;
  END IF;
  IF length(payload) <= 7000 THEN
    PERFORM pg_notify('verdict_changes', payload);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION verdict_runs_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM verdict_notify_change('runs', (SELECT json_agg(DISTINCT project_id) FROM old_rows), NULL);
  ELSE
    PERFORM verdict_notify_change('runs', (SELECT json_agg(DISTINCT project_id) FROM new_rows), NULL);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER verdict_runs_insert AFTER INSERT ON test_runs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdict_runs_changed();
--> statement-breakpoint
CREATE TRIGGER verdict_runs_update AFTER UPDATE ON test_runs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdict_runs_changed();
--> statement-breakpoint
CREATE TRIGGER verdict_runs_delete AFTER DELETE ON test_runs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION verdict_runs_changed();
--> statement-breakpoint
CREATE FUNCTION verdict_cycle_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT cycle_id) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT cycle_id) INTO ids FROM new_rows;
  END IF;
  -- Items deleted with their cycle find it gone; the cycle's own trigger tells of it.
  PERFORM verdict_notify_change('cycles',
    (SELECT json_agg(DISTINCT project_id) FROM test_cycles WHERE id = ANY (ids)), to_json(ids));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER verdict_cycle_items_insert AFTER INSERT ON cycle_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdict_cycle_items_changed();
--> statement-breakpoint
CREATE TRIGGER verdict_cycle_items_update AFTER UPDATE ON cycle_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdict_cycle_items_changed();
--> statement-breakpoint
CREATE TRIGGER verdict_cycle_items_delete AFTER DELETE ON cycle_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION verdict_cycle_items_changed();
--> statement-breakpoint
CREATE FUNCTION verdict_cycles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM verdict_notify_change('cycles', (SELECT json_agg(DISTINCT project_id) FROM old_rows),
      (SELECT json_agg(id) FROM old_rows));
  ELSE
    PERFORM verdict_notify_change('cycles', (SELECT json_agg(DISTINCT project_id) FROM new_rows),
      (SELECT json_agg(id) FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER verdict_cycles_update AFTER UPDATE ON test_cycles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdict_cycles_changed();
--> statement-breakpoint
CREATE TRIGGER verdict_cycles_delete AFTER DELETE ON test_cycles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION verdict_cycles_changed();
--> statement-breakpoint
-- Locks the items a batch of results goes to (modules/cycles), top-down as every write does
-- (db/row-locks.ts): projects (key share), cycles (share: a close waits), cases (their runs'
-- trigger rewrites them), items, each in id order; in one call, so a batch costs one round trip
-- for its locks. Answers the items still there, with their cycle's state.
CREATE FUNCTION lock_cycle_items(item_ids integer[])
RETURNS TABLE (id integer, cycle_id integer, case_id integer, project_id integer, cycle_state text)
LANGUAGE plpgsql AS $$
DECLARE
  v_projects integer[];
  v_cycles integer[];
  v_cases integer[];
  v_items integer[];
BEGIN
  SELECT array_agg(DISTINCT y.project_id), array_agg(DISTINCT i.cycle_id), array_agg(DISTINCT i.case_id),
      array_agg(i.id)
    INTO v_projects, v_cycles, v_cases, v_items
    FROM cycle_items i JOIN test_cycles y ON y.id = i.cycle_id WHERE i.id = ANY (item_ids);
  PERFORM 1 FROM projects p WHERE p.id = ANY (v_projects) ORDER BY p.id FOR KEY SHARE;
  PERFORM 1 FROM test_cycles y WHERE y.id = ANY (v_cycles) ORDER BY y.id FOR SHARE;
  PERFORM 1 FROM test_cases c WHERE c.id = ANY (v_cases) ORDER BY c.id FOR NO KEY UPDATE;
  PERFORM 1 FROM cycle_items i WHERE i.id = ANY (v_items) ORDER BY i.id FOR NO KEY UPDATE;
  RETURN QUERY
    SELECT i.id, i.cycle_id, i.case_id, y.project_id, y.state
    FROM cycle_items i JOIN test_cycles y ON y.id = i.cycle_id
    WHERE i.id = ANY (v_items);
END $$;
