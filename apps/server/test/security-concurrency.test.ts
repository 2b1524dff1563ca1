import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { createProject, createRole, createUser } from './helpers/fixtures.ts';
import { orphans, statsMismatches } from './helpers/invariants.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { startAdminWorld, type TestApp } from './helpers/world.ts';

/**
 * docs/security.md, "Concurrency": conflicting requests sent at the same moment end with one
 * winner, the right 409 or 404 for the others, and consistent data.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => ({ t, admin } = await startAdminWorld()));
afterAll(() => t.close());

const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();

describe('parallel conflicting requests', () => {
  it('the same email created several times at once: one 201, the others 409, one user', async () => {
    for (let round = 0; round < 3; round++) {
      const email = `twice-${round}@example.com`;
      const answers = await Promise.all(
        [0, 1, 2, 3].map((i) =>
          as(t, admin).post('/api/users/create', {
            username: `twice-${round}-${i}`,
            email: email.toUpperCase(),
            password: 'twice-password-1',
          }),
        ),
      );
      expect(statuses(answers)).toEqual([201, 409, 409, 409]);
      for (const answer of answers.filter((a) => a.statusCode === 409)) {
        expect(answer.json()).toEqual({
          message: 'A user with this email already exists',
          code: 'name_taken',
        });
      }
      const [row] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from users where lower(email) = ${email}`,
      );
      expect(row!.n).toBe(1);
    }
  });

  it('a project deleted while cases are added to it: each add is 201 or 404, nothing is left behind', async () => {
    for (let round = 0; round < 3; round++) {
      const project = await createProject(t, admin);
      const suite = expectStatus(
        await as(t, admin).post('/api/testsuites/create', { project_id: project.id, name: 's' }),
        201,
      ).suite;
      const adds = Array.from({ length: 8 }, (_, i) =>
        i % 2 === 0
          ? as(t, admin).post(`/api/test-cases/project/${project.id}/create`, { name: `c${i}` })
          : as(t, admin).post(`/api/test-cases/suite/${suite.id}/create`, { name: `c${i}` }),
      );
      const [deleted, ...added] = await Promise.all([
        as(t, admin).del(`/api/projects/delete/${project.id}`),
        ...adds,
      ]);
      expectStatus(deleted!, 200);
      for (const answer of added) {
        expect([201, 404]).toContain(answer.statusCode);
        if (answer.statusCode === 404)
          expect(answer.json().message).toMatch(/^(Project|Test suite) not found$/);
      }
      const [left] = await queryRows<{ n: number }>(
        t.db,
        sql`select (select count(*) from test_cases where project_id = ${project.id})::int
               + (select count(*) from suites where project_id = ${project.id})::int as n`,
      );
      expect(left!.n).toBe(0);
    }
    expect(await orphans(t.db)).toEqual([]);
    expect(await statsMismatches(t.db)).toEqual([]);
  });

  it('the same member added several times at once: one 201, the others 409, one membership', async () => {
    const roleId = await createRole(t, []);
    for (let round = 0; round < 3; round++) {
      const project = await createProject(t, admin);
      const user = await createUser(t);
      const answers = await Promise.all(
        [0, 1, 2, 3].map(() =>
          as(t, admin).post('/api/projects/add-user', { projectId: project.id, userId: user.id, roleId }),
        ),
      );
      expect(statuses(answers)).toEqual([201, 409, 409, 409]);
      const [row] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from project_members where project_id = ${project.id} and user_id = ${user.id}`,
      );
      expect(row!.n).toBe(1);
    }
  });

  it('runs recorded while their case is deleted: 201 or 404, counters equal a recount', async () => {
    const project = await createProject(t, admin);
    const testCase = expectStatus(
      await as(t, admin).post(`/api/test-cases/project/${project.id}/create`, { name: 'doomed' }),
      201,
    ).testCase;
    const runs = Array.from({ length: 8 }, (_, i) =>
      as(t, admin).post(`/api/testruns/create/${testCase.id}`, { status: i % 2 ? 'passed' : 'failed' }),
    );
    const [deleted, ...recorded] = await Promise.all([
      as(t, admin).del(`/api/test-cases/delete/${testCase.id}`),
      ...runs,
    ]);
    expectStatus(deleted!, 200);
    for (const answer of recorded) expect([201, 404]).toContain(answer.statusCode);
    expect(await orphans(t.db)).toEqual([]);
    expect(await statsMismatches(t.db)).toEqual([]);
  });
});
