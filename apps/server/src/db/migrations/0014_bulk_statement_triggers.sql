-- Bulk actions (docs/product/bulk-actions.md) and moves change thousands of cases in one
-- statement. The two row triggers on case edits (list versions and changes, tag counts) ran once
-- per case, each updating the same project_stats and project_tags rows again: a 10,000-case edit
-- took seconds. One statement trigger now does both, once per statement, comparing the old and
-- new rows (PostgreSQL gives no transition tables to a trigger with a column list, so it fires on
-- every update of test_cases and finds nothing to do when only other columns changed, such as
-- latest_run_status). Same order as before: project_stats first, then suites, then the tags.
DROP TRIGGER project_stats_case_update ON test_cases;
--> statement-breakpoint
DROP TRIGGER project_tags_case_retag ON test_cases;
--> statement-breakpoint
CREATE FUNCTION case_edits_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  old_parents integer[];
  new_parents integer[];
  old_projects integer[];
  new_projects integer[];
  old_suites integer[];
  new_suites integer[];
BEGIN
  SELECT array_agg(o.id), array_agg(o.parent_id), array_agg(n.parent_id), array_agg(o.project_id),
      array_agg(n.project_id), array_agg(o.suite_id), array_agg(n.suite_id)
    INTO ids, old_parents, new_parents, old_projects, new_projects, old_suites, new_suites
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.name, o.description, o.parent_id, o.suite_id, o.project_id, o.priority, o.tags)
      IS DISTINCT FROM (n.name, n.description, n.parent_id, n.suite_id, n.project_id, n.priority, n.tags);
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE project_stats s SET version = s.version + 1
    WHERE s.project_id IN (SELECT DISTINCT unnest(old_projects || new_projects));
  PERFORM bump_suite_list_versions(old_suites || new_suites);
  PERFORM record_case_list_changes(ids || ids, old_parents || new_parents, old_projects || new_projects,
    old_suites || new_suites);
  PERFORM project_tags_count(array_agg(e.project_id), array_agg(e.tags), array_agg(e.sign))
    FROM (
      SELECT o.project_id, o.tags::text AS tags, -1 AS sign
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.tags IS DISTINCT FROM n.tags OR o.project_id <> n.project_id) AND cardinality(o.tags) > 0
      UNION ALL
      SELECT n.project_id, n.tags::text, 1
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.tags IS DISTINCT FROM n.tags OR o.project_id <> n.project_id) AND cardinality(n.tags) > 0
    ) e
    HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER project_stats_case_update AFTER UPDATE ON test_cases
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION case_edits_on_update();
