-- Result figures of the reports (docs/product/reports.md): per case and branch, and per case over
-- every branch, how many passed and failed results it has, how many failed, how many were timed
-- and their total duration.
--
-- Keeps:     case_result_stats, case_result_totals.
-- Tables:    fire on cycle_results and test_cycles (modules/cycles); write case_result_stats and
--            case_result_totals.
-- Owner:     modules/reports.
-- Proved by: test/reports.test.ts › "ranks the slowest tests by mean duration and the most failing
--            by failures, per branch", "takes a deleted cycle out of every report".

-- Once per statement that records results: each case's passed and failed results are added to its
-- row on the cycle's branch and to its row over every branch, in case order (one lock order for
-- every writer).
CREATE OR REPLACE FUNCTION case_result_stats_on_results() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH fresh AS (
    SELECT i.case_id, coalesce(y.branch, '') AS branch, y.project_id, count(*) AS results,
        count(*) FILTER (WHERE r.state = 'failed') AS failures, count(r.elapsed_ms) AS timed,
        coalesce(sum(r.elapsed_ms), 0) AS duration_sum
      FROM new_rows r
        JOIN cycle_items i ON i.id = r.item_id
        JOIN test_cycles y ON y.id = i.cycle_id
      WHERE r.state IN ('passed', 'failed')
      GROUP BY 1, 2, 3
  ), per_branch AS (
    INSERT INTO case_result_stats AS s (case_id, branch, project_id, results, failures, timed, duration_sum)
      SELECT * FROM fresh ORDER BY case_id, branch
      ON CONFLICT (case_id, branch) DO UPDATE SET
        results = s.results + excluded.results, failures = s.failures + excluded.failures,
        timed = s.timed + excluded.timed, duration_sum = s.duration_sum + excluded.duration_sum
  )
  INSERT INTO case_result_totals AS s (case_id, project_id, results, failures, timed, duration_sum)
    SELECT case_id, min(project_id), sum(results), sum(failures), sum(timed), sum(duration_sum)
      FROM fresh GROUP BY case_id ORDER BY case_id
    ON CONFLICT (case_id) DO UPDATE SET
      results = s.results + excluded.results, failures = s.failures + excluded.failures,
      timed = s.timed + excluded.timed, duration_sum = s.duration_sum + excluded.duration_sum;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deleting a cycle takes its results out of the figures (before its items and results go). When
-- the project itself is being deleted, its cases take their rows with them: nothing to do.
CREATE OR REPLACE FUNCTION case_result_stats_on_cycle_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM projects WHERE id = OLD.project_id) THEN
    RETURN OLD;
  END IF;
  WITH d AS (
    SELECT i.case_id, count(*) AS results, count(*) FILTER (WHERE r.state = 'failed') AS failures,
        count(r.elapsed_ms) AS timed, coalesce(sum(r.elapsed_ms), 0) AS duration_sum
      FROM cycle_items i JOIN cycle_results r ON r.item_id = i.id
      WHERE i.cycle_id = OLD.id AND r.state IN ('passed', 'failed')
      GROUP BY 1
  ), per_branch AS (
    UPDATE case_result_stats s SET
      results = s.results - d.results, failures = s.failures - d.failures,
      timed = s.timed - d.timed, duration_sum = s.duration_sum - d.duration_sum
    FROM d WHERE s.case_id = d.case_id AND s.branch = coalesce(OLD.branch, '')
  )
  UPDATE case_result_totals s SET
    results = s.results - d.results, failures = s.failures - d.failures,
    timed = s.timed - d.timed, duration_sum = s.duration_sum - d.duration_sum
  FROM d WHERE s.case_id = d.case_id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER case_result_stats_results_insert AFTER INSERT ON cycle_results
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION case_result_stats_on_results();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER case_result_stats_cycle_delete BEFORE DELETE ON test_cycles
  FOR EACH ROW EXECUTE FUNCTION case_result_stats_on_cycle_delete();
