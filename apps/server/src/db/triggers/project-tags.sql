-- Project tags (docs/product/rich-cases.md): each project's tags with how many of its cases carry
-- each, for the tag autocomplete, so it never scans the cases.
--
-- Keeps:     project_tags.
-- Tables:    fire on test_cases (modules/cases) when cases are added or deleted; a changed tag or
--            project reaches project_tags_count through case_edits_on_update (list-versions.sql).
--            Write project_tags.
-- Owner:     modules/cases.
-- Proved by: test/rich-cases.test.ts › "tag autocomplete answers the project tags by prefix, most
--            used first, kept by the database"; test/bulk-actions.test.ts › "adds and removes
--            tags, keeping the project tag counts".
--
-- Named after project_stats' triggers, so they fire after them and every write takes
-- project_stats' row before these.

CREATE OR REPLACE FUNCTION project_tags_count(project_ids integer[], tag_lists text[], signs integer[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Each entry: a project, a case's tags as one text (its array written out), +1 or -1. A
  -- project being deleted has lost its tags already (its cascade), so it is left out.
  INSERT INTO project_tags AS t (project_id, tag, cases)
    SELECT p, tag, sum(sign)::int
    FROM unnest(project_ids, tag_lists, signs) AS e(p, list, sign), unnest(list::text[]) AS tag
    WHERE EXISTS (SELECT 1 FROM projects WHERE id = p)
    GROUP BY p, tag HAVING sum(sign) <> 0
    ORDER BY p, tag
  ON CONFLICT (project_id, tag) DO UPDATE SET cases = t.cases + excluded.cases;
  DELETE FROM project_tags t WHERE t.project_id = ANY (project_ids) AND t.cases <= 0;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION project_tags_on_case_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM project_tags_count(array_agg(project_id), array_agg(tags::text), array_agg(1))
    FROM new_rows WHERE cardinality(tags) > 0 HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION project_tags_on_case_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM project_tags_count(array_agg(project_id), array_agg(tags::text), array_agg(-1))
    FROM old_rows WHERE cardinality(tags) > 0 HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- No trigger calls this one: case_edits_on_update retags a whole statement at once. The migrated
-- database still has it, so it is listed here until a migration drops it (decision 167).
CREATE OR REPLACE FUNCTION project_tags_on_case_retag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM project_tags_count(ARRAY[OLD.project_id, NEW.project_id], ARRAY[OLD.tags::text, NEW.tags::text],
    ARRAY[-1, 1]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER project_tags_case_insert AFTER INSERT ON test_cases
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_tags_on_case_insert();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER project_tags_case_delete AFTER DELETE ON test_cases
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION project_tags_on_case_delete();
