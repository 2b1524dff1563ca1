-- Every server instance keeps a memo of who its callers are and what they may do in a project
-- (modules/authz/auth-cache.ts). These statement-level triggers tell all of them, through
-- NOTIFY verdict_auth on commit, that the rows behind that memo changed, whoever changed them.
CREATE FUNCTION verdict_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('verdict_auth', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER verdict_auth_users AFTER UPDATE OF status, token_version, username, email, parent_id, account_id OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION verdict_auth_changed();
--> statement-breakpoint
CREATE TRIGGER verdict_auth_user_roles AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION verdict_auth_changed();
--> statement-breakpoint
CREATE TRIGGER verdict_auth_role_permissions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION verdict_auth_changed();
--> statement-breakpoint
CREATE TRIGGER verdict_auth_permissions AFTER UPDATE OF name OR DELETE ON permissions
  FOR EACH STATEMENT EXECUTE FUNCTION verdict_auth_changed();
--> statement-breakpoint
CREATE TRIGGER verdict_auth_revoked_tokens AFTER INSERT OR DELETE ON revoked_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION verdict_auth_changed();
--> statement-breakpoint
CREATE TRIGGER verdict_auth_projects AFTER INSERT OR UPDATE OF created_by OR DELETE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION verdict_auth_changed();
--> statement-breakpoint
CREATE TRIGGER verdict_auth_project_members AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON project_members
  FOR EACH STATEMENT EXECUTE FUNCTION verdict_auth_changed();
--> statement-breakpoint
-- A version per project, bumped in the same transaction as any write that changes what a case
-- list shows (a case's fields, its children, its runs' statuses), so the server can keep a
-- large list's serialized answer and reuse it while the version stands (cases/case-list-cache.ts).
ALTER TABLE project_stats ADD COLUMN version bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION project_stats_on_run_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE project_stats s
      SET passed = s.passed + d.passed, failed = s.failed + d.failed, version = s.version + 1
      FROM (SELECT project_id,
                   count(*) FILTER (WHERE status = 'passed')::int AS passed,
                   count(*) FILTER (WHERE status = 'failed')::int AS failed
              FROM new_rows GROUP BY project_id) d
      WHERE s.project_id = d.project_id;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE project_stats s
      SET passed = s.passed - d.passed, failed = s.failed - d.failed, version = s.version + 1
      FROM (SELECT project_id,
                   count(*) FILTER (WHERE status = 'passed')::int AS passed,
                   count(*) FILTER (WHERE status = 'failed')::int AS failed
              FROM old_rows GROUP BY project_id) d
      WHERE s.project_id = d.project_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION project_stats_on_case_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE project_stats s SET version = s.version + 1
      WHERE s.project_id IN (SELECT DISTINCT project_id FROM old_rows);
  ELSE
    UPDATE project_stats s SET version = s.version + 1
      WHERE s.project_id IN (SELECT DISTINCT project_id FROM new_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER project_stats_case_insert AFTER INSERT ON test_cases
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_stats_on_case_change();
--> statement-breakpoint
-- A row trigger: PostgreSQL allows no transition table with a column list, and without the list
-- the run triggers' own updates of latest_run_status would bump the version a second time.
CREATE FUNCTION project_stats_on_case_edit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE project_stats s SET version = s.version + 1 WHERE s.project_id = NEW.project_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER project_stats_case_update AFTER UPDATE OF name, description, parent_id, suite_id, project_id ON test_cases
  FOR EACH ROW EXECUTE FUNCTION project_stats_on_case_edit();
--> statement-breakpoint
CREATE TRIGGER project_stats_case_delete AFTER DELETE ON test_cases
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION project_stats_on_case_change();
