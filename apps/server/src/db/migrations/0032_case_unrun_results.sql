CREATE TABLE "case_unrun_results" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"state" text NOT NULL,
	"result_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_unrun_results" ADD CONSTRAINT "case_unrun_results_case_id_test_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_unrun_results_project_idx" ON "case_unrun_results" USING btree ("project_id","case_id");