-- A list version per suite, next to the per-project one of 0006 (project_stats.version), so a
-- write in one suite no longer discards the kept answers of every other suite's case lists
-- (cases/case-list-cache.ts). A suite's version is bumped in the same transaction as any write
-- that changes what its lists show: a case of the suite added, edited, moved or deleted, or its
-- latest run status changed. Every case of a subtree carries its suite's id, so the lists of a
-- case's children are covered by their suite's version too.
-- A table of its own rather than a column of suites: suites rows are locked FOR UPDATE when a
-- suite is deleted, and these bumps come from triggers, always after project_stats, so keeping
-- them apart keeps one lock order (project_stats, then suite_list_versions) on every path.
CREATE TABLE "suite_list_versions" (
	"suite_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION bump_suite_list_versions(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO suite_list_versions AS v (suite_id, version)
  SELECT DISTINCT s.id, 1 FROM unnest(ids) AS s(id) WHERE s.id IS NOT NULL ORDER BY s.id
  ON CONFLICT (suite_id) DO UPDATE SET version = v.version + 1
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION project_stats_on_run_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE project_stats s
      SET passed = s.passed + d.passed, failed = s.failed + d.failed, version = s.version + 1
      FROM (SELECT project_id,
                   count(*) FILTER (WHERE status = 'passed')::int AS passed,
                   count(*) FILTER (WHERE status = 'failed')::int AS failed
              FROM new_rows GROUP BY project_id) d
      WHERE s.project_id = d.project_id;
    PERFORM bump_suite_list_versions(ARRAY(
      SELECT DISTINCT c.suite_id FROM (SELECT DISTINCT case_id FROM new_rows) r
      JOIN test_cases c ON c.id = r.case_id));
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE project_stats s
      SET passed = s.passed - d.passed, failed = s.failed - d.failed, version = s.version + 1
      FROM (SELECT project_id,
                   count(*) FILTER (WHERE status = 'passed')::int AS passed,
                   count(*) FILTER (WHERE status = 'failed')::int AS failed
              FROM old_rows GROUP BY project_id) d
      WHERE s.project_id = d.project_id;
    -- Runs deleted with their case find no case here; the case's own delete bumps its suite.
    PERFORM bump_suite_list_versions(ARRAY(
      SELECT DISTINCT c.suite_id FROM (SELECT DISTINCT case_id FROM old_rows) r
      JOIN test_cases c ON c.id = r.case_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION project_stats_on_case_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE project_stats s SET version = s.version + 1
      WHERE s.project_id IN (SELECT DISTINCT project_id FROM old_rows);
    PERFORM bump_suite_list_versions(ARRAY(SELECT DISTINCT suite_id FROM old_rows));
  ELSE
    UPDATE project_stats s SET version = s.version + 1
      WHERE s.project_id IN (SELECT DISTINCT project_id FROM new_rows);
    PERFORM bump_suite_list_versions(ARRAY(SELECT DISTINCT suite_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION project_stats_on_case_edit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE project_stats s SET version = s.version + 1 WHERE s.project_id = NEW.project_id;
  PERFORM bump_suite_list_versions(ARRAY[OLD.suite_id, NEW.suite_id]);
  RETURN NULL;
END $$;
