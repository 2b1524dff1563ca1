-- Permissions added after the seed reach the roles that existed before them (decision 166,
-- docs/product/roles-and-permissions.md, "New permissions and existing roles"): a role holding
-- the older permission named beside a newer one gets the newer one too. Earlier versions added
-- these to the Administrator role alone, so on a database made before cycles only
-- Administrators could open the cycles a tester is assigned to. The same pairs are
-- PERMISSION_GRANT_RULES in the contract, which the start applies to permissions added later.
-- Each role that gains a permission gets one audit entry, as an edit of the role would.
WITH rules(new_name, old_name) AS (
  VALUES
    ('import_results', 'add_test_run_in_test_case'),
    ('export_project', 'edit_project'),
    ('home_test_cycle', 'home_test_case'),
    ('add_test_cycle', 'add_test_suit_in_project'),
    ('edit_test_cycle', 'edit_test_suit'),
    ('delete_test_cycle', 'delete_test_suit'),
    ('execute_test_cycle', 'add_test_run_in_test_case'),
    ('manage_case_fields', 'edit_project'),
    ('quarantine_test_case', 'edit_test_case'),
    ('manage_webhooks', 'edit_project')
),
held AS (
  SELECT r.id AS role_id, r.name,
    coalesce(array_agg(p.id ORDER BY p.id) FILTER (WHERE p.id IS NOT NULL), '{}') AS ids
  FROM roles r
  LEFT JOIN role_permissions rp ON rp.role_id = r.id
  LEFT JOIN permissions p ON p.id = rp.permission_id
  WHERE NOT r.built_in
  GROUP BY r.id, r.name
),
granted AS (
  INSERT INTO role_permissions (role_id, permission_id)
  SELECT DISTINCT h.role_id, newer.id
  FROM rules
  JOIN permissions older ON older.name = rules.old_name
  JOIN permissions newer ON newer.name = rules.new_name
  JOIN held h ON older.id = ANY (h.ids)
  ON CONFLICT DO NOTHING
  RETURNING role_id, permission_id
),
gained AS (
  SELECT role_id, array_agg(permission_id) AS ids FROM granted GROUP BY role_id
)
INSERT INTO audit_log (action, entity_type, entity_id, summary, changes)
SELECT 'update', 'role', h.role_id, 'Updated role "' || h.name || '": permissions',
  jsonb_build_object('permissions', jsonb_build_object(
    'before', (SELECT coalesce(jsonb_agg(p.name ORDER BY p.id), '[]') FROM permissions p WHERE p.id = ANY (h.ids)),
    'after', (SELECT coalesce(jsonb_agg(p.name ORDER BY p.id), '[]') FROM permissions p
              WHERE p.id = ANY (h.ids) OR p.id = ANY (g.ids))))
FROM held h JOIN gained g ON g.role_id = h.role_id
ORDER BY h.role_id;
