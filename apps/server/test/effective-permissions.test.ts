import { type EffectivePermissions, PERMISSION_NAMES, type PermissionName } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createProject, createRole, createUser } from './helpers/fixtures.ts';
import { as, expectStatus } from './helpers/requests.ts';
import {
  createProbeWorld,
  globalProbe,
  guardedRoutes,
  PROJECT_PROBES,
  permissionsOf,
  projectProbe,
} from './helpers/route-probes.ts';
import { startAdminWorld, type TestApp, type TestUser } from './helpers/world.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => ({ t, admin } = await startAdminWorld()));
afterAll(() => t.close());

const url = (userId: number, projectId?: number) =>
  `/api/users/${userId}/effective-permissions${projectId === undefined ? '' : `?projectId=${projectId}`}`;

async function inspect(userId: number, projectId?: number, token = admin): Promise<EffectivePermissions> {
  return expectStatus(await as(t, token).get(url(userId, projectId)), 200);
}

const entry = (answer: EffectivePermissions, name: string) =>
  answer.permissions.find((p) => p.name === name)!;
const granted = (answer: EffectivePermissions) =>
  answer.permissions.filter((p) => p.granted).map((p) => p.name);

describe('the answer', () => {
  it('covers every permission of the table, custom ones too, with each one’s sources', async () => {
    await t.db.execute(sql`insert into permissions (name, description) values ('custom_report', 'Custom')`);
    const a = await createRole(t, ['home_project', 'edit_project'], 'Alpha');
    const b = await createRole(t, ['edit_project'], 'Beta');
    const m = await createRole(t, ['edit_project', 'delete_project'], 'Member role');
    const user = await createUser(t, { roleIds: [a, b] });
    const project = await createProject(t, admin);
    await addMember(t, project.id, user.id, m);

    const global = await inspect(user.id);
    expect(global.user).toEqual({ id: user.id, username: user.username, status: 'active' });
    expect(global.globalRoles).toEqual([
      { id: a, name: 'Alpha' },
      { id: b, name: 'Beta' },
    ]);
    expect(global.project).toBeNull();
    expect(global.visibility).toBeNull();
    const names = global.permissions.map((p) => p.name);
    expect(names).toEqual([...PERMISSION_NAMES, 'custom_report'].sort());
    expect(entry(global, 'custom_report')).toEqual({
      name: 'custom_report',
      description: 'Custom',
      granted: false,
      sources: [],
    });
    expect(granted(global)).toEqual(['edit_project', 'home_project']);
    expect(entry(global, 'edit_project').sources).toEqual([
      { kind: 'global-role', role: { id: a, name: 'Alpha' } },
      { kind: 'global-role', role: { id: b, name: 'Beta' } },
    ]);
    // The project role counts only inside the project.
    expect(entry(global, 'delete_project')).toMatchObject({ granted: false, sources: [] });

    const inside = await inspect(user.id, project.id);
    expect(inside.project).toEqual({ id: project.id, name: project.name });
    expect(inside.visibility).toEqual({
      visible: true,
      reasons: ['member'],
      memberRole: { id: m, name: 'Member role' },
    });
    expect(granted(inside)).toEqual(['delete_project', 'edit_project', 'home_project']);
    expect(entry(inside, 'edit_project').sources).toEqual([
      { kind: 'global-role', role: { id: a, name: 'Alpha' } },
      { kind: 'global-role', role: { id: b, name: 'Beta' } },
      { kind: 'project-role', role: { id: m, name: 'Member role' } },
    ]);
    expect(entry(inside, 'delete_project').sources).toEqual([
      { kind: 'project-role', role: { id: m, name: 'Member role' } },
    ]);
  });

  it('says why a project is visible, and grants nothing in one the user cannot see', async () => {
    const project = await createProject(t, admin);
    const seer = await createUser(t, { permissions: ['view_all_projects', 'edit_project'] });
    expect((await inspect(seer.id, project.id)).visibility).toEqual({
      visible: true,
      reasons: ['view_all_projects'],
      memberRole: null,
    });

    const creator = await createUser(t, { permissions: ['add_project'] });
    const own = await createProject(t, creator.token);
    expect((await inspect(creator.id, own.id)).visibility).toEqual({
      visible: true,
      reasons: ['creator'],
      memberRole: null,
    });

    const outsider = await createUser(t, { permissions: ['edit_project'] });
    const hidden = await inspect(outsider.id, project.id);
    expect(hidden.visibility).toEqual({ visible: false, reasons: [], memberRole: null });
    expect(granted(hidden)).toEqual([]);
    // Still says which role would grant it: the project is what is missing.
    expect(entry(hidden, 'edit_project').sources).toHaveLength(1);
    expect(granted(await inspect(outsider.id))).toEqual(['edit_project']);
  });

  it('reports an inactive user as such', async () => {
    const user = await createUser(t, { permissions: ['home_project'] });
    await t.db.execute(sql`update users set status = 'inactive' where id = ${user.id}`);
    expect((await inspect(user.id)).user.status).toBe('inactive');
  });
});

