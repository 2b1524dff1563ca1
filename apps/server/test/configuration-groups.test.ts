import { CONFIGURATION_LIMITS } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { addMember, createProject, createRole, createUser } from './helpers/fixtures.ts';
import { as, expectBadIds, expectGuards, expectStatus } from './helpers/requests.ts';
import { startWorld, type TestApp, type World } from './helpers/world.ts';

/**
 * Configuration groups (docs/product/milestones.md, "Configurations"): a project setting that
 * whoever sees the project reads and holders of edit_project write.
 */

let t: TestApp;
let w: World;
beforeAll(async () => ({ t, w } = await startWorld()));
afterAll(() => t.close());

const admin = () => as(t, w.admin);
const groupsOf = (projectId: number) => `/api/projects/${projectId}/configuration-groups`;
let serial = 0;

async function createGroup(projectId: number, name: string, configurations: string[]) {
  return expectStatus(await admin().post(groupsOf(projectId), { name, configurations }), 201).group;
}

describe('configuration groups', () => {
  it('are created, listed, changed by name keeping the ids of kept names, and deleted', async () => {
    const project = await createProject(t, w.admin);
    const created = expectStatus(
      await admin().post(groupsOf(project.id), {
        name: ' Browser ',
        configurations: ['Chrome', ' Firefox', 'Safari'],
      }),
      201,
    );
    expect(created.message).toBe('Configuration group created');
    const group = created.group;
    expect(group).toMatchObject({ project_id: project.id, name: 'Browser' });
    expect(group.configurations.map((c: { name: string }) => c.name)).toEqual([
      'Chrome',
      'Firefox',
      'Safari',
    ]);
    const os = await createGroup(project.id, 'OS', ['Linux', 'Windows']);
    expect(expectStatus(await admin().get(groupsOf(project.id)), 200)).toEqual({ groups: [group, os] });

    const [chrome, firefox] = group.configurations;
    const saved = expectStatus(
      await admin().put(`/api/configuration-groups/${group.id}`, {
        name: 'Browsers',
        configurations: ['firefox', 'Chrome', 'Edge'],
      }),
      200,
    );
    expect(saved.message).toBe('Configuration group saved');
    expect(saved.group.name).toBe('Browsers');
    expect(saved.group.configurations).toEqual([
      { id: chrome.id, name: 'Chrome' },
      { id: firefox.id, name: 'firefox' },
      { id: expect.any(Number), name: 'Edge' },
    ]);
    const renamedOnly = expectStatus(
      await admin().put(`/api/configuration-groups/${group.id}`, { name: 'Web' }),
      200,
    );
    expect(renamedOnly.group.configurations).toEqual(saved.group.configurations);

    expect(expectStatus(await admin().del(`/api/configuration-groups/${group.id}`), 200).message).toBe(
      'Configuration group deleted',
    );
    expect(expectStatus(await admin().get(groupsOf(project.id)), 200)).toEqual({ groups: [os] });
    const left = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from configurations where group_id = ${group.id}`,
    );
    expect(left[0]!.n).toBe(0);
    expectStatus(await admin().del(`/api/configuration-groups/${group.id}`), 404);

    const entries = await queryRows<{ action: string; summary: string }>(
      t.db,
      sql`select action, summary from audit_log
        where entity_type = 'configuration_group' and entity_id = ${group.id} order by id`,
    );
    expect(entries.map((e) => [e.action, e.summary])).toEqual([
      ['create', 'Created configuration-group "Browser"'],
      ['update', 'Updated configuration-group "Browsers": name, configurations'],
      ['update', 'Updated configuration-group "Web": name'],
      ['delete', 'Deleted configuration-group "Web"'],
    ]);
  });

  it('keep names unique in their scope whatever their case (409 name_taken)', async () => {
    const project = await createProject(t, w.admin);
    const browser = await createGroup(project.id, 'Browser', ['Chrome']);
    const again = await admin().post(groupsOf(project.id), { name: 'browser', configurations: [] });
    expect(expectStatus(again, 409).code).toBe('name_taken');
    const os = await createGroup(project.id, 'OS', []);
    expect(
      expectStatus(await admin().put(`/api/configuration-groups/${os.id}`, { name: 'BROWSER' }), 409).code,
    ).toBe('name_taken');
    const twice = await admin().put(`/api/configuration-groups/${browser.id}`, {
      configurations: ['Chrome', 'chrome'],
    });
    expect(expectStatus(twice, 409).code).toBe('name_taken');
    // The same names in another project, or in another group, are fine.
    await createGroup((await createProject(t, w.admin)).id, 'Browser', ['Chrome']);
    await createGroup(project.id, 'Engine', ['Chrome']);
  });

  it('refuse bad input with 400 and more than the bounds', async () => {
    const project = await createProject(t, w.admin);
    const url = groupsOf(project.id);
    const tooMany = Array.from({ length: CONFIGURATION_LIMITS.configurationsMax + 1 }, (_, i) => `c${i}`);
    for (const body of [
      {},
      { name: 'G' },
      { name: '', configurations: [] },
      { name: '  ', configurations: [] },
      { name: 'x'.repeat(101), configurations: [] },
      { name: 'G', configurations: [''] },
      { name: 'G', configurations: [' '] },
      { name: 'G', configurations: ['y'.repeat(101)] },
      { name: 'G', configurations: tooMany },
      { name: 'G', configurations: 'Chrome' },
      { name: 'G', configurations: [], extra: true },
    ]) {
      expect(expectStatus(await admin().post(url, body), 400).code, JSON.stringify(body).slice(0, 60)).toBe(
        'invalid_request',
      );
    }
    const fifty = Array.from({ length: CONFIGURATION_LIMITS.configurationsMax }, (_, i) => `c${i}`);
    const full = await createGroup(project.id, 'Full', fifty);
    expect(full.configurations).toHaveLength(CONFIGURATION_LIMITS.configurationsMax);
    expectStatus(await admin().put(`/api/configuration-groups/${full.id}`, { configurations: tooMany }), 400);
    for (let i = 1; i < CONFIGURATION_LIMITS.groupsMax; i++) await createGroup(project.id, `G${i}`, []);
    const over = await admin().post(url, { name: 'One more', configurations: [] });
    expect(expectStatus(over, 409).code).toBe('limit_reached');
    await expectBadIds(t, w.admin, 'PUT', ['/api/configuration-groups/0', '/api/configuration-groups/x'], {
      name: 'N',
    });
    expectStatus(await admin().put('/api/configuration-groups/999999', { name: 'N' }), 404);
  });
});

describe('permissions', () => {
  it('writes need edit_project; 401 without a token and 404 to whoever cannot see the project', async () => {
    const group = await createGroup(w.project.id, `Guarded ${++serial}`, ['A']);
    const calls = [
      { method: 'GET', url: groupsOf(w.project.id) },
      {
        method: 'POST',
        url: groupsOf(w.project.id),
        payload: { name: 'N', configurations: [] },
        permission: 'edit_project',
      },
      {
        method: 'PUT',
        url: `/api/configuration-groups/${group.id}`,
        payload: { name: 'N' },
        permission: 'edit_project',
      },
      { method: 'DELETE', url: `/api/configuration-groups/${group.id}`, permission: 'edit_project' },
    ] as const;
    for (const call of calls) await expectGuards(t, w, call);
  });

  it('whoever sees the project reads its groups; edit_project writes them', async () => {
    const group = await createGroup(w.project.id, `Read ${++serial}`, ['A']);
    const listed = expectStatus(await as(t, w.member.token).get(groupsOf(w.project.id)), 200);
    expect(listed.groups.map((g: { id: number }) => g.id)).toContain(group.id);
    const editor = await createUser(t);
    await addMember(t, w.project.id, editor.id, await createRole(t, ['edit_project']));
    const api = as(t, editor.token);
    expectStatus(await api.put(`/api/configuration-groups/${group.id}`, { configurations: ['A', 'B'] }), 200);
    expectStatus(await api.post(groupsOf(w.project.id), { name: `E ${++serial}`, configurations: [] }), 201);
    expectStatus(await api.del(`/api/configuration-groups/${group.id}`), 200);
  });
});
