CREATE TABLE "configuration_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "configurations" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "milestones" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_date" date,
	"due_date" date,
	"state" text DEFAULT 'open' NOT NULL,
	"branch" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "milestones_state_check" CHECK ("milestones"."state" in ('open', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_type_check";--> statement-breakpoint
ALTER TABLE "test_cycles" ADD COLUMN "milestone_id" integer;--> statement-breakpoint
ALTER TABLE "configuration_groups" ADD CONSTRAINT "configuration_groups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configurations" ADD CONSTRAINT "configurations_group_id_configuration_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."configuration_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_parent_id_milestones_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."milestones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "configuration_groups_project_name_idx" ON "configuration_groups" USING btree ("project_id",lower("name"));--> statement-breakpoint
CREATE INDEX "configuration_groups_project_idx" ON "configuration_groups" USING btree ("project_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "configurations_group_name_idx" ON "configurations" USING btree ("group_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "milestones_project_name_idx" ON "milestones" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "milestones_project_idx" ON "milestones" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "milestones_parent_idx" ON "milestones" USING btree ("parent_id") WHERE "milestones"."parent_id" is not null;--> statement-breakpoint
ALTER TABLE "test_cycles" ADD CONSTRAINT "test_cycles_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_cycles_milestone_idx" ON "test_cycles" USING btree ("milestone_id") WHERE "test_cycles"."milestone_id" is not null;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_type_check" CHECK ("audit_log"."entity_type" in ('user', 'sub_user', 'role', 'permission', 'project', 'member', 'suite', 'case', 'run', 'session', 'cycle', 'webhook', 'milestone', 'configuration_group'));--> statement-breakpoint
-- Each project's distinct non-blank free-text cycle milestones become milestones of that project
-- (docs/product/milestones.md, "Cycles and their milestone"), and each cycle is linked to its own.
INSERT INTO "milestones" ("project_id", "name", "created_at")
SELECT "project_id", btrim("milestone"), min("created_at") FROM "test_cycles"
WHERE btrim(coalesce("milestone", '')) <> ''
GROUP BY "project_id", btrim("milestone");--> statement-breakpoint
UPDATE "test_cycles" y SET "milestone_id" = m."id", "milestone" = m."name"
FROM "milestones" m
WHERE m."project_id" = y."project_id" AND m."name" = btrim(y."milestone");--> statement-breakpoint
-- A blank text named no milestone: it reads as none, as the cycle's milestone_id says.
UPDATE "test_cycles" SET "milestone" = NULL WHERE "milestone_id" IS NULL AND "milestone" IS NOT NULL;
