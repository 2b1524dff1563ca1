-- Flakiness (docs/product/flaky-tests.md): per case and branch, the passed and failed outcomes of
-- import cycles of the case's newest version (the last 100, one letter each), the times of the
-- flips among them, and the figures under the project's window.
--
-- Keeps:     case_flakiness.
-- Tables:    fire on cycle_results (modules/cycles); read cycle_items, test_cycles and
--            project_flaky_settings; write case_flakiness.
-- Owner:     modules/flaky-tests (modules/search, modules/reports and the import gate read it).
-- Proved by: test/flaky-tests.test.ts › "flakiness per case and branch, kept as results arrive" and
--            "what is kept equals what the whole history says".

-- How many neighbours differ in a string of outcomes ('ppffp': 2).
CREATE OR REPLACE FUNCTION flip_count(outcomes text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT greatest(length(regexp_replace(outcomes, '(.)\1*', '\1', 'g')) - 1, 0)
$$;
--> statement-breakpoint
-- A row's figures under window `n`: its last n outcomes, the flips among them (those after the
-- window's first outcome), and the times of the first and last of those.
CREATE OR REPLACE FUNCTION case_flakiness_stats(states text, flip_ats timestamptz[], n integer)
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
-- modules/imports/import-repository.ts, so two statements never write one row at once.)
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
CREATE OR REPLACE TRIGGER case_flakiness_results_insert AFTER INSERT ON cycle_results
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION case_flakiness_on_results();
