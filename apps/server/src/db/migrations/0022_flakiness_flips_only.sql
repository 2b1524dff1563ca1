-- Flakiness, lighter again (docs/product/flaky-tests.md): a case's versions only go up, so the
-- outcomes that count (those of the newest version) are always the last ones; a row keeps only
-- those, with the one version they share, and the time of each flip instead of the time of every
-- outcome. A row of a case that never flipped is a short string and two numbers, where it held two
-- arrays of 100 (1.4 KB): writing 20,000 of them at every import was most of an import's time on
-- the embedded database.
DROP TRIGGER case_flakiness_results_insert ON cycle_results;
--> statement-breakpoint
ALTER TABLE "case_flakiness" ADD COLUMN "version" integer;
--> statement-breakpoint
ALTER TABLE "case_flakiness" ADD COLUMN "flip_ats" timestamp with time zone[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
-- Each row: the trailing outcomes of its newest version, and the times of the flips among them.
WITH k AS (
  SELECT case_id, branch, cardinality(versions) - coalesce((
      SELECT max(i) FROM generate_subscripts(versions, 1) AS i
      WHERE versions[i] IS DISTINCT FROM versions[cardinality(versions)]), 0) AS kept
    FROM case_flakiness
)
UPDATE case_flakiness f SET
    version = f.versions[cardinality(f.versions)],
    states = right(f.states, k.kept),
    flip_ats = coalesce((
      SELECT array_agg(f.ats[i] ORDER BY i)
        FROM generate_series(length(f.states) - k.kept + 2, length(f.states)) AS i
        WHERE substr(f.states, i, 1) <> substr(f.states, i - 1, 1)), '{}')
  FROM k
  WHERE k.case_id = f.case_id AND k.branch = f.branch;
--> statement-breakpoint
ALTER TABLE "case_flakiness" DROP COLUMN "versions";
--> statement-breakpoint
ALTER TABLE "case_flakiness" DROP COLUMN "ats";
--> statement-breakpoint
DROP FUNCTION case_flakiness_stats(text, integer[], timestamptz[], integer);
--> statement-breakpoint
-- How many neighbours differ in a string of outcomes ('ppffp': 2).
CREATE FUNCTION flip_count(outcomes text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT greatest(length(regexp_replace(outcomes, '(.)\1*', '\1', 'g')) - 1, 0)
$$;
--> statement-breakpoint
-- A row's figures under window `n`: its last n outcomes, the flips among them (those after the
-- window's first outcome), and the times of the first and last of those.
CREATE FUNCTION case_flakiness_stats(states text, flip_ats timestamptz[], n integer)
RETURNS TABLE (results integer, flips integer, first_flip_at timestamptz, last_flip_at timestamptz)
LANGUAGE sql IMMUTABLE AS $$
  SELECT w.results, cardinality(flip_ats) - w.before,
      CASE WHEN cardinality(flip_ats) > w.before THEN flip_ats[w.before + 1] END,
      CASE WHEN cardinality(flip_ats) > w.before THEN flip_ats[cardinality(flip_ats)] END
    FROM (
      SELECT least(length(states), n) AS results,
          CASE WHEN cardinality(flip_ats) = 0 THEN 0
            ELSE flip_count(left(states, length(states) - least(length(states), n) + 1)) END AS before
    ) w
$$;
--> statement-breakpoint
-- Once per statement that records results: the passed and failed results of import cycles are
-- added to their case and branch's row, and its figures worked out again under the project's
-- window, in one upsert. Results of a newer version than the row's start the row again. The last
-- 100 outcomes are kept, and the times of the flips among them. Nothing else of the history is
-- read. The results one statement records for a case are of one version (the case's, as the
-- statement found it) and of one time (the transaction's). (Imports into a project take turns,
-- import-repository.ts, so two statements never write one row at once.)
CREATE OR REPLACE FUNCTION case_flakiness_on_results() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH fresh AS (
    SELECT i.case_id, coalesce(y.branch, '') AS branch, y.project_id, max(r.case_version) AS version,
        string_agg(CASE r.state WHEN 'failed' THEN 'f' ELSE 'p' END, '' ORDER BY r.id) AS states,
        max(r.created_at) AS at
      FROM new_rows r
        JOIN cycle_items i ON i.id = r.item_id
        JOIN test_cycles y ON y.id = i.cycle_id
      WHERE y.source = 'import' AND r.state IN ('passed', 'failed')
      GROUP BY 1, 2, 3
  ), merged AS MATERIALIZED (
    SELECT fr.case_id, fr.branch, fr.version, coalesce(p.window_size, 20) AS n,
        m.before || fr.states AS states,
        m.flip_ats || array_fill(fr.at, ARRAY[CASE
          WHEN length(fr.states) = 1 THEN (m.before <> '' AND right(m.before, 1) <> fr.states)::int
          ELSE flip_count(right(m.before, 1) || fr.states) END]) AS flip_ats
      FROM fresh fr
        LEFT JOIN case_flakiness f ON f.case_id = fr.case_id AND f.branch = fr.branch
        LEFT JOIN project_flaky_settings p ON p.project_id = fr.project_id
        CROSS JOIN LATERAL (
          SELECT CASE WHEN same THEN f.states ELSE '' END AS before,
              CASE WHEN same THEN f.flip_ats ELSE '{}' END AS flip_ats
            FROM (SELECT f.case_id IS NOT NULL AND f.version IS NOT DISTINCT FROM fr.version AS same) x
        ) m
  ), kept AS MATERIALIZED (
    SELECT case_id, branch, version, n, right(states, 100) AS states,
        CASE WHEN length(states) <= 100 OR cardinality(flip_ats) = 0 THEN flip_ats
          ELSE flip_ats[flip_count(left(states, length(states) - 99)) + 1:] END AS flip_ats
      FROM merged
  )
  INSERT INTO case_flakiness AS f
      (case_id, branch, states, version, flip_ats, results, flips, first_flip_at, last_flip_at)
    SELECT k.case_id, k.branch, k.states, k.version, k.flip_ats, s.results, s.flips, s.first_flip_at, s.last_flip_at
      FROM kept k, LATERAL case_flakiness_stats(k.states, k.flip_ats, k.n) s
    ON CONFLICT (case_id, branch) DO UPDATE SET
      states = excluded.states, version = excluded.version, flip_ats = excluded.flip_ats,
      results = excluded.results, flips = excluded.flips,
      first_flip_at = excluded.first_flip_at, last_flip_at = excluded.last_flip_at;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER case_flakiness_results_insert AFTER INSERT ON cycle_results
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION case_flakiness_on_results();
--> statement-breakpoint
-- Room on each page for the next version of a row: every import updates one row per case in each
-- of these tables, and with the room the update stays on its page (a HOT update, no new index
-- entry). Pages written from now on keep it; the rows move to such pages at their next update.
ALTER TABLE case_flakiness SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE case_result_stats SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE case_result_totals SET (fillfactor = 70);
--> statement-breakpoint
-- Only assigned items are looked up by assignee; an import's items have none.
DROP INDEX cycle_items_assignee_idx;
--> statement-breakpoint
CREATE INDEX cycle_items_assignee_idx ON cycle_items USING btree (assignee_id, id) WHERE assignee_id IS NOT NULL;
