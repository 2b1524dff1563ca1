-- test_cases.latest_run_status = the status of the case's run with the highest id, or null.
-- Statement-level triggers (one pass per statement, so an import of 20,000 runs or a cascading
-- delete costs one UPDATE). They are named case_latest_run_* so that, on the same statement,
-- they fire before project_stats_run_* (triggers fire in name order): a statement that records
-- runs reaches the case rows before the counters row, the top-down lock order of
-- modules/projects/row-locks.ts.
CREATE FUNCTION case_latest_run_on_run_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT case_id) INTO affected FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT case_id) INTO affected FROM old_rows;
  ELSE
    -- Only a changed status (or, defensively, a run moved to another case) matters.
    SELECT array_agg(DISTINCT x.case_id) INTO affected
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.case_id), (o.case_id)) AS x(case_id)
      WHERE n.status IS DISTINCT FROM o.status OR n.case_id <> o.case_id;
  END IF;
  IF affected IS NULL THEN
    RETURN NULL;
  END IF;
  -- Lock the cases first (in id order, so two statements never wait on each other in a cycle),
  -- then compute in a new statement: under READ COMMITTED its snapshot includes every run write
  -- on these cases that committed while we waited, so a concurrent writer's later run is never
  -- overwritten by a stale answer. Cases deleted by this very statement are simply not found.
  PERFORM 1 FROM test_cases WHERE id = ANY (affected) ORDER BY id FOR NO KEY UPDATE;
  UPDATE test_cases c
    SET latest_run_status = l.status
    FROM (
      SELECT a.id,
        (SELECT r.status FROM test_runs r WHERE r.case_id = a.id ORDER BY r.id DESC LIMIT 1) AS status
      FROM unnest(affected) AS a(id)
    ) l
    WHERE c.id = l.id AND c.latest_run_status IS DISTINCT FROM l.status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER case_latest_run_insert AFTER INSERT ON test_runs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION case_latest_run_on_run_change();
--> statement-breakpoint
CREATE TRIGGER case_latest_run_update AFTER UPDATE ON test_runs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION case_latest_run_on_run_change();
--> statement-breakpoint
CREATE TRIGGER case_latest_run_delete AFTER DELETE ON test_runs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION case_latest_run_on_run_change();
--> statement-breakpoint
-- Existing data: one pass, newest run per case via the (case_id, id) index.
UPDATE test_cases c
  SET latest_run_status = l.status
  FROM (SELECT DISTINCT ON (case_id) case_id, status FROM test_runs ORDER BY case_id, id DESC) l
  WHERE c.id = l.case_id;
