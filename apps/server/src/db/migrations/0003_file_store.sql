CREATE TABLE "project_evidence_retention" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"keep_cycles" integer,
	"keep_days" integer,
	CONSTRAINT "project_evidence_retention_rule_check" CHECK (num_nonnulls("project_evidence_retention"."keep_cycles", "project_evidence_retention"."keep_days") >= 1)
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "store" text DEFAULT 'database' NOT NULL;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "project_evidence_retention" ADD CONSTRAINT "project_evidence_retention_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_store_check" CHECK ("attachments"."store" in ('database', 's3'));