ALTER TABLE "roles" ADD COLUMN "built_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_one_built_in" ON "roles" USING btree ("built_in") WHERE "roles"."built_in";--> statement-breakpoint
-- The Administrator role was found by its name. On a database made by an earlier version it is
-- the role of that name, or, should it have been renamed, the oldest role holding every
-- built-in permission (first start made it before any other). A new database has no roles yet:
-- first start makes the role with the flag.
UPDATE "roles" SET "built_in" = true WHERE "id" = (
  SELECT r."id" FROM "roles" r
  WHERE r."name" = 'Administrator'
     OR NOT EXISTS (
       SELECT 1 FROM "permissions" p
       WHERE p."built_in"
         AND NOT EXISTS (
           SELECT 1 FROM "role_permissions" rp WHERE rp."role_id" = r."id" AND rp."permission_id" = p."id"))
  ORDER BY (r."name" = 'Administrator') DESC, r."id"
  LIMIT 1);
--> statement-breakpoint
-- It holds every permission, including any an earlier version let someone take from it.
INSERT INTO "role_permissions" ("role_id", "permission_id")
  SELECT r."id", p."id" FROM "roles" r CROSS JOIN "permissions" p WHERE r."built_in"
  ON CONFLICT DO NOTHING;
