-- Dashboard counters (docs/product/dashboard.md, decision 013): each project's number of suites
-- and of passed and failed runs, in its project_stats row.
--
-- Keeps:     project_stats.suites, .passed and .failed, and a row per project from its creation.
--            The run triggers also bump the case list versions (list-versions.sql) in the same pass.
-- Tables:    fire on projects (modules/projects), suites (modules/suites) and test_runs
--            (modules/runs); write project_stats.
-- Owner:     modules/projects (project_stats; the dashboard and the project answers read it).
-- Proved by: test/stats.test.ts › "counters stay equal to a recount" (after mixed creates, edits
--            and deletes; under concurrent run writes; when a case, suite or project is deleted
--            while runs are being recorded).
--
-- Statement-level triggers with transition tables: a bulk insert or a cascading delete costs one
-- UPDATE per project, not one per row. On test_runs they fire after case_latest_run_* (the
-- triggers of one event fire in name order), so a statement that records runs locks the case
-- rows before the counters row: the top-down lock order of db/row-locks.ts.

-- Every project has its counters row from its creation.
CREATE OR REPLACE FUNCTION project_stats_on_project_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_stats (project_id) SELECT id FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Suites added or deleted, counted per project.
CREATE OR REPLACE FUNCTION project_stats_on_suite_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
-- Runs recorded, changed or deleted: the passed and failed counts move, the project's list
-- version and the list versions of the runs' suites are bumped, and what changed is recorded
-- (bump_suite_list_versions and record_case_list_changes, list-versions.sql).
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
    PERFORM record_case_list_changes(array_agg(r.case_id), array_agg(c.parent_id), array_agg(r.project_id), array_agg(c.suite_id))
      FROM (SELECT DISTINCT case_id, project_id FROM new_rows) r LEFT JOIN test_cases c ON c.id = r.case_id;
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
    PERFORM record_case_list_changes(array_agg(r.case_id), array_agg(c.parent_id), array_agg(r.project_id), array_agg(c.suite_id))
      FROM (SELECT DISTINCT case_id, project_id FROM old_rows) r LEFT JOIN test_cases c ON c.id = r.case_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER project_stats_project_insert AFTER INSERT ON projects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_stats_on_project_insert();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER project_stats_suite_insert AFTER INSERT ON suites
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_stats_on_suite_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER project_stats_suite_delete AFTER DELETE ON suites
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION project_stats_on_suite_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER project_stats_run_insert AFTER INSERT ON test_runs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_stats_on_run_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER project_stats_run_update AFTER UPDATE ON test_runs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_stats_on_run_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER project_stats_run_delete AFTER DELETE ON test_runs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION project_stats_on_run_change();
