-- The cases that ran, with their latest run's status, in a narrow table of their own
-- (docs/product/search.md): `status:` terms and the roll-up walks start from them without reading
-- every case. Not an index on test_cases.latest_run_status: any index on that column makes each
-- recorded run rewrite every index of test_cases (no HOT update), the trigram one included.
CREATE TABLE "case_run_states" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"status" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_run_states" ADD CONSTRAINT "case_run_states_case_id_test_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_run_states_project_idx" ON "case_run_states" USING btree ("project_id","status","case_id");--> statement-breakpoint
INSERT INTO case_run_states (case_id, project_id, status)
  SELECT id, project_id, latest_run_status FROM test_cases WHERE latest_run_status IS NOT NULL;
--> statement-breakpoint
-- As in migration 0004, then the same cases' rows in case_run_states, in id order.
CREATE OR REPLACE FUNCTION case_latest_run_on_run_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT case_id) INTO affected FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT case_id) INTO affected FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT x.case_id) INTO affected
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.case_id), (o.case_id)) AS x(case_id)
      WHERE n.status IS DISTINCT FROM o.status OR n.case_id <> o.case_id;
  END IF;
  IF affected IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM test_cases WHERE id = ANY (affected) ORDER BY id FOR NO KEY UPDATE;
  UPDATE test_cases c
    SET latest_run_status = l.status
    FROM (
      SELECT a.id,
        (SELECT r.status FROM test_runs r WHERE r.case_id = a.id ORDER BY r.id DESC LIMIT 1) AS status
      FROM unnest(affected) AS a(id)
    ) l
    WHERE c.id = l.id AND c.latest_run_status IS DISTINCT FROM l.status;
  DELETE FROM case_run_states s
    WHERE s.case_id = ANY (affected)
      AND NOT EXISTS (SELECT 1 FROM test_cases c WHERE c.id = s.case_id AND c.latest_run_status IS NOT NULL);
  INSERT INTO case_run_states AS s (case_id, project_id, status)
    SELECT c.id, c.project_id, c.latest_run_status FROM test_cases c
    WHERE c.id = ANY (affected) AND c.latest_run_status IS NOT NULL
    ORDER BY c.id
  ON CONFLICT (case_id) DO UPDATE SET status = excluded.status WHERE s.status <> excluded.status;
  RETURN NULL;
END $$;
