import { describe, expect, it } from 'vitest';
import { memberRoleIdOf, projectPermissionUnion } from './project-permissions';

const members = [
  { id: 3, role: { id: 7, name: 'Tester' } },
  { id: 4, role: null },
];

describe('memberRoleIdOf', () => {
  it("finds the signed-in user's member role", () => {
    expect(memberRoleIdOf(members, 3)).toBe(7);
  });

  it('is null for a non-member, a member without a role, or unknown members', () => {
    expect(memberRoleIdOf(members, 9)).toBeNull();
    expect(memberRoleIdOf(members, 4)).toBeNull();
    expect(memberRoleIdOf(undefined, 3)).toBeNull();
    expect(memberRoleIdOf(members, undefined)).toBeNull();
  });
});

describe('projectPermissionUnion', () => {
  it('adds the member role permissions to the global ones', () => {
    const union = projectPermissionUnion(new Set(['home_project']), {
      Permissions: [{ name: 'edit_project' }, { name: 'home_project' }],
    });
    expect([...union].sort()).toEqual(['edit_project', 'home_project']);
  });

  it('keeps the global set when there is no member role', () => {
    const global = new Set(['add_project']);
    expect(projectPermissionUnion(global, undefined)).toBe(global);
    expect(projectPermissionUnion(global, { Permissions: null })).toBe(global);
  });
});
