-- Case search text (docs/product/search.md): the name, description, preconditions and steps of a
-- case, lower-cased, in test_cases.search_text, which the search's words and phrases match (a
-- trigram index on it where pg_trgm is available).
--
-- Keeps:     test_cases.search_text.
-- Tables:    fires on test_cases (modules/cases), before the row is written.
-- Owner:     modules/cases (modules/search reads search_text).
-- Proved by: test/search.test.ts › "words and phrases match name, description, preconditions and
--            steps, ignoring case".

-- The parts are joined by line breaks, so a phrase (words and spaces) never matches across two.
CREATE OR REPLACE FUNCTION case_search_text(name text, description text, preconditions text, steps jsonb)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT lower(concat_ws(E'\n', name, description, preconditions,
    (SELECT string_agg(concat_ws(E'\n', s ->> 'action', s ->> 'expected'), E'\n') FROM jsonb_array_elements(steps) s)))
$$;
--> statement-breakpoint
-- A case without steps (every case an import makes from a JUnit report) skips the steps' subquery:
-- the same text (string_agg of no steps is null, which concat_ws leaves out) at less than half
-- the cost per row.
CREATE OR REPLACE FUNCTION test_cases_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF jsonb_array_length(NEW.steps) = 0 THEN
    NEW.search_text := lower(concat_ws(E'\n', NEW.name, NEW.description, NEW.preconditions));
  ELSE
    NEW.search_text := case_search_text(NEW.name, NEW.description, NEW.preconditions, NEW.steps);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER test_cases_search_text BEFORE INSERT OR UPDATE OF name, description, preconditions, steps
  ON test_cases FOR EACH ROW EXECUTE FUNCTION test_cases_search_text();
