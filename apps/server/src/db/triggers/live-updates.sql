-- Live updates (decision 124, docs/product/cycles.md, "Live"): every statement that records,
-- changes or deletes runs, or changes a cycle or its items, tells every server instance on
-- commit, through NOTIFY verdict_changes, which projects (and cycles) changed; each instance
-- passes it on to the signed-in users who see them.
--
-- Keeps:     no table; sends NOTIFY verdict_changes.
-- Tables:    fire on test_runs (modules/runs), test_cycles and cycle_items (modules/cycles).
-- Owner:     modules/live (live-hub.ts listens).
-- Proved by: test/live.test.ts › "tells who sees the project of a recorded result, at once; cycles
--            only to who may see them", "a result recorded through one instance reaches a stream
--            of the other" (PostgreSQL server only).

-- A payload past NOTIFY's 8,000 bytes drops its cycle list (7,000 leaves room for the rest).
CREATE OR REPLACE FUNCTION verdict_notify_change(kind text, projects json, cycles json) RETURNS void LANGUAGE plpgsql AS $$
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
CREATE OR REPLACE FUNCTION verdict_runs_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM verdict_notify_change('runs', (SELECT json_agg(DISTINCT project_id) FROM old_rows), NULL);
  ELSE
    PERFORM verdict_notify_change('runs', (SELECT json_agg(DISTINCT project_id) FROM new_rows), NULL);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION verdict_cycle_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE OR REPLACE FUNCTION verdict_cycles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE OR REPLACE TRIGGER verdict_runs_insert AFTER INSERT ON test_runs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdict_runs_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER verdict_runs_update AFTER UPDATE ON test_runs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdict_runs_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER verdict_runs_delete AFTER DELETE ON test_runs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION verdict_runs_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER verdict_cycle_items_insert AFTER INSERT ON cycle_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdict_cycle_items_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER verdict_cycle_items_update AFTER UPDATE ON cycle_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdict_cycle_items_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER verdict_cycle_items_delete AFTER DELETE ON cycle_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION verdict_cycle_items_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER verdict_cycles_update AFTER UPDATE ON test_cycles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdict_cycles_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER verdict_cycles_delete AFTER DELETE ON test_cycles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION verdict_cycles_changed();
