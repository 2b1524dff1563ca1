import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { as, createUser, expectStatus } from './helpers/fixtures.ts';
import { createProbeWorld, type ProbeWorld, projectProbe } from './helpers/route-probes.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Every time in every answer reads as ISO 8601 in UTC, `2026-11-28T08:41:16.560Z`, whichever
 * module answers and however its statement produced the time (docs/product/README.md,
 * "Conventions every call follows"). Each GET route of the app's own route table is called over
 * a project that holds one of everything, so a new route is checked the day it is registered.
 */

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
/** Anything that starts like a date and a time, in any of the database's own formats. */
const LOOKS_LIKE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/;

let t: TestApp;
let admin: string;
let world: ProbeWorld;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const [me] = await queryRows<{ id: number }>(t.db, sql`select id from users order by id limit 1`);
  adminId = me!.id;
  const colleague = await createUser(t);
  const stranger = await createUser(t);
  const [role] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into roles (name) values ('Empty') returning id`,
  );
  world = await createProbeWorld(t, {
    createdBy: adminId,
    memberId: colleague.id,
    strangerId: stranger.id,
    emptyRoleId: role!.id,
  });
  // What only the API makes: a version of a changed case, a saved search, an API token, a
  // quarantine, an audit trail.
  expectStatus(
    await as(t, admin).put(`/api/test-cases/update/${world.caseId}`, { name: 'C changed', description: 'd' }),
    200,
  );
  expectStatus(
    await as(t, admin).post(`/api/projects/${world.projectId}/saved-searches`, {
      name: 'Mine',
      q: 'priority:high',
    }),
    201,
  );
  expectStatus(await as(t, admin).post('/api/api-tokens', { name: 'ci' }), 201);
  await t.db.execute(sql`
    insert into case_quarantines (case_id, reason, created_by) values (${world.caseId}, 'flaky', ${adminId})`);
});
afterAll(() => t.close());

function fill(url: string): string {
  const ids: Record<string, number> = {
    id: world.projectId,
    projectId: world.projectId,
    userId: adminId,
    suiteId: world.suiteId,
    caseId: world.caseId,
  };
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => String(ids[name] ?? 0));
}

function badTimes(value: unknown, path: string, out: string[]): void {
  if (typeof value === 'string') {
    if (LOOKS_LIKE_TIME.test(value) && !ISO_UTC.test(value)) out.push(`${path}: ${value}`);
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) badTimes(item, `${path}[${index}]`, out);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) badTimes(item, `${path}.${key}`, out);
  }
}

describe('times in answers', () => {
  it('are ISO 8601 in UTC in every GET answer', async () => {
    const problems: string[] = [];
    let answered = 0;
    for (const entry of t.app.routeCatalogue) {
      if (entry.method !== 'GET' || !entry.url.startsWith('/api') || entry.url === '/api/events') continue;
      const access = entry.options.config?.access as { project?: string } | string | undefined;
      const probe =
        typeof access === 'object' && access.project
          ? projectProbe({ method: 'GET', url: entry.url, access: access as never }, world)
          : undefined;
      const res = await t.request({ method: 'GET', url: probe?.url ?? fill(entry.url), token: admin });
      if (res.statusCode !== 200 || !String(res.headers['content-type']).includes('json')) continue;
      answered += 1;
      badTimes(res.json(), `${entry.url}`, problems);
    }
    // A case that never changed answers its content as version 1, with the case's own time.
    const first = await t.request({
      method: 'GET',
      url: `/api/test-cases/${world.childId}/versions`,
      token: admin,
    });
    badTimes(first.json(), 'versions of a case never changed', problems);
    expect(first.json().items[0].created_at).toMatch(ISO_UTC);
    // The routes that read the project's rows answered, so the check saw their times.
    expect(answered).toBeGreaterThan(40);
    expect(problems).toEqual([]);
  });
});
