-- Parameterized cases (docs/product/parameters.md, decision 224): a case's columns and rows, and
-- one cycle item per data row, which keeps the row it was made with.
DROP INDEX "cycle_items_cycle_case_idx";--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "parameters" jsonb;--> statement-breakpoint
ALTER TABLE "cycle_items" ADD COLUMN "parameter_row" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cycle_items" ADD COLUMN "parameter_values" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "cycle_items_cycle_case_row_idx" ON "cycle_items" USING btree ("cycle_id","case_id","parameter_row");