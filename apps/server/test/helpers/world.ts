import { afterAll, beforeAll, expect } from 'vitest';
import {
  addMember,
  createRole,
  createTree,
  createUser,
  createWorld,
  type TestUser,
  type Tree,
  type World,
} from './fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * One test file's world, made in its beforeAll and closed in its afterAll: the file's own app on
 * its own database (createTestApp), signed in as the administrator, and for the project tests the
 * guard cast of createWorld with what else the file asks for. Each file still gets a fresh app.
 */

export type { TestApp, TestUser, Tree, World };

export interface AdminWorld {
  t: TestApp;
  /** The administrator's session token. */
  admin: string;
}

/** The app and the administrator's token. */
export async function startAdminWorld(env: Record<string, string> = {}): Promise<AdminWorld> {
  const t = await createTestApp(env);
  return { t, admin: await t.login() };
}

export interface CatalogueWorld extends AdminWorld {
  /** Every permission's id by name, as GET /api/permissions/list answers them. */
  permissionId: Map<string, number>;
  adminRoleId: number;
}

/** The admin world and the permission catalogue and Administrator role, read through the API. */
export async function startCatalogueWorld(): Promise<CatalogueWorld> {
  const { t, admin } = await startAdminWorld();
  const list = await t.request({ method: 'GET', url: '/api/permissions/list', token: admin });
  const permissionId = new Map<string, number>();
  for (const p of list.json()) permissionId.set(p.name, p.id);
  const roles = await t.request({ method: 'GET', url: '/api/roles/list', token: admin });
  const adminRoleId = roles.json().find((r: { name: string }) => r.name === 'Administrator').id;
  return { t, admin, permissionId, adminRoleId };
}

/**
 * The test file's catalogue world, filled in its beforeAll and closed in its afterAll: read its
 * fields inside hooks and tests, not while the file is collected.
 */
export function useCatalogueWorld(): CatalogueWorld {
  const world = {} as CatalogueWorld;
  beforeAll(async () => {
    Object.assign(world, await startCatalogueWorld());
  });
  afterAll(() => world.t?.close());
  return world;
}

/** A role created through the API with these permission ids; answers its id. */
export async function createRoleThroughApi(
  t: TestApp,
  token: string,
  payload: { name: string; description: string; permissionIds: (number | undefined)[] },
): Promise<number> {
  const res = await t.request({ method: 'POST', url: '/api/roles/create', token, payload });
  expect(res.statusCode).toBe(201);
  return res.json().role.id;
}

/** A project member: a new user whose project role grants exactly the named permissions. */
export interface Member extends TestUser {
  roleId: number;
}

export async function createMember(
  t: TestApp,
  projectId: number,
  permissions: readonly string[],
): Promise<Member> {
  const user = await createUser(t);
  const roleId = await createRole(t, permissions);
  await addMember(t, projectId, user.id, roleId);
  return { ...user, roleId };
}

export interface WorldOptions<M extends string> {
  /** Environment of the app, as createTestApp takes it. */
  env?: Record<string, string>;
  /** createTree in the world's project. */
  tree?: boolean;
  /**
   * Members of the world's project by name, made in this order with these permissions; the world
   * answers each under its name.
   */
  members?: Record<M, readonly string[]>;
}

export interface ProjectWorld {
  t: TestApp;
  w: World;
  /** The tree in w.project; made only when the options ask for it. */
  tree: Tree;
}

/** The app, the guard cast of createWorld, and the tree and members the options ask for. */
export async function startWorld<M extends string = never>(
  options: WorldOptions<Exclude<M, keyof ProjectWorld>> = {},
): Promise<ProjectWorld & Record<M, Member>> {
  const t = await createTestApp(options.env);
  const w = await createWorld(t);
  const tree = options.tree ? await createTree(t, w.admin, w.project.id) : (undefined as never);
  const members = {} as Record<M, Member>;
  for (const [name, permissions] of Object.entries(options.members ?? {}) as [M, readonly string[]][]) {
    members[name] = await createMember(t, w.project.id, permissions);
  }
  return { ...members, t, w, tree };
}
