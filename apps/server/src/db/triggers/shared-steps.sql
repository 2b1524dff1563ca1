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
