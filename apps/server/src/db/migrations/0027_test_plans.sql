CREATE TABLE "cycle_configurations" (
	"cycle_id" integer NOT NULL,
	"configuration_id" integer NOT NULL,
	CONSTRAINT "cycle_configurations_cycle_id_configuration_id_pk" PRIMARY KEY("cycle_id","configuration_id")
);
--> statement-breakpoint
CREATE TABLE "test_plan_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"name" text,
	"suite_ids" integer[] NOT NULL,
	"case_ids" integer[] NOT NULL,
	"all_cases" boolean DEFAULT false NOT NULL,
	"configuration_ids" integer[] NOT NULL,
	"assignee_id" integer
);
--> statement-breakpoint
CREATE TABLE "test_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"milestone_id" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_type_check";--> statement-breakpoint
ALTER TABLE "test_cycles" ADD COLUMN "plan_id" integer;--> statement-breakpoint
ALTER TABLE "test_cycles" ADD COLUMN "plan_entry_id" integer;--> statement-breakpoint
ALTER TABLE "cycle_configurations" ADD CONSTRAINT "cycle_configurations_cycle_id_test_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."test_cycles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_configurations" ADD CONSTRAINT "cycle_configurations_configuration_id_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_plan_entries" ADD CONSTRAINT "test_plan_entries_plan_id_test_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."test_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_plan_entries" ADD CONSTRAINT "test_plan_entries_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_plans" ADD CONSTRAINT "test_plans_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_plans" ADD CONSTRAINT "test_plans_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cycle_configurations_configuration_idx" ON "cycle_configurations" USING btree ("configuration_id");--> statement-breakpoint
CREATE INDEX "test_plan_entries_plan_idx" ON "test_plan_entries" USING btree ("plan_id","id");--> statement-breakpoint
CREATE INDEX "test_plan_entries_assignee_idx" ON "test_plan_entries" USING btree ("assignee_id") WHERE "test_plan_entries"."assignee_id" is not null;--> statement-breakpoint
CREATE INDEX "test_plans_project_idx" ON "test_plans" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "test_plans_milestone_idx" ON "test_plans" USING btree ("milestone_id") WHERE "test_plans"."milestone_id" is not null;--> statement-breakpoint
ALTER TABLE "test_cycles" ADD CONSTRAINT "test_cycles_plan_id_test_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."test_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_cycles" ADD CONSTRAINT "test_cycles_plan_entry_id_test_plan_entries_id_fk" FOREIGN KEY ("plan_entry_id") REFERENCES "public"."test_plan_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_cycles_plan_idx" ON "test_cycles" USING btree ("plan_id","id") WHERE "test_cycles"."plan_id" is not null;--> statement-breakpoint
CREATE INDEX "test_cycles_plan_entry_idx" ON "test_cycles" USING btree ("plan_entry_id") WHERE "test_cycles"."plan_entry_id" is not null;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_type_check" CHECK ("audit_log"."entity_type" in ('user', 'sub_user', 'role', 'permission', 'project', 'member', 'suite', 'case', 'run', 'session', 'cycle', 'webhook', 'milestone', 'configuration_group', 'plan'));