-- Cycle item locks: no trigger, but a function of the database like the others, so it has its
-- current definition here too.
--
-- Keeps:     nothing. Locks the items a batch of results goes to, top-down as every write does
--            (db/row-locks.ts): projects (key share), cycles (share: a close waits), cases (their
--            runs' trigger rewrites them), items, each in id order; in one call, so a batch costs
--            one round trip for its locks. Answers the items still there, with their cycle's state.
-- Tables:    reads and locks projects, test_cycles, test_cases and cycle_items.
-- Owner:     modules/cycles (cycles-repository.ts, recording results).
-- Proved by: test/cycles.test.ts › "a burst on one cycle, one item twice, and an item of a closed
--            cycle: each answered as alone".

CREATE OR REPLACE FUNCTION lock_cycle_items(item_ids integer[])
RETURNS TABLE (id integer, cycle_id integer, case_id integer, project_id integer, cycle_state text)
LANGUAGE plpgsql AS $$
DECLARE
  v_projects integer[];
  v_cycles integer[];
  v_cases integer[];
  v_items integer[];
BEGIN
  SELECT array_agg(DISTINCT y.project_id), array_agg(DISTINCT i.cycle_id), array_agg(DISTINCT i.case_id),
      array_agg(i.id)
    INTO v_projects, v_cycles, v_cases, v_items
    FROM cycle_items i JOIN test_cycles y ON y.id = i.cycle_id WHERE i.id = ANY (item_ids);
  PERFORM 1 FROM projects p WHERE p.id = ANY (v_projects) ORDER BY p.id FOR KEY SHARE;
  PERFORM 1 FROM test_cycles y WHERE y.id = ANY (v_cycles) ORDER BY y.id FOR SHARE;
  PERFORM 1 FROM test_cases c WHERE c.id = ANY (v_cases) ORDER BY c.id FOR NO KEY UPDATE;
  PERFORM 1 FROM cycle_items i WHERE i.id = ANY (v_items) ORDER BY i.id FOR NO KEY UPDATE;
  RETURN QUERY
    SELECT i.id, i.cycle_id, i.case_id, y.project_id, y.state
    FROM cycle_items i JOIN test_cycles y ON y.id = i.cycle_id
    WHERE i.id = ANY (v_items);
END $$;
