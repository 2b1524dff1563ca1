-- Retest, a state of cycle items and results ("fixed, verify again", decision 178): the states
-- the checks allow, a counts column kept like the others, and the counting function that fills it.
ALTER TABLE "cycle_counts" ADD COLUMN "retest" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "cycle_items" DROP CONSTRAINT "cycle_items_state_check";
--> statement-breakpoint
ALTER TABLE "cycle_items" ADD CONSTRAINT "cycle_items_state_check" CHECK ("cycle_items"."state" in ('untested', 'passed', 'failed', 'blocked', 'skipped', 'retest'));
--> statement-breakpoint
ALTER TABLE "cycle_results" DROP CONSTRAINT "cycle_results_state_check";
--> statement-breakpoint
ALTER TABLE "cycle_results" ADD CONSTRAINT "cycle_results_state_check" CHECK ("cycle_results"."state" in ('passed', 'failed', 'blocked', 'skipped', 'retest'));
--> statement-breakpoint
-- src/db/triggers/cycle-counts.sql
-- Cycle counts (docs/product/cycles.md, docs/product/reports.md): how many items of each cycle are
-- in each state, and the sum of their latest durations.
--
-- Keeps:     cycle_counts (total, untested, passed, failed, blocked, skipped, retest, duration_ms), a row
--            per cycle from its creation. Its flaky_count is written by modules/reports.
-- Tables:    fire on test_cycles and cycle_items (modules/cycles); write cycle_counts.
-- Owner:     modules/cycles (modules/reports and modules/cycle-compare read it).
-- Proved by: test/cycles.test.ts › "passed and failed record the test run; blocked and skipped
--            change only the item", "a deleted case takes its items with it and the counts
--            follow"; test/cycle-undo.test.ts › "counts stay equal to a recount through retest
--            and undo"; test/reports.test.ts › "keeps pass rate, duration and the flaky count per
--            import cycle of a branch".
--
-- One pass per statement: creating a cycle of 10,000 cases, a bulk assign or a case delete that
-- takes items with it costs one update per cycle, in cycle order.

-- Every cycle has its counts row from the start.
CREATE OR REPLACE FUNCTION cycle_counts_on_cycle_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO cycle_counts (cycle_id) SELECT id FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Adds a delta per item (its state, +1 or -1, and its latest duration) to its cycle's counts.
CREATE OR REPLACE FUNCTION apply_cycle_count_deltas(cycle_ids integer[], states text[], deltas integer[], durations bigint[])
RETURNS void LANGUAGE sql AS $$
  UPDATE cycle_counts c SET
    total = c.total + s.total, untested = c.untested + s.untested, passed = c.passed + s.passed,
    failed = c.failed + s.failed, blocked = c.blocked + s.blocked, skipped = c.skipped + s.skipped,
    retest = c.retest + s.retest, duration_ms = c.duration_ms + s.duration_ms
  FROM (
    SELECT cycle_id,
      sum(n)::int AS total,
      coalesce(sum(n) FILTER (WHERE state = 'untested'), 0)::int AS untested,
      coalesce(sum(n) FILTER (WHERE state = 'passed'), 0)::int AS passed,
      coalesce(sum(n) FILTER (WHERE state = 'failed'), 0)::int AS failed,
      coalesce(sum(n) FILTER (WHERE state = 'blocked'), 0)::int AS blocked,
      coalesce(sum(n) FILTER (WHERE state = 'skipped'), 0)::int AS skipped,
      coalesce(sum(n) FILTER (WHERE state = 'retest'), 0)::int AS retest,
      coalesce(sum(ms), 0)::bigint AS duration_ms
    FROM unnest(cycle_ids, states, deltas, durations) AS d(cycle_id, state, n, ms)
    GROUP BY cycle_id ORDER BY cycle_id
  ) s
  WHERE c.cycle_id = s.cycle_id
    AND (s.total, s.untested, s.passed, s.failed, s.blocked, s.skipped, s.retest, s.duration_ms)
      <> (0, 0, 0, 0, 0, 0, 0, 0)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cycle_counts_on_item_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM apply_cycle_count_deltas(array_agg(cycle_id), array_agg(state), array_agg(1),
      array_agg(coalesce(elapsed_ms, 0)::bigint)) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM apply_cycle_count_deltas(array_agg(cycle_id), array_agg(state), array_agg(-1),
      array_agg(-coalesce(elapsed_ms, 0)::bigint)) FROM old_rows;
  ELSE
    PERFORM apply_cycle_count_deltas(array_agg(d.cycle_id), array_agg(d.state), array_agg(d.n), array_agg(d.ms))
      FROM (
        SELECT n.cycle_id, n.state, 1 AS n, coalesce(n.elapsed_ms, 0)::bigint AS ms
          FROM new_rows n JOIN old_rows o ON o.id = n.id
          WHERE n.state <> o.state OR n.cycle_id <> o.cycle_id OR n.elapsed_ms IS DISTINCT FROM o.elapsed_ms
        UNION ALL
        SELECT o.cycle_id, o.state, -1, -coalesce(o.elapsed_ms, 0)::bigint
          FROM new_rows n JOIN old_rows o ON o.id = n.id
          WHERE n.state <> o.state OR n.cycle_id <> o.cycle_id OR n.elapsed_ms IS DISTINCT FROM o.elapsed_ms
      ) d;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER cycle_counts_cycle_insert AFTER INSERT ON test_cycles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cycle_counts_on_cycle_insert();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER cycle_counts_item_insert AFTER INSERT ON cycle_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cycle_counts_on_item_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER cycle_counts_item_update AFTER UPDATE ON cycle_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cycle_counts_on_item_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER cycle_counts_item_delete AFTER DELETE ON cycle_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cycle_counts_on_item_change();