describe('who may ask', () => {
  it('anyone about themselves, even with no permission at all', async () => {
    const user = await createUser(t);
    const project = await createProject(t, admin);
    await addMember(t, project.id, user.id, await createRole(t, ['home_test_case']));
    expect(granted(await inspect(user.id, undefined, user.token))).toEqual([]);
    expect(granted(await inspect(user.id, project.id, user.token))).toEqual(['home_test_case']);
  });

  it('about others, only holders of manage_admin_panel and view_admin_home', async () => {
    const target = await createUser(t);
    for (const [permissions, missing] of [
      [[], 'manage_admin_panel'],
      [['manage_admin_panel'], 'view_admin_home'],
      [['view_admin_home'], 'manage_admin_panel'],
    ] as const) {
      const caller = await createUser(t, { permissions });
      for (const id of [target.id, 999_999]) {
        const refused = expectStatus(await as(t, caller.token).get(url(id)), 403);
        expect(refused.message).toContain(missing);
      }
    }
    const inspector = await createUser(t, { permissions: ['manage_admin_panel', 'view_admin_home'] });
    expect((await inspect(target.id, undefined, inspector.token)).user.id).toBe(target.id);
    expect(expectStatus(await as(t, inspector.token).get(url(999_999)), 404)).toEqual({
      message: 'User not found',
      code: 'not_found',
    });
  });

  it('about a project only when the caller sees it: hidden ones look missing', async () => {
    const project = await createProject(t, admin);
    const inspector = await createUser(t, { permissions: ['manage_admin_panel', 'view_admin_home'] });
    const hidden = await as(t, inspector.token).get(url(inspector.id, project.id));
    const missing = await as(t, inspector.token).get(url(inspector.id, 999_999));
    expect(expectStatus(hidden, 404)).toEqual({ message: 'Project not found', code: 'not_found' });
    expect(expectStatus(missing, 404)).toEqual(hidden.json());
    await addMember(t, project.id, inspector.id, await createRole(t, []));
    expectStatus(await as(t, inspector.token).get(url(1, project.id)), 200);
  });

  it('answers 400 for malformed input and 401 without a token', async () => {
    for (const bad of [
      '/api/users/abc/effective-permissions',
      '/api/users/0/effective-permissions',
      url(1, 0),
      `${url(1)}?projectId=abc`,
      `${url(1)}?project=1`,
    ]) {
      expectStatus(await as(t, admin).get(bad), 400);
    }
    expectStatus(await as(t).get(url(1)), 401);
  });
});

