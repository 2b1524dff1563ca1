CREATE TABLE "case_list_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"project_version" bigint NOT NULL,
	"suite_id" integer,
	"suite_version" bigint,
	"case_id" integer,
	"parent_id" integer,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "case_list_changes_project_idx" ON "case_list_changes" USING btree ("project_id","project_version");--> statement-breakpoint
CREATE INDEX "case_list_changes_suite_idx" ON "case_list_changes" USING btree ("suite_id","suite_version");--> statement-breakpoint
CREATE INDEX "case_list_changes_at_idx" ON "case_list_changes" USING btree ("at");--> statement-breakpoint
-- Which cases each list version changed (cases/case-list-cache.ts applies them to kept lists).
-- Called by the triggers below right after they bump the versions, so each row carries the
-- versions its write gave (the bumping transaction holds those rows locked until it commits,
-- so versions of one scope are given in commit order). Every bump records at least one row,
-- which lets a reader see whether the rows of every version it missed are still here. A
-- statement that changes more than 1,000 cases records one row per project and suite without
-- a case: lists of those scopes are read again whole, cheaper than walking that many cases.
CREATE FUNCTION record_case_list_changes(case_ids integer[], parent_ids integer[], project_ids integer[], suite_ids integer[])
RETURNS void LANGUAGE sql AS $$
  WITH c AS (
    SELECT * FROM unnest(case_ids, parent_ids, project_ids, suite_ids) AS c(case_id, parent_id, project_id, suite_id)
  ), listed AS (
    SELECT DISTINCT CASE WHEN n.many THEN NULL ELSE c.case_id END AS case_id,
      CASE WHEN n.many THEN NULL ELSE c.parent_id END AS parent_id, c.project_id, c.suite_id
    FROM c CROSS JOIN (SELECT count(*) > 1000 AS many FROM c) n
  )
  INSERT INTO case_list_changes (project_id, project_version, suite_id, suite_version, case_id, parent_id)
  SELECT l.project_id, ps.version, l.suite_id, v.version, l.case_id, l.parent_id
  FROM listed l JOIN project_stats ps ON ps.project_id = l.project_id
  LEFT JOIN suite_list_versions v ON v.suite_id = l.suite_id
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
CREATE OR REPLACE FUNCTION project_stats_on_case_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE project_stats s SET version = s.version + 1
      WHERE s.project_id IN (SELECT DISTINCT project_id FROM old_rows);
    PERFORM bump_suite_list_versions(ARRAY(SELECT DISTINCT suite_id FROM old_rows));
    PERFORM record_case_list_changes(array_agg(id), array_agg(parent_id), array_agg(project_id), array_agg(suite_id))
      FROM old_rows;
  ELSE
    UPDATE project_stats s SET version = s.version + 1
      WHERE s.project_id IN (SELECT DISTINCT project_id FROM new_rows);
    PERFORM bump_suite_list_versions(ARRAY(SELECT DISTINCT suite_id FROM new_rows));
    PERFORM record_case_list_changes(array_agg(id), array_agg(parent_id), array_agg(project_id), array_agg(suite_id))
      FROM new_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION project_stats_on_case_edit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE project_stats s SET version = s.version + 1 WHERE s.project_id = NEW.project_id;
  PERFORM bump_suite_list_versions(ARRAY[OLD.suite_id, NEW.suite_id]);
  PERFORM record_case_list_changes(ARRAY[OLD.id, NEW.id], ARRAY[OLD.parent_id, NEW.parent_id],
    ARRAY[OLD.project_id, NEW.project_id], ARRAY[OLD.suite_id, NEW.suite_id]);
  RETURN NULL;
END $$;
