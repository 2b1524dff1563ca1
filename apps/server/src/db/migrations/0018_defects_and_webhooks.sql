CREATE TABLE "defect_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"case_id" integer NOT NULL,
	"cycle_id" integer,
	"item_id" integer,
	"result_id" integer,
	"defect" text NOT NULL,
	"url" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "defect_links_target_key" UNIQUE NULLS NOT DISTINCT("case_id","item_id","result_id","defect")
);
--> statement-breakpoint
CREATE TABLE "project_trackers" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"base_url" text DEFAULT '' NOT NULL,
	"project" text DEFAULT '' NOT NULL,
	"issue_type" text DEFAULT '' NOT NULL,
	"link_template" text DEFAULT '' NOT NULL,
	"new_issue_template" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_trackers_kind_check" CHECK ("project_trackers"."kind" in ('jira', 'github', 'gitlab', 'url'))
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"webhook_id" integer NOT NULL,
	"event" text NOT NULL,
	"body" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"response_code" integer,
	"response_ms" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_state_check" CHECK ("webhook_deliveries"."state" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"failures_only" boolean DEFAULT false NOT NULL,
	"secret" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "defect_links" ADD CONSTRAINT "defect_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "defect_links" ADD CONSTRAINT "defect_links_case_id_test_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "defect_links" ADD CONSTRAINT "defect_links_cycle_id_test_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."test_cycles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "defect_links" ADD CONSTRAINT "defect_links_item_id_cycle_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."cycle_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "defect_links" ADD CONSTRAINT "defect_links_result_id_cycle_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."cycle_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_trackers" ADD CONSTRAINT "project_trackers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "defect_links_project_defect_idx" ON "defect_links" USING btree ("project_id",lower("defect"));--> statement-breakpoint
CREATE INDEX "defect_links_cycle_idx" ON "defect_links" USING btree ("cycle_id");--> statement-breakpoint
CREATE INDEX "defect_links_item_idx" ON "defect_links" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "defect_links_result_idx" ON "defect_links" USING btree ("result_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_id","id");--> statement-breakpoint
CREATE INDEX "webhooks_project_idx" ON "webhooks" USING btree ("project_id");