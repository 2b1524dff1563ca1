-- src/db/triggers/case-unrun-results.sql
-- A case's latest result when it records no run (decision 223, docs/product/requirements.md,
-- "Coverage"): a blocked, skipped or retest result of a cycle or an import records no test run, so
-- case_run_states cannot tell that it came last. case_unrun_results holds, for each case whose
-- latest result is such a one, that result; a run recorded later takes the case out. With
-- case_run_states it answers every case's latest result from any source without reading results.
--
-- Keeps:     case_unrun_results.
-- Tables:    fire on cycle_results (modules/cycles) and test_runs (modules/runs); read
--            cycle_items and test_cycles (modules/cycles). Write case_unrun_results.
-- Owner:     modules/cases (modules/requirements reads it for coverage).
-- Proved by: test/requirements.test.ts › "a blocked or skipped result after the latest run sets
--            the coverage without a scope, until a run or an undo changes it".
--
-- Statement-level. Rows are locked in case order before they change (one lock order for every
-- writer).

-- The cases' rows made again from their results: the latest result without a run that is newer
-- than the case's latest run, if any. Run after a delete, which may uncover an older result.
CREATE OR REPLACE FUNCTION case_unrun_results_recompute(case_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM case_unrun_results WHERE case_id = ANY (case_ids) ORDER BY case_id FOR UPDATE;
  DELETE FROM case_unrun_results WHERE case_id = ANY (case_ids);
  INSERT INTO case_unrun_results (case_id, project_id, state, result_id, at)
    SELECT DISTINCT ON (i.case_id) i.case_id, y.project_id, r.state, r.id, r.created_at
    FROM cycle_items i
      JOIN cycle_results r ON r.item_id = i.id
      JOIN test_cycles y ON y.id = i.cycle_id
    WHERE i.case_id = ANY (case_ids) AND r.state IN ('blocked', 'skipped', 'retest')
      AND r.created_at > coalesce(
        (SELECT t.created_at FROM test_runs t WHERE t.case_id = i.case_id ORDER BY t.id DESC LIMIT 1),
        '-infinity'::timestamptz)
    ORDER BY i.case_id, r.id DESC
  ON CONFLICT (case_id) DO NOTHING;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION case_unrun_results_on_results() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO case_unrun_results AS u (case_id, project_id, state, result_id, at)
      SELECT DISTINCT ON (i.case_id) i.case_id, y.project_id, r.state, r.id, r.created_at
      FROM new_rows r
        JOIN cycle_items i ON i.id = r.item_id
        JOIN test_cycles y ON y.id = i.cycle_id
      WHERE r.state IN ('blocked', 'skipped', 'retest')
      ORDER BY i.case_id, r.id DESC
    ON CONFLICT (case_id) DO UPDATE
      SET state = excluded.state, result_id = excluded.result_id, at = excluded.at
      WHERE u.result_id < excluded.result_id;
    RETURN NULL;
  END IF;
  SELECT array_agg(u.case_id) INTO affected
    FROM case_unrun_results u WHERE u.result_id IN (SELECT id FROM old_rows);
  IF affected IS NOT NULL THEN
    PERFORM case_unrun_results_recompute(affected);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A run is newer than any result before it: its cases leave the table. A deleted run may uncover
-- an older result without a run: its cases are made again.
CREATE OR REPLACE FUNCTION case_unrun_results_on_runs() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT n.case_id) INTO affected
      FROM new_rows n WHERE EXISTS (SELECT 1 FROM case_unrun_results u WHERE u.case_id = n.case_id);
    IF affected IS NOT NULL THEN
      PERFORM 1 FROM case_unrun_results WHERE case_id = ANY (affected) ORDER BY case_id FOR UPDATE;
      DELETE FROM case_unrun_results WHERE case_id = ANY (affected);
    END IF;
    RETURN NULL;
  END IF;
  SELECT array_agg(DISTINCT o.case_id) INTO affected
    FROM old_rows o
    WHERE EXISTS (
      SELECT 1 FROM cycle_items i JOIN cycle_results r ON r.item_id = i.id
      WHERE i.case_id = o.case_id AND r.state IN ('blocked', 'skipped', 'retest'));
  IF affected IS NOT NULL THEN
    PERFORM case_unrun_results_recompute(affected);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER case_unrun_results_results_insert AFTER INSERT ON cycle_results
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION case_unrun_results_on_results();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER case_unrun_results_results_delete AFTER DELETE ON cycle_results
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION case_unrun_results_on_results();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER case_unrun_results_runs_insert AFTER INSERT ON test_runs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION case_unrun_results_on_runs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER case_unrun_results_runs_delete AFTER DELETE ON test_runs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION case_unrun_results_on_runs();
--> statement-breakpoint
-- The cases that already have a result without a run newer than their latest run.
SELECT case_unrun_results_recompute(array(
  SELECT DISTINCT i.case_id FROM cycle_items i JOIN cycle_results r ON r.item_id = i.id
  WHERE r.state IN ('blocked', 'skipped', 'retest')));
