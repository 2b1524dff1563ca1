-- Dashboard counters (docs/product/dashboard.md, "The calls"): one row per project, kept by statement-level triggers
-- so a bulk insert or a cascading delete costs one UPDATE per project, not one per row.
CREATE FUNCTION project_stats_on_project_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_stats (project_id) SELECT id FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER project_stats_project_insert AFTER INSERT ON projects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_stats_on_project_insert();
--> statement-breakpoint
CREATE FUNCTION project_stats_on_suite_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE project_stats s SET suites = s.suites + d.n
      FROM (SELECT project_id, count(*)::int AS n FROM new_rows GROUP BY project_id) d
      WHERE s.project_id = d.project_id;
  ELSE
    UPDATE project_stats s SET suites = s.suites - d.n
      FROM (SELECT project_id, count(*)::int AS n FROM old_rows GROUP BY project_id) d
      WHERE s.project_id = d.project_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER project_stats_suite_insert AFTER INSERT ON suites
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_stats_on_suite_change();
--> statement-breakpoint
CREATE TRIGGER project_stats_suite_delete AFTER DELETE ON suites
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION project_stats_on_suite_change();
--> statement-breakpoint
CREATE FUNCTION project_stats_on_run_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE project_stats s
      SET passed = s.passed + d.passed, failed = s.failed + d.failed
      FROM (SELECT project_id,
                   count(*) FILTER (WHERE status = 'passed')::int AS passed,
                   count(*) FILTER (WHERE status = 'failed')::int AS failed
              FROM new_rows GROUP BY project_id) d
      WHERE s.project_id = d.project_id;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE project_stats s
      SET passed = s.passed - d.passed, failed = s.failed - d.failed
      FROM (SELECT project_id,
                   count(*) FILTER (WHERE status = 'passed')::int AS passed,
                   count(*) FILTER (WHERE status = 'failed')::int AS failed
              FROM old_rows GROUP BY project_id) d
      WHERE s.project_id = d.project_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER project_stats_run_insert AFTER INSERT ON test_runs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_stats_on_run_change();
--> statement-breakpoint
CREATE TRIGGER project_stats_run_update AFTER UPDATE ON test_runs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_stats_on_run_change();
--> statement-breakpoint
CREATE TRIGGER project_stats_run_delete AFTER DELETE ON test_runs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION project_stats_on_run_change();
