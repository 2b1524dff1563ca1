import { describe, expect, it } from 'vitest';
import { hasPermission, permissionUnion, roleIdsOf } from './permissions';

describe('roleIdsOf', () => {
  it('reads roleIds', () => {
    expect(roleIdsOf({ roleIds: [3, 1] })).toEqual([3, 1]);
  });

  it('falls back to the Roles list of objects', () => {
    expect(roleIdsOf({ Roles: [{ id: 4 }, { id: 2 }] })).toEqual([4, 2]);
  });

  it('removes duplicates and copes with neither field', () => {
    expect(roleIdsOf({ roleIds: [1, 1, 2] })).toEqual([1, 2]);
    expect(roleIdsOf({})).toEqual([]);
    expect(roleIdsOf({ roleIds: null, Roles: null })).toEqual([]);
  });
});

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
    expect(permissionUnion([{ Permissions: [] }, {}, { Permissions: null }]).size).toBe(0);
  });

  it('answers membership through hasPermission', () => {
    const union = permissionUnion([{ Permissions: [{ name: 'edit_project' }] }]);
    expect(hasPermission(union, 'edit_project')).toBe(true);
    expect(hasPermission(union, 'delete_project')).toBe(false);
  });
});
