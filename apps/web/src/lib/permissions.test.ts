import { describe, expect, it } from 'vitest';
import { hasPermission, permissionUnion } from './permissions';

describe('permissionUnion', () => {
  it('is the union of the permission names of all roles', () => {
    const union = permissionUnion([
      { Permissions: [{ name: 'add_project' }, { name: 'home_project' }] },
      { Permissions: [{ name: 'home_project' }, { name: 'manage_admin_panel' }] },
    ]);
    expect([...union].sort()).toEqual(['add_project', 'home_project', 'manage_admin_panel']);
  });

  it('is empty without roles or permissions', () => {
    expect(permissionUnion([]).size).toBe(0);
    expect(permissionUnion([{ Permissions: [] }, { Permissions: [] }]).size).toBe(0);
  });

  it('answers membership through hasPermission', () => {
    const union = permissionUnion([{ Permissions: [{ name: 'edit_project' }] }]);
    expect(hasPermission(union, 'edit_project')).toBe(true);
    expect(hasPermission(union, 'delete_project')).toBe(false);
  });
});
