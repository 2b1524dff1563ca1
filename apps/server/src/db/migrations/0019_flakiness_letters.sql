-- Flakiness, lighter (docs/product/flaky-tests.md): the kept outcomes become one letter each
-- ('p' passed, 'f' failed) instead of an array of words, so a row stays small enough to be written
-- in place (no out-of-line storage) when every import appends to it; and a row whose kept outcomes
-- are all one outcome, of one case version, cannot have flipped, so its figures are written
-- without walking it. Together they halve the trigger's cost on a 20,000-case import.
DROP TRIGGER case_flakiness_results_insert ON cycle_results;
--> statement-breakpoint
ALTER TABLE "case_flakiness" ALTER COLUMN "states" SET DATA TYPE text
  USING replace(replace(array_to_string("states", ''), 'passed', 'p'), 'failed', 'f');
--> statement-breakpoint
DROP FUNCTION case_flakiness_stats(text[], integer[], timestamptz[], integer);
--> statement-breakpoint
-- Of the outcomes in `states` (oldest first), the last `n`; among those, the ones of the newest
-- one's case version; the times the outcome changed between consecutive ones, and when the first
-- and last of those changes came.
CREATE FUNCTION case_flakiness_stats(states text, versions integer[], ats timestamptz[], n integer,
  OUT results integer, OUT flips integer, OUT first_flip_at timestamptz, OUT last_flip_at timestamptz)
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  total integer := coalesce(length(states), 0);
  newest integer;
  prev text;
  outcome text;
BEGIN
  results := 0;
  flips := 0;
  IF total = 0 THEN
    RETURN;
  END IF;
  newest := versions[total];
  FOR i IN greatest(1, total - n + 1)..total LOOP
    IF versions[i] IS NOT DISTINCT FROM newest THEN
      outcome := substr(states, i, 1);
      results := results + 1;
      IF prev IS NOT NULL AND prev <> outcome THEN
        flips := flips + 1;
        first_flip_at := coalesce(first_flip_at, ats[i]);
        last_flip_at := ats[i];
      END IF;
      prev := outcome;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
-- Once per statement that records results: the passed and failed results of import cycles are
-- appended to their case and branch's row (the last 100 kept), and its figures worked out again
-- under the project's window, in one upsert. Nothing else of the history is read. (Imports into
-- a project take turns, import-repository.ts, so two statements never append to one row at once.)
CREATE OR REPLACE FUNCTION case_flakiness_on_results() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH fresh AS (
    SELECT i.case_id, coalesce(y.branch, '') AS branch, y.project_id,
        string_agg(CASE r.state WHEN 'failed' THEN 'f' ELSE 'p' END, '' ORDER BY r.id) AS states,
        array_agg(r.case_version ORDER BY r.id) AS versions,
        array_agg(r.created_at ORDER BY r.id) AS ats
      FROM new_rows r
        JOIN cycle_items i ON i.id = r.item_id
        JOIN test_cycles y ON y.id = i.cycle_id
      WHERE y.source = 'import' AND r.state IN ('passed', 'failed')
      GROUP BY 1, 2, 3
  ), joined AS (
    SELECT fr.case_id, fr.branch, coalesce(p.window_size, 20) AS n,
        coalesce(f.states, '') || fr.states AS states,
        coalesce(f.versions, '{}') || fr.versions AS versions,
        coalesce(f.ats, '{}') || fr.ats AS ats
      FROM fresh fr
        LEFT JOIN case_flakiness f ON f.case_id = fr.case_id AND f.branch = fr.branch
        LEFT JOIN project_flaky_settings p ON p.project_id = fr.project_id
  ), kept AS (
    SELECT case_id, branch, n, right(states, 100) AS states,
        versions[greatest(1, cardinality(versions) - 99):] AS versions,
        ats[greatest(1, cardinality(ats) - 99):] AS ats
      FROM joined
  ), judged AS (
    SELECT k.*, (position('p' IN k.states) = 0 OR position('f' IN k.states) = 0)
        AND k.versions <@ ARRAY[k.versions[cardinality(k.versions)]] AS stable
      FROM kept k
  )
  INSERT INTO case_flakiness AS f
      (case_id, branch, states, versions, ats, results, flips, first_flip_at, last_flip_at)
    SELECT k.case_id, k.branch, k.states, k.versions, k.ats, s.results, s.flips, s.first_flip_at, s.last_flip_at
      FROM judged k, LATERAL (
        SELECT * FROM case_flakiness_stats(k.states, k.versions, k.ats, k.n) WHERE NOT k.stable
        UNION ALL
        SELECT least(length(k.states), k.n), 0, NULL::timestamptz, NULL::timestamptz WHERE k.stable
      ) s
    ON CONFLICT (case_id, branch) DO UPDATE SET
      states = excluded.states, versions = excluded.versions, ats = excluded.ats,
      results = excluded.results, flips = excluded.flips,
      first_flip_at = excluded.first_flip_at, last_flip_at = excluded.last_flip_at;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER case_flakiness_results_insert AFTER INSERT ON cycle_results
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION case_flakiness_on_results();
