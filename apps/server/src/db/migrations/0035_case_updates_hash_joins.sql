-- src/db/triggers/shared-steps.sql
-- Shared steps (docs/product/shared-steps.md): which cases reference which shared step sets, kept
-- from the references (`{"shared_steps_id": n}`) in test_cases.steps, so a set's usage, its delete
-- check and the new versions its edit gives are one indexed read; and `expanded_steps`, a case's
-- steps with every set's current steps in its reference's place, for every answer that shows them.
--
-- Keeps:     case_shared_steps.
-- Tables:    fire on test_cases (modules/cases) when cases are added or their steps change; read
--            shared_step_sets (modules/shared-steps). Write case_shared_steps.
-- Owner:     modules/shared-steps.
-- Proved by: test/shared-steps.test.ts › "keeps each set's usage from the cases' steps, through
--            create, update and delete"; "stand in a case as a reference, answered as written
--            and, with ?expand=steps, in place".
--
-- Statement-level: an import of 20,000 cases costs one pass. A reference to a set that is not
-- there fails the statement on case_shared_steps' foreign key; the service checks first.

CREATE OR REPLACE FUNCTION expanded_steps(steps jsonb) RETURNS jsonb LANGUAGE sql STABLE AS $$
  -- Steps without a reference (most cases) are answered as they are, without a pass over them.
  SELECT CASE WHEN NOT (steps @? '$[*].shared_steps_id') THEN steps ELSE (
    SELECT coalesce(jsonb_agg(x.step ORDER BY x.ord, x.sub), '[]'::jsonb)
    FROM (
      SELECT e.ord, 0::bigint AS sub, e.step
        FROM jsonb_array_elements(steps) WITH ORDINALITY AS e(step, ord)
        WHERE NOT e.step ? 'shared_steps_id'
      UNION ALL
      SELECT e.ord, s.sub,
          s.step || jsonb_build_object('shared_steps', jsonb_build_object('id', t.id, 'name', t.name))
        FROM jsonb_array_elements(steps) WITH ORDINALITY AS e(step, ord)
        JOIN shared_step_sets t ON t.id = (e.step ->> 'shared_steps_id')::int
        CROSS JOIN LATERAL jsonb_array_elements(t.steps) WITH ORDINALITY AS s(step, sub)
        WHERE e.step ? 'shared_steps_id'
    ) x
  ) END
$$;
--> statement-breakpoint
-- The old and new rows of an update are joined by hashing (no nested loops in this function): a
-- transition table has no statistics, and the planner's nested loop over two of 5,000 rows each
-- took 8 s for an import's runs, whose latest-status update of the cases fires this (decision 229).
CREATE OR REPLACE FUNCTION case_shared_steps_on_case_change() RETURNS trigger LANGUAGE plpgsql
SET enable_nestloop = off AS $$
DECLARE
  affected integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.id) INTO affected FROM new_rows n WHERE n.steps @? '$[*].shared_steps_id';
  ELSE
    SELECT array_agg(n.id) INTO affected
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.steps IS DISTINCT FROM o.steps
        AND (n.steps @? '$[*].shared_steps_id' OR o.steps @? '$[*].shared_steps_id');
  END IF;
  IF affected IS NULL THEN
    RETURN NULL;
  END IF;
  DELETE FROM case_shared_steps WHERE case_id = ANY (affected);
  INSERT INTO case_shared_steps (case_id, set_id)
    SELECT DISTINCT n.id, (e.step ->> 'shared_steps_id')::int
    FROM new_rows n CROSS JOIN LATERAL jsonb_array_elements(n.steps) AS e(step)
    WHERE n.id = ANY (affected) AND e.step ? 'shared_steps_id'
    ORDER BY 1, 2;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER case_shared_steps_case_insert AFTER INSERT ON test_cases
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION case_shared_steps_on_case_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER case_shared_steps_case_update AFTER UPDATE ON test_cases
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION case_shared_steps_on_case_change();
--> statement-breakpoint
-- src/db/triggers/list-versions.sql
-- Case list versions (decisions 087 and 102, docs/performance.md): a version per project
-- (project_stats.version) and per suite (suite_list_versions), bumped in the same transaction as
-- any write that changes what a case list shows (a case's fields, its children, its runs'
-- statuses), and which cases each version changed (case_list_changes), so the server keeps large
-- list answers and patches them while the version stands (modules/cases/case-list-cache.ts).
--
-- Keeps:     project_stats.version, suite_list_versions, case_list_changes.
-- Tables:    fire on test_cases (modules/cases); runs reach them through
--            project_stats_on_run_change (dashboard-counters.sql); write project_stats,
--            suite_list_versions and case_list_changes (and project_tags, project-tags.sql).
-- Owner:     modules/cases (suite_list_versions, case_list_changes; it reads project_stats.version).
-- Proved by: test/list-versions.test.ts › "case list versions"; test/list-changes.test.ts › "kept
--            case lists apply what a write changed"; test/bulk-actions.test.ts › "changes thousands
--            of cases in one action".
--
-- One lock order on every path: project_stats, then suite_list_versions (a table of its own, not
-- a column of suites, whose rows a suite delete locks FOR UPDATE), then project_tags.

