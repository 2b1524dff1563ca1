CREATE TABLE "attachment_chunks" (
	"attachment_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "attachment_chunks_attachment_id_seq_pk" PRIMARY KEY("attachment_id","seq")
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"case_id" integer,
	"result_id" integer,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"complete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachments_owner_check" CHECK (num_nonnulls("attachments"."case_id", "attachments"."result_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "case_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"default_value" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_fields_type_check" CHECK ("case_fields"."type" in ('text', 'textarea', 'number', 'select', 'multiselect', 'checkbox', 'date', 'url'))
);
--> statement-breakpoint
CREATE TABLE "case_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"version" integer NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed" text[] NOT NULL,
	"content" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_tags" (
	"project_id" integer NOT NULL,
	"tag" text NOT NULL,
	"cases" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "project_tags_project_id_tag_pk" PRIMARY KEY("project_id","tag")
);
--> statement-breakpoint
ALTER TABLE "cycle_results" ADD COLUMN "step_results" jsonb;--> statement-breakpoint
ALTER TABLE "cycle_results" ADD COLUMN "case_version" integer;--> statement-breakpoint
ALTER TABLE "cycle_results" ADD COLUMN "log" text;--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "preconditions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "priority" text DEFAULT 'medium' NOT NULL;--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "steps" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "attachment_chunks" ADD CONSTRAINT "attachment_chunks_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_case_id_test_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_result_id_cycle_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."cycle_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_fields" ADD CONSTRAINT "case_fields_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_versions" ADD CONSTRAINT "case_versions_case_id_test_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tags" ADD CONSTRAINT "project_tags_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_case_idx" ON "attachments" USING btree ("case_id","id");--> statement-breakpoint
CREATE INDEX "attachments_result_idx" ON "attachments" USING btree ("result_id","id");--> statement-breakpoint
CREATE INDEX "case_fields_project_idx" ON "case_fields" USING btree ("project_id","position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "case_fields_project_name_idx" ON "case_fields" USING btree ("project_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "case_versions_case_version_idx" ON "case_versions" USING btree ("case_id","version");--> statement-breakpoint
ALTER TABLE "test_cases" ADD CONSTRAINT "test_cases_priority_check" CHECK ("test_cases"."priority" in ('critical', 'high', 'medium', 'low'));--> statement-breakpoint
-- Lists answer a case's priority and tags (docs/product/rich-cases.md, "In lists"): a change of
-- either bumps the list versions as a change of name or description does.
DROP TRIGGER project_stats_case_update ON test_cases;
--> statement-breakpoint
CREATE TRIGGER project_stats_case_update
  AFTER UPDATE OF name, description, parent_id, suite_id, project_id, priority, tags ON test_cases
  FOR EACH ROW EXECUTE FUNCTION project_stats_on_case_edit();
--> statement-breakpoint
-- The tags of a project with how many cases carry each (project_tags), for the tag autocomplete:
-- kept here so it never scans the cases. Named after project_stats' triggers, so they run after
-- them and every write takes project_stats' row before these.
CREATE FUNCTION project_tags_count(project_ids integer[], tag_lists text[], signs integer[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Each entry: a project, a case's tags as one text (its array written out), +1 or -1. A
  -- project being deleted has lost its tags already (its cascade), so it is left out.
  INSERT INTO project_tags AS t (project_id, tag, cases)
    SELECT p, tag, sum(sign)::int
    FROM unnest(project_ids, tag_lists, signs) AS e(p, list, sign), unnest(list::text[]) AS tag
    WHERE EXISTS (SELECT 1 FROM projects WHERE id = p)
    GROUP BY p, tag HAVING sum(sign) <> 0
    ORDER BY p, tag
  ON CONFLICT (project_id, tag) DO UPDATE SET cases = t.cases + excluded.cases;
  DELETE FROM project_tags t WHERE t.project_id = ANY (project_ids) AND t.cases <= 0;
END $$;
--> statement-breakpoint
CREATE FUNCTION project_tags_on_case_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM project_tags_count(array_agg(project_id), array_agg(tags::text), array_agg(1))
    FROM new_rows WHERE cardinality(tags) > 0 HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION project_tags_on_case_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM project_tags_count(array_agg(project_id), array_agg(tags::text), array_agg(-1))
    FROM old_rows WHERE cardinality(tags) > 0 HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION project_tags_on_case_retag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM project_tags_count(ARRAY[OLD.project_id, NEW.project_id], ARRAY[OLD.tags::text, NEW.tags::text],
    ARRAY[-1, 1]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER project_tags_case_insert AFTER INSERT ON test_cases
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_tags_on_case_insert();
--> statement-breakpoint
CREATE TRIGGER project_tags_case_delete AFTER DELETE ON test_cases
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION project_tags_on_case_delete();
--> statement-breakpoint
CREATE TRIGGER project_tags_case_retag AFTER UPDATE OF tags, project_id ON test_cases
  FOR EACH ROW WHEN (OLD.tags IS DISTINCT FROM NEW.tags OR OLD.project_id <> NEW.project_id)
  EXECUTE FUNCTION project_tags_on_case_retag();
