CREATE TABLE "case_flakiness" (
	"case_id" integer NOT NULL,
	"branch" text NOT NULL,
	"states" text[] NOT NULL,
	"versions" integer[] NOT NULL,
	"ats" timestamp with time zone[] NOT NULL,
	"results" integer DEFAULT 0 NOT NULL,
	"flips" integer DEFAULT 0 NOT NULL,
	"first_flip_at" timestamp with time zone,
	"last_flip_at" timestamp with time zone,
	CONSTRAINT "case_flakiness_case_id_branch_pk" PRIMARY KEY("case_id","branch")
);
--> statement-breakpoint
CREATE TABLE "case_quarantines" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"until" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_flaky_settings" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"window_size" integer NOT NULL,
	"flip_threshold" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_flakiness" ADD CONSTRAINT "case_flakiness_case_id_test_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_quarantines" ADD CONSTRAINT "case_quarantines_case_id_test_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_flaky_settings" ADD CONSTRAINT "project_flaky_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_flakiness_flips_idx" ON "case_flakiness" USING btree ("case_id") WHERE "case_flakiness"."flips" >= 2;--> statement-breakpoint
-- Flakiness (docs/product/flaky-tests.md): of the outcomes in `states` (oldest first), the last
-- `n`; among those, the ones of the newest one's case version; the times the outcome changed
-- between consecutive ones, and when the first and last of those changes came.
CREATE FUNCTION case_flakiness_stats(states text[], versions integer[], ats timestamptz[], n integer,
  OUT results integer, OUT flips integer, OUT first_flip_at timestamptz, OUT last_flip_at timestamptz)
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  total integer := coalesce(cardinality(states), 0);
  newest integer;
  prev text;
BEGIN
  results := 0;
  flips := 0;
  IF total = 0 THEN
    RETURN;
  END IF;
  newest := versions[total];
  FOR i IN greatest(1, total - n + 1)..total LOOP
    IF versions[i] IS NOT DISTINCT FROM newest THEN
      results := results + 1;
      IF prev IS NOT NULL AND prev <> states[i] THEN
        flips := flips + 1;
        first_flip_at := coalesce(first_flip_at, ats[i]);
        last_flip_at := ats[i];
      END IF;
      prev := states[i];
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
-- Once per statement that records results: the passed and failed results of import cycles are
-- appended to their case and branch's row (the last 100 kept), and its figures worked out again
-- under the project's window, in one upsert. Nothing else of the history is read. (Imports into
-- a project take turns, import-repository.ts, so two statements never append to one row at once.)
CREATE FUNCTION case_flakiness_on_results() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH fresh AS (
    SELECT i.case_id, coalesce(y.branch, '') AS branch, y.project_id,
        array_agg(r.state ORDER BY r.id) AS states,
        array_agg(r.case_version ORDER BY r.id) AS versions,
        array_agg(r.created_at ORDER BY r.id) AS ats
      FROM new_rows r
        JOIN cycle_items i ON i.id = r.item_id
        JOIN test_cycles y ON y.id = i.cycle_id
      WHERE y.source = 'import' AND r.state IN ('passed', 'failed')
      GROUP BY 1, 2, 3
  ), joined AS (
    SELECT fr.case_id, fr.branch, coalesce(p.window_size, 20) AS n,
        coalesce(f.states, '{}') || fr.states AS states,
        coalesce(f.versions, '{}') || fr.versions AS versions,
        coalesce(f.ats, '{}') || fr.ats AS ats
      FROM fresh fr
        LEFT JOIN case_flakiness f ON f.case_id = fr.case_id AND f.branch = fr.branch
        LEFT JOIN project_flaky_settings p ON p.project_id = fr.project_id
  ), kept AS (
    SELECT case_id, branch, n, states[greatest(1, cardinality(states) - 99):] AS states,
        versions[greatest(1, cardinality(versions) - 99):] AS versions,
        ats[greatest(1, cardinality(ats) - 99):] AS ats
      FROM joined
  )
  INSERT INTO case_flakiness AS f
      (case_id, branch, states, versions, ats, results, flips, first_flip_at, last_flip_at)
    SELECT k.case_id, k.branch, k.states, k.versions, k.ats, s.results, s.flips, s.first_flip_at, s.last_flip_at
      FROM kept k, LATERAL case_flakiness_stats(k.states, k.versions, k.ats, k.n) s
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
