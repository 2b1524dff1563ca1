ALTER TABLE "test_cases" ADD COLUMN "latest_run_status" text;--> statement-breakpoint
CREATE INDEX "test_cases_project_id_idx" ON "test_cases" USING btree ("project_id","id");--> statement-breakpoint
ALTER TABLE "test_cases" ADD CONSTRAINT "test_cases_latest_run_status_check" CHECK ("test_cases"."latest_run_status" in ('passed', 'failed'));