import type { EffectivePermissions } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { listText, scopeText, whyText } from './permission-why';

const admin = { id: 1, name: 'Administrator' };
const qa = { id: 2, name: 'QA' };
const tester = { id: 3, name: 'Tester' };

function answer(overrides: Partial<EffectivePermissions> = {}): EffectivePermissions {
  return {
    user: { id: 7, username: 'jane', status: 'active' },
    globalRoles: [admin, qa],
    project: null,
    visibility: null,
    permissions: [],
    ...overrides,
  };
}
const perm = (granted: boolean, sources: EffectivePermissions['permissions'][number]['sources'] = []) => ({
  name: 'edit_project',
  description: 'Edit a project',
  granted,
  sources,
});

describe('whyText', () => {
  it('names the roles that grant it, global and in the project', () => {
    expect(whyText(answer(), perm(true, [{ kind: 'global-role', role: admin }]))).toBe(
      'Granted by the global role Administrator.',
    );
    const inProject = answer({
      project: { id: 5, name: 'Web' },
      visibility: { visible: true, reasons: ['member'], memberRole: tester },
    });
    expect(
      whyText(
        inProject,
        perm(true, [
          { kind: 'global-role', role: admin },
          { kind: 'global-role', role: qa },
          { kind: 'project-role', role: tester },
        ]),
      ),
    ).toBe('Granted by the global roles Administrator and QA, and by their role Tester in Web.');
  });

  it('says why not: no role carries it, or no role in the project', () => {
    expect(whyText(answer(), perm(false))).toBe(
      "Not granted: none of jane's global roles (Administrator and QA) carries it.",
    );
    expect(whyText(answer({ globalRoles: [] }), perm(false))).toBe('Not granted: jane has no global role.');
    const member = answer({
      project: { id: 5, name: 'Web' },
      visibility: { visible: true, reasons: ['member'], memberRole: tester },
    });
    expect(whyText(member, perm(false))).toBe(
      "Not granted: none of jane's global roles (Administrator and QA) carries it, nor their role Tester in Web.",
    );
    const seer = answer({
      project: { id: 5, name: 'Web' },
      visibility: { visible: true, reasons: ['view_all_projects'], memberRole: null },
    });
    expect(whyText(seer, perm(false))).toBe(
      "Not granted: none of jane's global roles (Administrator and QA) carries it, and jane has no role in Web.",
    );
  });

  it('puts a hidden project first, even when a role carries the permission', () => {
    const hidden = answer({
      project: { id: 5, name: 'Web' },
      visibility: { visible: false, reasons: [], memberRole: null },
    });
    expect(whyText(hidden, perm(false, [{ kind: 'global-role', role: qa }]))).toBe(
      'Not granted in Web: jane cannot see this project (the global role QA carries it).',
    );
    expect(whyText(hidden, perm(false))).toBe('Not granted in Web: jane cannot see this project.');
  });
});

describe('scopeText', () => {
  it('explains the scope and how the project is seen', () => {
    expect(scopeText(answer())).toMatch(/^Global permissions of jane/);
    expect(
      scopeText(
        answer({
          project: { id: 5, name: 'Web' },
          visibility: {
            visible: true,
            reasons: ['member', 'creator', 'view_all_projects'],
            memberRole: tester,
          },
        }),
      ),
    ).toMatch(/^jane sees Web as a member \(role Tester\), its creator and a holder of view_all_projects\./);
    expect(
      scopeText(
        answer({
          project: { id: 5, name: 'Web' },
          visibility: { visible: false, reasons: [], memberRole: null },
        }),
      ),
    ).toMatch(/^jane cannot see Web/);
  });

  it('lists in plain words', () => {
    expect([listText([]), listText(['a']), listText(['a', 'b']), listText(['a', 'b', 'c'])]).toEqual([
      '',
      'a',
      'a and b',
      'a, b and c',
    ]);
  });
});
