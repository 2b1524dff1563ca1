-- Authorization changes (decision 086): every server instance keeps a memo of who its callers are
-- and what they may do in a project (modules/authz/auth-cache.ts); these statement-level triggers
-- tell all of them, through NOTIFY verdict_auth on commit, that the rows behind that memo changed,
-- whoever changed them.
--
-- Keeps:     no table; sends NOTIFY verdict_auth.
-- Tables:    fire on users and user_roles (modules/users), role_permissions (modules/roles),
--            permissions (modules/permissions), revoked_tokens (modules/auth), projects and
--            project_members (modules/projects).
-- Owner:     modules/authz (auth-cache.ts listens).
-- Proved by: test/auth-two-instances.test.ts › "a sign-out answered by one instance is refused by
--            the other at once" and "a permission taken from a role on one instance is refused by
--            the other at once" (PostgreSQL server only); test/live.test.ts › "a stream ends with
--            its session".

CREATE OR REPLACE FUNCTION verdict_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('verdict_auth', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER verdict_auth_users AFTER UPDATE OF status, token_version, username, email, parent_id, account_id OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION verdict_auth_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER verdict_auth_user_roles AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION verdict_auth_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER verdict_auth_role_permissions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION verdict_auth_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER verdict_auth_permissions AFTER UPDATE OF name OR DELETE ON permissions
  FOR EACH STATEMENT EXECUTE FUNCTION verdict_auth_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER verdict_auth_revoked_tokens AFTER INSERT OR DELETE ON revoked_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION verdict_auth_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER verdict_auth_projects AFTER INSERT OR UPDATE OF created_by OR DELETE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION verdict_auth_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER verdict_auth_project_members AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON project_members
  FOR EACH STATEMENT EXECUTE FUNCTION verdict_auth_changed();
