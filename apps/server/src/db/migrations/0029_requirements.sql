CREATE TABLE "requirement_cases" (
	"requirement_id" integer NOT NULL,
	"case_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requirement_cases_requirement_id_case_id_pk" PRIMARY KEY("requirement_id","case_id")
);
--> statement-breakpoint
CREATE TABLE "requirement_counters" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"next_number" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requirement_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"requirement_id" integer NOT NULL,
	"version" integer NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requirements" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"parent_id" integer,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"external_url" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requirements_status_check" CHECK ("requirements"."status" in ('draft', 'approved', 'implemented', 'obsolete'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_type_check";--> statement-breakpoint
ALTER TABLE "requirement_cases" ADD CONSTRAINT "requirement_cases_requirement_id_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_cases" ADD CONSTRAINT "requirement_cases_case_id_test_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_cases" ADD CONSTRAINT "requirement_cases_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_counters" ADD CONSTRAINT "requirement_counters_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_versions" ADD CONSTRAINT "requirement_versions_requirement_id_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_parent_id_requirements_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requirement_cases_case_idx" ON "requirement_cases" USING btree ("case_id");--> statement-breakpoint
CREATE UNIQUE INDEX "requirement_versions_requirement_version_idx" ON "requirement_versions" USING btree ("requirement_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "requirements_project_key_idx" ON "requirements" USING btree ("project_id",lower("key"));--> statement-breakpoint
CREATE INDEX "requirements_parent_idx" ON "requirements" USING btree ("parent_id") WHERE "requirements"."parent_id" is not null;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_type_check" CHECK ("audit_log"."entity_type" in ('user', 'sub_user', 'role', 'permission', 'project', 'member', 'suite', 'case', 'run', 'session', 'cycle', 'webhook', 'milestone', 'configuration_group', 'plan', 'requirement'));