/** A small, seeded generator, so a failure replays. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let r = Math.imul(s ^ (s >>> 15), 1 | s);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

type Sight = 'member' | 'creator' | 'none';
interface Profile {
  label: string;
  global: PermissionName[];
  project: PermissionName[];
  sight: Sight;
}

const SEED = 20_261_121;
const PROFILES: Profile[] = (() => {
  const next = random(SEED);
  const some = (share: number) => PERMISSION_NAMES.filter(() => next() < share);
  const fixed: Profile[] = [
    { label: 'nothing, a member', global: [], project: [], sight: 'member' },
    { label: 'everything globally, not a member', global: [...PERMISSION_NAMES], project: [], sight: 'none' },
    {
      label: 'everything through the project role',
      global: [],
      project: [...PERMISSION_NAMES],
      sight: 'member',
    },
  ];
  const sights: Sight[] = ['member', 'creator', 'none'];
  const drawn = [0.2, 0.5, 0.8, 0.35, 0.65, 0.5, 0.5].map((share, i) => ({
    label: `random #${i} (seed ${SEED})`,
    global: some(share),
    project: some(1 - share),
    sight: sights[i % 3]!,
  }));
  return [...fixed, ...drawn];
})();

describe('parity with enforcement, for every route that declares a permission', () => {
  it('every /api route declares a known access rule, and every project route has a probe', () => {
    for (const entry of t.app.routeCatalogue) {
      if (!entry.url.startsWith('/api')) continue;
      const access = entry.options.config?.access;
      const known =
        access === 'public' ||
        access === 'signed-in' ||
        (typeof access === 'object' && ('global' in access || 'project' in access));
      expect(known, `${entry.method} ${entry.url}`).toBe(true);
    }
    const routes = guardedRoutes(t);
    const withoutProbe = routes
      .filter((r) => 'project' in r.access && !PROJECT_PROBES[`${r.method} ${r.url}`])
      .map((r) => `${r.method} ${r.url}`);
    expect(withoutProbe).toEqual([]);
    // Every permission a route names is in the catalogue, so the inspector answers for it.
    for (const route of routes) {
      for (const name of permissionsOf(route)) expect(PERMISSION_NAMES).toContain(name);
    }
  });

  // Hundreds of calls for one user take half a minute on a busy machine: a longer bound, not a retry.
  it.each(PROFILES)(
    'a user with $label: the inspector predicts every answer',
    async (profile) => {
      const user: TestUser = await createUser(t, { permissions: profile.global });
      const memberRoleId = await createRole(t, profile.project);
      const emptyRoleId = await createRole(t, []);
      const colleague = await createUser(t);
      const stranger = await createUser(t);
      const mismatches: string[] = [];
      const routes = guardedRoutes(t);

      // Global routes: the global answer decides (a project role never counts there).
      const global = new Map((await inspect(user.id)).permissions.map((p) => [p.name, p.granted]));
      for (const route of routes) {
        if (!('global' in route.access)) continue;
        // A route kept for the Administrator role itself (the backup) refuses every other role,
        // whatever permissions it holds; no profile here holds that role.
        const roleOnly = route.access.administratorRole !== undefined;
        const allowed = !roleOnly && route.access.global.some((name) => global.get(name));
        const res = await t.request({ ...globalProbe(route), token: user.token });
        const refused =
          res.statusCode === 403 &&
          (res.json().message.includes(route.access.global[0]) ||
            (roleOnly && res.json().message.includes('Administrator role')));
        if (allowed ? res.statusCode === 403 : !refused) {
          mismatches.push(
            `${route.method} ${route.url}: predicted ${allowed ? 'allowed' : '403'}, got ${res.statusCode}`,
          );
        }
      }

      // Project routes: a project of their own per call that writes, seen as the profile says;
      // the calls that only read share one (a GET changes nothing another call could notice).
      const expectedReasons = [
        ...(profile.sight === 'member' ? ['member'] : []),
        ...(profile.sight === 'creator' ? ['creator'] : []),
        ...(profile.global.includes('view_all_projects') ? ['view_all_projects'] : []),
      ];
      const inspectedWorld = async () => {
        const world = await createProbeWorld(t, {
          createdBy: profile.sight === 'creator' ? user.id : 1,
          callerId: user.id,
          ...(profile.sight === 'member' ? { member: { userId: user.id, roleId: memberRoleId } } : {}),
          memberId: colleague.id,
          strangerId: stranger.id,
          emptyRoleId,
        });
        const answer = await inspect(user.id, world.projectId);
        expect(answer.visibility?.reasons).toEqual(expectedReasons);
        return { world, answer };
      };
      let readers: Awaited<ReturnType<typeof inspectedWorld>> | undefined;
      for (const route of routes) {
        if (!('project' in route.access)) continue;
        if (route.method === 'GET') readers ??= await inspectedWorld();
        const { world, answer } = route.method === 'GET' && readers ? readers : await inspectedWorld();
        const permission = route.access.project;
        const predicted = !answer.visibility?.visible ? 404 : entry(answer, permission).granted ? 'ok' : 403;
        const res = await t.request({ ...projectProbe(route, world)!, token: user.token });
        const ok =
          predicted === 'ok'
            ? res.statusCode >= 200 && res.statusCode < 300
            : res.statusCode === predicted && (predicted === 404 || res.json().message.includes(permission));
        if (!ok) {
          mismatches.push(
            `${route.method} ${route.url} (${permission}): predicted ${predicted}, got ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        }
      }
      expect(mismatches).toEqual([]);
    },
    120_000,
  );
});
