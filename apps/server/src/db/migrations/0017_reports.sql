CREATE TABLE "case_result_stats" (
	"case_id" integer NOT NULL,
	"branch" text NOT NULL,
	"project_id" integer NOT NULL,
	"results" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"timed" integer DEFAULT 0 NOT NULL,
	"duration_sum" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "case_result_stats_case_id_branch_pk" PRIMARY KEY("case_id","branch")
);
--> statement-breakpoint
CREATE TABLE "case_result_totals" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"results" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"timed" integer DEFAULT 0 NOT NULL,
	"duration_sum" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cycle_counts" ADD COLUMN "duration_ms" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cycle_counts" ADD COLUMN "flaky_count" integer;--> statement-breakpoint
ALTER TABLE "cycle_items" ADD COLUMN "elapsed_ms" integer;--> statement-breakpoint
ALTER TABLE "case_result_stats" ADD CONSTRAINT "case_result_stats_case_id_test_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_result_totals" ADD CONSTRAINT "case_result_totals_case_id_test_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_result_stats_project_idx" ON "case_result_stats" USING btree ("project_id","branch");--> statement-breakpoint
CREATE INDEX "case_result_totals_project_idx" ON "case_result_totals" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "test_cycles_branch_idx" ON "test_cycles" USING btree ("project_id",coalesce("branch", ''),"id");--> statement-breakpoint
-- Reports (docs/product/reports.md). First the figures of the history already recorded: each
-- item's latest duration, each cycle's duration, and each case's results per branch. (The flaky
-- count per import starts with the next import: the past windows are not kept.)
UPDATE cycle_items i SET elapsed_ms = (
  SELECT r.elapsed_ms FROM cycle_results r WHERE r.item_id = i.id ORDER BY r.id DESC LIMIT 1)
WHERE i.results > 0;
--> statement-breakpoint
UPDATE cycle_counts k SET duration_ms = d.ms
FROM (SELECT cycle_id, sum(elapsed_ms) AS ms FROM cycle_items WHERE elapsed_ms IS NOT NULL GROUP BY cycle_id) d
WHERE k.cycle_id = d.cycle_id;
--> statement-breakpoint
INSERT INTO case_result_stats (case_id, branch, project_id, results, failures, timed, duration_sum)
SELECT i.case_id, coalesce(y.branch, ''), y.project_id, count(*),
    count(*) FILTER (WHERE r.state = 'failed'), count(r.elapsed_ms), coalesce(sum(r.elapsed_ms), 0)
  FROM cycle_results r
    JOIN cycle_items i ON i.id = r.item_id
    JOIN test_cycles y ON y.id = i.cycle_id
  WHERE r.state IN ('passed', 'failed')
  GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO case_result_totals (case_id, project_id, results, failures, timed, duration_sum)
SELECT case_id, min(project_id), sum(results), sum(failures), sum(timed), sum(duration_sum)
  FROM case_result_stats GROUP BY case_id;
--> statement-breakpoint
-- The cycle counts now carry the duration too: a delta per item of its state and its latest
-- duration, still one update per cycle a statement touches.
CREATE FUNCTION apply_cycle_count_deltas(cycle_ids integer[], states text[], deltas integer[], durations bigint[])
RETURNS void LANGUAGE sql AS $$
  UPDATE cycle_counts c SET
    total = c.total + s.total, untested = c.untested + s.untested, passed = c.passed + s.passed,
    failed = c.failed + s.failed, blocked = c.blocked + s.blocked, skipped = c.skipped + s.skipped,
    duration_ms = c.duration_ms + s.duration_ms
  FROM (
    SELECT cycle_id,
      sum(n)::int AS total,
      coalesce(sum(n) FILTER (WHERE state = 'untested'), 0)::int AS untested,
      coalesce(sum(n) FILTER (WHERE state = 'passed'), 0)::int AS passed,
      coalesce(sum(n) FILTER (WHERE state = 'failed'), 0)::int AS failed,
      coalesce(sum(n) FILTER (WHERE state = 'blocked'), 0)::int AS blocked,
      coalesce(sum(n) FILTER (WHERE state = 'skipped'), 0)::int AS skipped,
      coalesce(sum(ms), 0)::bigint AS duration_ms
    FROM unnest(cycle_ids, states, deltas, durations) AS d(cycle_id, state, n, ms)
    GROUP BY cycle_id ORDER BY cycle_id
  ) s
  WHERE c.cycle_id = s.cycle_id
    AND (s.total, s.untested, s.passed, s.failed, s.blocked, s.skipped, s.duration_ms) <> (0, 0, 0, 0, 0, 0, 0)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cycle_counts_on_item_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM apply_cycle_count_deltas(array_agg(cycle_id), array_agg(state), array_agg(1),
      array_agg(coalesce(elapsed_ms, 0)::bigint)) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM apply_cycle_count_deltas(array_agg(cycle_id), array_agg(state), array_agg(-1),
      array_agg(-coalesce(elapsed_ms, 0)::bigint)) FROM old_rows;
  ELSE
    PERFORM apply_cycle_count_deltas(array_agg(d.cycle_id), array_agg(d.state), array_agg(d.n), array_agg(d.ms))
      FROM (
        SELECT n.cycle_id, n.state, 1 AS n, coalesce(n.elapsed_ms, 0)::bigint AS ms
          FROM new_rows n JOIN old_rows o ON o.id = n.id
          WHERE n.state <> o.state OR n.cycle_id <> o.cycle_id OR n.elapsed_ms IS DISTINCT FROM o.elapsed_ms
        UNION ALL
        SELECT o.cycle_id, o.state, -1, -coalesce(o.elapsed_ms, 0)::bigint
          FROM new_rows n JOIN old_rows o ON o.id = n.id
          WHERE n.state <> o.state OR n.cycle_id <> o.cycle_id OR n.elapsed_ms IS DISTINCT FROM o.elapsed_ms
      ) d;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP FUNCTION apply_cycle_count_deltas(integer[], text[], integer[]);
--> statement-breakpoint
-- Once per statement that records results: each case's passed and failed results are added to
-- its row on the cycle's branch and to its row over every branch, in case order (one lock order
-- for every writer).
CREATE FUNCTION case_result_stats_on_results() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER case_result_stats_results_insert AFTER INSERT ON cycle_results
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION case_result_stats_on_results();
--> statement-breakpoint
-- Deleting a cycle takes its results out of the figures (before its items and results go). When
-- the project itself is being deleted, its cases take their rows with them: nothing to do.
CREATE FUNCTION case_result_stats_on_cycle_delete() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER case_result_stats_cycle_delete BEFORE DELETE ON test_cycles
  FOR EACH ROW EXECUTE FUNCTION case_result_stats_on_cycle_delete();