-- Bumps the version of each suite given (nulls and repeats left out), in suite order.
CREATE OR REPLACE FUNCTION bump_suite_list_versions(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO suite_list_versions AS v (suite_id, version)
  SELECT DISTINCT s.id, 1 FROM unnest(ids) AS s(id) WHERE s.id IS NOT NULL ORDER BY s.id
  ON CONFLICT (suite_id) DO UPDATE SET version = v.version + 1
$$;
--> statement-breakpoint
-- Which cases each list version changed (cases/case-list-cache.ts applies them to kept lists).
-- Called by the triggers right after they bump the versions, so each row carries the versions its
-- write gave (the bumping transaction holds those rows locked until it commits, so versions of
-- one scope are given in commit order). Every bump records at least one row, which lets a reader
-- see whether the rows of every version it missed are still here. A statement that changes more
-- than 1,000 cases records one row per project and suite without a case: lists of those scopes
-- are read again whole, cheaper than walking that many cases.
CREATE OR REPLACE FUNCTION record_case_list_changes(case_ids integer[], parent_ids integer[], project_ids integer[], suite_ids integer[])
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
-- Cases added or deleted.
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
-- Cases edited, moved or retagged, a whole statement at once (bulk actions change thousands of
-- cases in one statement): the list versions and changes, then the tag counts. PostgreSQL gives
-- no transition tables to a trigger with a column list, so it fires on every update of test_cases
-- and finds nothing to do when only other columns changed (such as latest_run_status).
-- Its old and new rows are joined by hashing (no nested loops in this function), as in
-- case_shared_steps_on_case_change (shared-steps.sql; decision 229).
CREATE OR REPLACE FUNCTION case_edits_on_update() RETURNS trigger LANGUAGE plpgsql
SET enable_nestloop = off AS $$
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
-- No trigger calls this one: case_edits_on_update does its work once per statement. The
-- migrated database still has it, so it is listed here until a migration drops it (decision 167).
CREATE OR REPLACE FUNCTION project_stats_on_case_edit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE project_stats s SET version = s.version + 1 WHERE s.project_id = NEW.project_id;
  PERFORM bump_suite_list_versions(ARRAY[OLD.suite_id, NEW.suite_id]);
  PERFORM record_case_list_changes(ARRAY[OLD.id, NEW.id], ARRAY[OLD.parent_id, NEW.parent_id],
    ARRAY[OLD.project_id, NEW.project_id], ARRAY[OLD.suite_id, NEW.suite_id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER project_stats_case_insert AFTER INSERT ON test_cases
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_stats_on_case_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER project_stats_case_update AFTER UPDATE ON test_cases
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION case_edits_on_update();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER project_stats_case_delete AFTER DELETE ON test_cases
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION project_stats_on_case_change();
