import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { projects } from '../modules/projects/projects-schema.ts';
import { createProgress } from './progress.ts';
import { DEMO_PASSWORD } from './small-demo.ts';

/** The shape of the large data set (issue: performance at scale). */
export const LARGE = {
  users: 500,
  subUsers: 100,
  roles: 50,
  projects: 200,
  suitesPerProject: 10,
  /** Top-level cases in every ordinary suite; levels 2–4 halve each time. */
  topLevelCasesPerSuite: 51,
  bigSuiteCases: 10_000,
  bigParentChildren: 1_000,
  runsPerCase: 10,
  runBatches: 20,
} as const;

export interface LargeDemoIds {
  bigSuiteId: number;
  bigParentId: number;
  sampleCaseId: number;
  sampleProjectId: number;
}

const BIG_SUITE_NAME = 'Big suite (10,000 cases)';
const BIG_PARENT_NAME = 'Big parent (1,000 children)';

/**
 * Fills an empty database with 200 projects, 2,000 suites, ~200,000 cases nested up to four
 * levels, ~2,000,000 runs, 500 users and 50 roles. Everything is generated inside the database
 * with INSERT … SELECT over generate_series, so no row crosses the wire.
 */
export async function seedLargeDemo(db: Db): Promise<LargeDemoIds> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(projects);
  if (n > 0) throw new Error('The database already has projects; the large demo needs an empty one.');
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const exec = (query: ReturnType<typeof sql>) => db.execute(query);
  const progress = createProgress(100, 'large demo');

  await exec(sql`
    insert into users (username, email, password_hash, status, max_user_limit)
    select 'user' || g, 'user' || g || '@example.com', ${passwordHash},
           case when g % 25 = 0 then 'inactive' else 'active' end, case when g <= 20 then 10 end
    from generate_series(1, ${LARGE.users - LARGE.subUsers}) g`);
  await exec(sql`
    insert into users (username, email, password_hash, parent_id, account_id)
    select 'subuser' || g, 'subuser' || g || '@example.com', ${passwordHash}, a.id, a.id
    from generate_series(1, ${LARGE.subUsers}) g
    join users a on a.username = 'user' || (1 + (g - 1) % 20)`);
  progress.advance(2, 'users');

  await exec(sql`
    insert into roles (name, description)
    select 'Role ' || g, 'Generated role ' || g from generate_series(1, ${LARGE.roles}) g`);
  await exec(sql`
    insert into role_permissions (role_id, permission_id)
    select r.id, p.id from roles r join permissions p on (p.id * (r.id + 3)) % 4 <> 0
    where r.name like 'Role %'`);
  await exec(sql`
    insert into user_roles (user_id, role_id)
    select u.id, r.id from users u
    join roles r on r.name = 'Role ' || (1 + u.id % ${LARGE.roles})
    where u.username like 'user%' or u.username like 'subuser%'`);
  progress.advance(2, 'roles');

  await exec(sql`
    insert into projects (name, description, created_by)
    select 'Project ' || g, 'Generated project ' || g, (select min(id) from users)
    from generate_series(1, ${LARGE.projects}) g`);
  await exec(sql`
    insert into project_members (project_id, user_id, role_id)
    select distinct on (p.id, u.id) p.id, u.id, r.id
    from users u
    cross join generate_series(0, 2) j
    join projects p on p.name = 'Project ' || (1 + (u.id * 7 + j * 13) % ${LARGE.projects})
    join roles r on r.name = 'Role ' || (1 + (u.id + j) % ${LARGE.roles})
    where u.username like 'user%'`);
  await exec(sql`
    insert into suites (project_id, name, description)
    select p.id, case when p.name = 'Project 1' and g = 1 then ${BIG_SUITE_NAME} else 'Suite ' || g end, ''
    from projects p cross join generate_series(1, ${LARGE.suitesPerProject}) g
    order by p.id, g`);
  progress.advance(4, 'projects and suites');

  // The suite with 10,000 top-level cases.
  await exec(sql`
    insert into test_cases (project_id, suite_id, name, description)
    select s.project_id, s.id, 'Big case ' || g, '' from suites s
    cross join generate_series(1, ${LARGE.bigSuiteCases}) g where s.name = ${BIG_SUITE_NAME}`);
  // Level 1 in every other suite, then levels 2–4, each under every other case of the level above.
  await exec(sql`
    insert into test_cases (project_id, suite_id, name, description)
    select s.project_id, s.id, 'Case ' || g, 'Generated case' from suites s
    cross join generate_series(1, ${LARGE.topLevelCasesPerSuite}) g
    where s.name <> ${BIG_SUITE_NAME} order by s.id, g`);
  progress.advance(6, 'cases, level 1');
  let previousLevel = sql`parent_id is null and name like 'Case %'`;
  for (const level of [2, 3, 4]) {
    await exec(sql`
      insert into test_cases (project_id, suite_id, parent_id, name, description)
      select project_id, suite_id, id, name || '.' || ${level}, '' from test_cases
      where ${previousLevel} and id % 2 = 0 order by id`);
    previousLevel = sql`name like ${`Case %${'.%'.repeat(level - 1)}`} and name not like ${`Case %${'.%'.repeat(level)}`}`;
    progress.advance(2, `cases, level ${level}`);
  }
  // One case with 1,000 children.
  await exec(sql`
    insert into test_cases (project_id, suite_id, name, description)
    select s.project_id, s.id, ${BIG_PARENT_NAME}, '' from suites s
    where s.name = 'Suite 2' and s.project_id = (select min(id) from projects)`);
  await exec(sql`
    insert into test_cases (project_id, suite_id, parent_id, name, description)
    select c.project_id, c.suite_id, c.id, 'Child ' || g, '' from test_cases c
    cross join generate_series(1, ${LARGE.bigParentChildren}) g where c.name = ${BIG_PARENT_NAME}`);
  progress.advance(4, 'cases, big parent');

  const range = await db.execute(sql`select min(id)::int as lo, max(id)::int as hi from test_cases`);
  const { lo, hi } = (range as unknown as { rows: { lo: number; hi: number }[] }).rows[0]!;
  const step = Math.ceil((hi - lo + 1) / LARGE.runBatches);
  for (let start = lo; start <= hi; start += step) {
    await exec(sql`
      insert into test_runs (case_id, project_id, status, executed_by)
      select c.id, c.project_id, case when (c.id + g) % 7 = 0 then 'failed' else 'passed' end,
             (select min(id) from users) + (c.id + g) % ${LARGE.users}
      from test_cases c cross join generate_series(1, ${LARGE.runsPerCase}) g
      where c.id >= ${start} and c.id < ${start + step}`);
    progress.advance(80 / LARGE.runBatches, 'runs');
  }
  await exec(sql`analyze`);
  const seconds = progress.finish();

  const ids = (await db.execute(sql`
    select (select id from suites where name = ${BIG_SUITE_NAME}) as "bigSuiteId",
           (select id from test_cases where name = ${BIG_PARENT_NAME}) as "bigParentId",
           (select min(id) from test_cases where name = 'Case 1') as "sampleCaseId",
           (select min(id) from projects) as "sampleProjectId"`)) as unknown as { rows: LargeDemoIds[] };
  console.error(`large demo generated in ${seconds.toFixed(0)} s`);
  return ids.rows[0]!;
}
