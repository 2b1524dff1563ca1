-- A case's latest run status (decision 072, docs/product/search.md): test_cases.latest_run_status
-- is the status of the case's run with the highest id, or null; case_run_states holds the cases
-- that ran with that status, a narrow table that `status:` terms and the roll-up walks start from
-- without reading every case (an index on latest_run_status would make each recorded run rewrite
-- every index of test_cases).
--
-- Keeps:     test_cases.latest_run_status, case_run_states.
-- Tables:    fire on test_runs (modules/runs); write test_cases and case_run_states.
-- Owner:     modules/cases (test_cases, case_run_states; modules/search reads case_run_states).
-- Proved by: test/rollup.test.ts › "a case's status" and "statuses kept by the database";
--            test/search.test.ts › "follows runs as they are recorded, edited and deleted
--            (status: and rollup:)".
--
-- Statement-level: an import of 20,000 runs or a cascading delete costs one UPDATE. Named
-- case_latest_run_* so that, on one statement, they fire before project_stats_run_* (name order):
-- a statement that records runs reaches the case rows before the counters row, the top-down lock
-- order of db/row-locks.ts.

-- On an update only a changed status (or, defensively, a run moved to another case) matters. The
-- cases are locked first, in id order (two statements never wait on each other in a cycle), and
-- the status computed in a new statement: under READ COMMITTED its snapshot includes every run
-- write on these cases that committed while it waited, so a concurrent writer's later run is never
-- overwritten by a stale answer. Cases deleted by this very statement are simply not found. Then
-- the same cases' rows in case_run_states, in id order.
CREATE OR REPLACE FUNCTION case_latest_run_on_run_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT case_id) INTO affected FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT case_id) INTO affected FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT x.case_id) INTO affected
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.case_id), (o.case_id)) AS x(case_id)
      WHERE n.status IS DISTINCT FROM o.status OR n.case_id <> o.case_id;
  END IF;
  IF affected IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM test_cases WHERE id = ANY (affected) ORDER BY id FOR NO KEY UPDATE;
  UPDATE test_cases c
    SET latest_run_status = l.status
    FROM (
      SELECT a.id,
        (SELECT r.status FROM test_runs r WHERE r.case_id = a.id ORDER BY r.id DESC LIMIT 1) AS status
      FROM unnest(affected) AS a(id)
    ) l
    WHERE c.id = l.id AND c.latest_run_status IS DISTINCT FROM l.status;
  DELETE FROM case_run_states s
    WHERE s.case_id = ANY (affected)
      AND NOT EXISTS (SELECT 1 FROM test_cases c WHERE c.id = s.case_id AND c.latest_run_status IS NOT NULL);
  INSERT INTO case_run_states AS s (case_id, project_id, status)
    SELECT c.id, c.project_id, c.latest_run_status FROM test_cases c
    WHERE c.id = ANY (affected) AND c.latest_run_status IS NOT NULL
    ORDER BY c.id
  ON CONFLICT (case_id) DO UPDATE SET status = excluded.status WHERE s.status <> excluded.status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER case_latest_run_insert AFTER INSERT ON test_runs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION case_latest_run_on_run_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER case_latest_run_update AFTER UPDATE ON test_runs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION case_latest_run_on_run_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER case_latest_run_delete AFTER DELETE ON test_runs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION case_latest_run_on_run_change();
