-- Case search (docs/product/search.md): the text words and phrases match, kept by a trigger from
-- the name, description, preconditions and steps, lower-cased; a trigram index for it where
-- pg_trgm is available (migration 0005 creates the extension when it can); tags by containment.
ALTER TABLE "test_cases" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The parts are joined by line breaks, so a phrase (words and spaces) never matches across two.
CREATE FUNCTION case_search_text(name text, description text, preconditions text, steps jsonb)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT lower(concat_ws(E'\n', name, description, preconditions,
    (SELECT string_agg(concat_ws(E'\n', s ->> 'action', s ->> 'expected'), E'\n') FROM jsonb_array_elements(steps) s)))
$$;
--> statement-breakpoint
CREATE FUNCTION test_cases_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := case_search_text(NEW.name, NEW.description, NEW.preconditions, NEW.steps);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER test_cases_search_text BEFORE INSERT OR UPDATE OF name, description, preconditions, steps
  ON test_cases FOR EACH ROW EXECUTE FUNCTION test_cases_search_text();
--> statement-breakpoint
UPDATE test_cases SET search_text = case_search_text(name, description, preconditions, steps);
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX "test_cases_search_trgm_idx" ON "test_cases" USING gin ("search_text" gin_trgm_ops);
  END IF;
END
$$;
--> statement-breakpoint
CREATE INDEX "test_cases_tags_idx" ON "test_cases" USING gin ("tags");
