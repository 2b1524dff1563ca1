CREATE TABLE "case_shared_steps" (
	"case_id" integer NOT NULL,
	"set_id" integer NOT NULL,
	CONSTRAINT "case_shared_steps_case_id_set_id_pk" PRIMARY KEY("case_id","set_id")
);
--> statement-breakpoint
CREATE TABLE "shared_step_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_step_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"set_id" integer NOT NULL,
	"version" integer NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_type_check";--> statement-breakpoint
ALTER TABLE "case_versions" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "case_shared_steps" ADD CONSTRAINT "case_shared_steps_case_id_test_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_shared_steps" ADD CONSTRAINT "case_shared_steps_set_id_shared_step_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."shared_step_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_step_sets" ADD CONSTRAINT "shared_step_sets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_step_versions" ADD CONSTRAINT "shared_step_versions_set_id_shared_step_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."shared_step_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_shared_steps_set_idx" ON "case_shared_steps" USING btree ("set_id","case_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_step_sets_project_name_idx" ON "shared_step_sets" USING btree ("project_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "shared_step_versions_set_version_idx" ON "shared_step_versions" USING btree ("set_id","version");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_type_check" CHECK ("audit_log"."entity_type" in ('user', 'sub_user', 'role', 'permission', 'project', 'member', 'suite', 'case', 'run', 'session', 'cycle', 'webhook', 'milestone', 'configuration_group', 'plan', 'requirement', 'shared_steps'));