import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { addMember, createProject, createRole, createUser } from './helpers/fixtures.ts';
import { as, expectStatus } from './helpers/requests.ts';
import { startAdminWorld, type TestApp } from './helpers/world.ts';

/** docs/product/defects.md: issue trackers, defect links, the cycle's defects, `defect:` and "File a bug". */

let t: TestApp;
let admin: string;
beforeAll(async () => ({ t, admin } = await startAdminWorld()));
afterAll(() => t.close());

const api = (token = admin) => as(t, token);

interface Setup {
  projectId: number;
  caseId: number;
  cycleId: number;
  itemId: number;
  resultId: number;
}

/** A project with a case of two steps in a cycle, and a failed result with a comment on its item. */
async function setup(): Promise<Setup> {
  const projectId = (await createProject(t, admin)).id;
  const testCase = expectStatus(
    await api().post(`/api/test-cases/project/${projectId}/create`, {
      name: 'Checkout with a card',
      steps: [
        { action: 'Open the cart', expected: 'The cart lists the items' },
        { action: 'Pay with a card', expected: 'The order is confirmed' },
      ],
    }),
    201,
  ).testCase;
  const cycle = expectStatus(
    await api().post(`/api/projects/${projectId}/cycles`, {
      name: 'Release 2.1',
      environment: 'staging',
      milestone: 'M7',
      case_ids: [testCase.id],
    }),
    201,
  ).cycle;
  const itemId = expectStatus(await api().get(`/api/cycles/${cycle.id}/items`), 200).items[0].id;
  const result = expectStatus(
    await api().post(`/api/cycle-items/${itemId}/results`, {
      state: 'failed',
      comment: 'The card form spins forever',
      step_results: [{ state: 'passed' }, { state: 'failed', comment: 'Timeout after 30 s' }],
    }),
    201,
  ).result;
  return { projectId, caseId: testCase.id, cycleId: cycle.id, itemId, resultId: result.id };
}

const TRACKERS = {
  jira: { kind: 'jira', base_url: 'https://acme.atlassian.net/', project: '10001', issue_type: '10004' },
  github: { kind: 'github', project: 'acme/shop' },
  gitlab: { kind: 'gitlab', base_url: 'https://git.example.com', project: 'web/shop' },
  url: {
    kind: 'url',
    link_template: 'https://bugs.example.com/show?id={id}',
    new_issue_template: 'https://bugs.example.com/new?summary={title}&text={body}',
  },
} as const;

/** For each kind: an id as typed, the id shown, its link, and an address of the tracker. */
const EXPECTED = {
  jira: {
    typed: 'shop-12',
    shown: 'SHOP-12',
    url: 'https://acme.atlassian.net/browse/SHOP-12',
    address: 'https://acme.atlassian.net/browse/SHOP-34?focusedCommentId=1',
    parsed: 'SHOP-34',
  },
  github: {
    typed: '12',
    shown: '#12',
    url: 'https://github.com/acme/shop/issues/12',
    address: 'https://github.com/acme/shop/issues/34#issuecomment-1',
    parsed: '#34',
  },
  gitlab: {
    typed: '#12',
    shown: '#12',
    url: 'https://git.example.com/web/shop/-/issues/12',
    address: 'https://git.example.com/web/shop/-/issues/34',
    parsed: '#34',
  },
  url: {
    typed: 'BUG 12',
    shown: 'BUG 12',
    url: 'https://bugs.example.com/show?id=BUG%2012',
    address: 'https://bugs.example.com/show?id=B-34',
    parsed: 'B-34',
  },
} as const;

async function setTracker(projectId: number, body: object) {
  return api().put(`/api/projects/${projectId}/tracker`, body);
}

describe('the tracker setting', () => {
  it('is null until set, keeps only the fields of its kind, and is audited', async () => {
    const { projectId } = await setup();
    expect(expectStatus(await api().get(`/api/projects/${projectId}/tracker`), 200)).toEqual({
      tracker: null,
    });
    const jira = expectStatus(await setTracker(projectId, TRACKERS.jira), 200);
    expect(jira.message).toBe('Issue tracker saved');
    expect(jira.tracker).toMatchObject({
      kind: 'jira',
      base_url: 'https://acme.atlassian.net',
      project: '10001',
      issue_type: '10004',
      link_template: '',
    });
    const github = expectStatus(await setTracker(projectId, { ...TRACKERS.github, issue_type: '7' }), 200);
    expect(github.tracker).toMatchObject({
      base_url: 'https://github.com',
      project: 'acme/shop',
      issue_type: '',
    });
    const gitlab = expectStatus(
      await setTracker(projectId, { kind: 'gitlab', project: 'group/sub/app' }),
      200,
    );
    expect(gitlab.tracker).toMatchObject({ base_url: 'https://gitlab.com', project: 'group/sub/app' });
    const audit = await queryRows<{ summary: string }>(
      t.db,
      sql`select summary from audit_log where project_id = ${projectId} and summary like '%issue tracker%' order by id`,
    );
    expect(audit.map((a) => a.summary.replace(/"[^"]*"/, 'P'))).toEqual([
      'Set the issue tracker of project P to jira',
      'Set the issue tracker of project P to github',
      'Set the issue tracker of project P to gitlab',
    ]);
    expectStatus(await api().del(`/api/projects/${projectId}/tracker`), 200);
    expect(expectStatus(await api().get(`/api/projects/${projectId}/tracker`), 200).tracker).toBeNull();
    expectStatus(await api().del(`/api/projects/${projectId}/tracker`), 404);
  });

  it.each([
    [{ kind: 'jira' }, 'base_url'],
    [{ kind: 'jira', base_url: 'http://acme.atlassian.net' }, 'base_url'],
    [{ kind: 'jira', base_url: 'https://acme.atlassian.net', project: 'SHOP' }, 'project'],
    [{ kind: 'jira', base_url: 'https://acme.atlassian.net', issue_type: 'Bug' }, 'issue_type'],
    [{ kind: 'github', project: 'shop' }, 'project'],
    [{ kind: 'github', project: 'acme/shop', base_url: 'javascript:alert(1)' }, 'base_url'],
    [{ kind: 'gitlab', project: 'shop' }, 'project'],
    [{ kind: 'gitlab', project: 'a/b', base_url: 'ftp://git.example.com' }, 'base_url'],
    [{ kind: 'url', link_template: 'https://bugs.example.com/' }, 'link_template'],
    [{ kind: 'url', link_template: 'javascript:go({id})' }, 'link_template'],
    [
      {
        kind: 'url',
        link_template: 'https://b.example.com/{id}',
        new_issue_template: 'https://b.example.com/new',
      },
      'new_issue_template',
    ],
    [
      { kind: 'url', link_template: 'https://b.example.com/{id}', new_issue_template: 'data:{title}' },
      'new_issue_template',
    ],
  ])('refuses %j naming %s', async (body, field) => {
    const { projectId } = await setup();
    const res = expectStatus(await setTracker(projectId, body), 400);
    expect(res.details.map((d: { field: string }) => d.field)).toEqual([field]);
  });

  it('needs edit_project to change and home_test_case to read; hides other projects', async () => {
    const { projectId } = await setup();
    const reader = await createUser(t);
    await addMember(t, projectId, reader.id, await createRole(t, ['home_test_case']));
    const outsider = await createUser(t);
    expectStatus(await api(reader.token).get(`/api/projects/${projectId}/tracker`), 200);
    expectStatus(await api(reader.token).put(`/api/projects/${projectId}/tracker`, TRACKERS.github), 403);
    expectStatus(await api(reader.token).del(`/api/projects/${projectId}/tracker`), 403);
    expectStatus(await api(outsider.token).get(`/api/projects/${projectId}/tracker`), 404);
    expectStatus(await api(outsider.token).put(`/api/projects/${projectId}/tracker`, TRACKERS.github), 404);
  });
});

describe('defect links', () => {
  it.each(Object.keys(TRACKERS) as (keyof typeof TRACKERS)[])(
    'links by id and by address on a %s tracker, parsing its addresses back',
    async (kind) => {
      const s = await setup();
      expectStatus(await setTracker(s.projectId, TRACKERS[kind]), 200);
      const want = EXPECTED[kind];
      const byId = expectStatus(
        await api().post(`/api/test-cases/${s.caseId}/defects`, { defect: want.typed }),
        201,
      );
      expect(byId.defect).toMatchObject({
        defect: want.shown,
        url: want.url,
        case_id: s.caseId,
        cycle: null,
      });
      const byUrl = expectStatus(
        await api().post(`/api/cycle-items/${s.itemId}/defects`, {
          defect: want.address,
          result_id: s.resultId,
        }),
        201,
      );
      expect(byUrl.defect).toMatchObject({
        defect: want.parsed,
        item_id: s.itemId,
        result_id: s.resultId,
        cycle: { id: s.cycleId, name: 'Release 2.1' },
      });
      expect(byUrl.defect.url.startsWith('https://')).toBe(true);
      // Any other address is kept as it is, shown as itself.
      const other = expectStatus(
        await api().post(`/api/cycle-items/${s.itemId}/defects`, {
          defect: 'https://elsewhere.example.org/t/9',
        }),
        201,
      );
      expect(other.defect).toMatchObject({
        defect: 'https://elsewhere.example.org/t/9',
        url: 'https://elsewhere.example.org/t/9',
        result_id: null,
      });
      // The same defect again on the same target is refused; on another target it is fine.
      expectStatus(await api().post(`/api/test-cases/${s.caseId}/defects`, { defect: want.typed }), 409);
      expectStatus(await api().post(`/api/cycle-items/${s.itemId}/defects`, { defect: want.typed }), 201);
    },
  );

  it('refuses an id without a tracker, a bad id, a non-http address and a foreign result', async () => {
    const s = await setup();
    const none = expectStatus(
      await api().post(`/api/test-cases/${s.caseId}/defects`, { defect: 'SHOP-1' }),
      400,
    );
    expect(none.message).toMatch(/no issue tracker/);
    const url = expectStatus(
      await api().post(`/api/test-cases/${s.caseId}/defects`, { defect: 'https://bugs.example.com/1' }),
      201,
    );
    expect(url.defect).toMatchObject({
      defect: 'https://bugs.example.com/1',
      url: 'https://bugs.example.com/1',
    });
    expectStatus(await setTracker(s.projectId, TRACKERS.jira), 200);
    expect(
      expectStatus(await api().post(`/api/test-cases/${s.caseId}/defects`, { defect: '12' }), 400).message,
    ).toMatch(/Jira key/);
    expectStatus(await api().post(`/api/test-cases/${s.caseId}/defects`, { defect: 'javascript://x' }), 400);
    expectStatus(await api().post(`/api/test-cases/${s.caseId}/defects`, { defect: '   ' }), 400);
    const other = await setup();
    const foreign = expectStatus(
      await api().post(`/api/cycle-items/${s.itemId}/defects`, {
        defect: 'SHOP-1',
        result_id: other.resultId,
      }),
      400,
    );
    expect(foreign.details[0].field).toBe('result_id');
  });

  it('lists a case at every level, an item, and the cycle grouped by defect', async () => {
    const s = await setup();
    expectStatus(await setTracker(s.projectId, TRACKERS.github), 200);
    const second = expectStatus(
      await api().post(`/api/test-cases/project/${s.projectId}/create`, { name: 'Apply a voucher' }),
      201,
    ).testCase;
    const otherCycle = expectStatus(
      await api().post(`/api/projects/${s.projectId}/cycles`, {
        name: 'Other',
        case_ids: [second.id, s.caseId],
      }),
      201,
    ).cycle;
    const items = expectStatus(await api().get(`/api/cycles/${otherCycle.id}/items`), 200).items;
    const secondItem = items.find((i: { test_case: { id: number } }) => i.test_case.id === second.id).id;
    await api().post(`/api/test-cases/${s.caseId}/defects`, { defect: '1' });
    await api().post(`/api/cycle-items/${s.itemId}/defects`, { defect: '2' });
    await api().post(`/api/cycle-items/${s.itemId}/defects`, { defect: '3', result_id: s.resultId });
    await api().post(`/api/cycle-items/${secondItem}/defects`, { defect: '3' });

    const onCase = expectStatus(await api().get(`/api/test-cases/${s.caseId}/defects`), 200).defects;
    expect(onCase.map((d: { defect: string }) => d.defect)).toEqual(['#3', '#2', '#1']);
    expect(onCase[0].cycle).toEqual({ id: s.cycleId, name: 'Release 2.1' });
    expect(onCase[0].creator.username).toBe('admin');
    const onItem = expectStatus(await api().get(`/api/cycle-items/${s.itemId}/defects`), 200).defects;
    expect(onItem.map((d: { defect: string }) => d.defect)).toEqual(['#3', '#2']);

    const first = expectStatus(await api().get(`/api/cycles/${s.cycleId}/defects`), 200).defects;
    expect(first).toEqual([
      {
        defect: '#3',
        url: 'https://github.com/acme/shop/issues/3',
        cases: [{ id: s.caseId, name: 'Checkout with a card' }],
      },
      {
        defect: '#2',
        url: 'https://github.com/acme/shop/issues/2',
        cases: [{ id: s.caseId, name: 'Checkout with a card' }],
      },
    ]);
    const other = expectStatus(await api().get(`/api/cycles/${otherCycle.id}/defects`), 200).defects;
    expect(other).toEqual([
      {
        defect: '#3',
        url: 'https://github.com/acme/shop/issues/3',
        cases: [{ id: second.id, name: 'Apply a voucher' }],
      },
    ]);
  });

  it('removes with the permission of its level, and goes with its case, cycle or result', async () => {
    const s = await setup();
    expectStatus(await setTracker(s.projectId, TRACKERS.jira), 200);
    const caseLink = expectStatus(
      await api().post(`/api/test-cases/${s.caseId}/defects`, { defect: 'AB-1' }),
      201,
    ).defect;
    const itemLink = expectStatus(
      await api().post(`/api/cycle-items/${s.itemId}/defects`, { defect: 'AB-2' }),
      201,
    ).defect;
    const executor = await createUser(t);
    await addMember(
      t,
      s.projectId,
      executor.id,
      await createRole(t, ['home_test_case', 'home_test_cycle', 'execute_test_cycle']),
    );
    const editor = await createUser(t);
    await addMember(t, s.projectId, editor.id, await createRole(t, ['home_test_case', 'edit_test_case']));
    expectStatus(
      await api(executor.token).post(`/api/test-cases/${s.caseId}/defects`, { defect: 'AB-3' }),
      403,
    );
    expectStatus(
      await api(editor.token).post(`/api/cycle-items/${s.itemId}/defects`, { defect: 'AB-3' }),
      403,
    );
    expectStatus(await api(executor.token).del(`/api/defect-links/${caseLink.id}`), 403);
    expectStatus(await api(editor.token).del(`/api/defect-links/${itemLink.id}`), 403);
    expectStatus(await api(executor.token).del(`/api/defect-links/${itemLink.id}`), 200);
    expectStatus(await api(editor.token).del(`/api/defect-links/${caseLink.id}`), 200);
    expectStatus(await api().del(`/api/defect-links/${caseLink.id}`), 404);
    const outsider = await createUser(t);
    expectStatus(await api(outsider.token).get(`/api/test-cases/${s.caseId}/defects`), 404);
    expectStatus(await api(outsider.token).get(`/api/cycles/${s.cycleId}/defects`), 404);

    const count = async () =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from defect_links where project_id = ${s.projectId}`,
        )
      )[0]!.n;
    await api().post(`/api/cycle-items/${s.itemId}/defects`, { defect: 'AB-4', result_id: s.resultId });
    await api().post(`/api/test-cases/${s.caseId}/defects`, { defect: 'AB-5' });
    expect(await count()).toBe(2);
    expectStatus(await api().del(`/api/cycles/${s.cycleId}`), 200);
    expect(await count()).toBe(1);
    expectStatus(await api().del(`/api/test-cases/delete/${s.caseId}`), 200);
    expect(await count()).toBe(0);
  });
});

describe('search', () => {
  it('finds defect:<id> at any level, ignoring case, and defect:12 finds #12', async () => {
    const s = await setup();
    expectStatus(await setTracker(s.projectId, TRACKERS.jira), 200);
    const other = expectStatus(
      await api().post(`/api/test-cases/project/${s.projectId}/create`, { name: 'Refund an order' }),
      201,
    ).testCase;
    await api().post(`/api/cycle-items/${s.itemId}/defects`, { defect: 'PROJ-12', result_id: s.resultId });
    await api().post(`/api/test-cases/${other.id}/defects`, { defect: 'PROJ-13' });
    await api().post(`/api/test-cases/${other.id}/defects`, { defect: 'https://github.com/o/r/issues/12' });
    const names = async (q: string) =>
      expectStatus(
        await api().get(`/api/projects/${s.projectId}/cases/search?q=${encodeURIComponent(q)}`),
        200,
      ).items.map((c: { name: string }) => c.name);
    expect(await names('defect:PROJ-12')).toEqual(['Checkout with a card']);
    expect(await names('defect:proj-13')).toEqual(['Refund an order']);
    expect(await names('-defect:PROJ-12')).toEqual(['Refund an order']);
    expect(await names('defect:https://github.com/o/r/issues/12')).toEqual(['Refund an order']);
    expect(await names('defect:PROJ-99')).toEqual([]);

    const github = await setup();
    expectStatus(await setTracker(github.projectId, TRACKERS.github), 200);
    await api().post(`/api/cycle-items/${github.itemId}/defects`, { defect: '12' });
    const hits = async (q: string) =>
      expectStatus(
        await api().get(`/api/projects/${github.projectId}/cases/search?q=${encodeURIComponent(q)}`),
        200,
      ).total;
    expect(await hits('defect:12')).toBe(1);
    expect(await hits('defect:#12')).toBe(1);
    expect(await hits('defect:1')).toBe(0);
  });
});

describe('File a bug', () => {
  const LINK_BACK = (s: Setup) => `http://verdict.example.com/cycle-items/${s.itemId}`;
  const fileBug = (s: Setup) =>
    t.request({
      method: 'GET',
      url: `/api/cycle-results/${s.resultId}/new-issue`,
      token: admin,
      headers: { host: 'verdict.example.com' },
    });

  /** What every tracker's body must say. */
  function expectReport(body: string, s: Setup) {
    expect(body).toContain('Open the cart');
    expect(body).toContain('Pay with a card');
    expect(body).toContain('The order is confirmed');
    expect(body).toContain('The card form spins forever');
    expect(body).toContain('Timeout after 30 s');
    expect(body).toContain('staging');
    expect(body).toContain('M7');
    expect(body).toContain('Release 2.1');
    expect(body).toContain(LINK_BACK(s));
  }

  it('opens GitHub with the title and a Markdown body', async () => {
    const s = await setup();
    expectStatus(await setTracker(s.projectId, TRACKERS.github), 200);
    const url = new URL(expectStatus(await fileBug(s), 200).url);
    expect(url.origin).toBe('https://github.com');
    expect(url.pathname).toBe('/acme/shop/issues/new');
    expect(url.searchParams.get('title')).toBe('Failed: Checkout with a card');
    const body = url.searchParams.get('body')!;
    expectReport(body, s);
    expect(body).toContain('### Steps');
    expect(body).toContain('### Expected result');
    expect(body).toContain('### Actual result');
    expect(body).toContain('### Environment');
    expect(body).toContain(`[Open the result in Verdict](${LINK_BACK(s)})`);
  });

  it('opens GitLab with issue[title] and issue[description]', async () => {
    const s = await setup();
    expectStatus(await setTracker(s.projectId, TRACKERS.gitlab), 200);
    const url = new URL(expectStatus(await fileBug(s), 200).url);
    expect(url.origin).toBe('https://git.example.com');
    expect(url.pathname).toBe('/web/shop/-/issues/new');
    expect(url.searchParams.get('issue[title]')).toBe('Failed: Checkout with a card');
    expectReport(url.searchParams.get('issue[description]')!, s);
  });

  it('opens Jira with pid, issuetype, summary and a wiki description; without ids, none', async () => {
    const s = await setup();
    expectStatus(await setTracker(s.projectId, TRACKERS.jira), 200);
    const url = new URL(expectStatus(await fileBug(s), 200).url);
    expect(url.origin).toBe('https://acme.atlassian.net');
    expect(url.pathname).toBe('/secure/CreateIssueDetails!init.jspa');
    expect(url.searchParams.get('pid')).toBe('10001');
    expect(url.searchParams.get('issuetype')).toBe('10004');
    expect(url.searchParams.get('summary')).toBe('Failed: Checkout with a card');
    const description = url.searchParams.get('description')!;
    expectReport(description, s);
    expect(description).toContain('h3. Steps');
    expect(description).toContain(`[Open the result in Verdict|${LINK_BACK(s)}]`);
    expectStatus(
      await setTracker(s.projectId, { kind: 'jira', base_url: 'https://acme.atlassian.net' }),
      200,
    );
    const bare = new URL(expectStatus(await fileBug(s), 200).url);
    expect(bare.searchParams.has('pid')).toBe(false);
    expect(bare.searchParams.has('issuetype')).toBe(false);
  });

  it('fills a url template, and refuses one without a new-issue address', async () => {
    const s = await setup();
    expectStatus(await setTracker(s.projectId, TRACKERS.url), 200);
    const url = new URL(expectStatus(await fileBug(s), 200).url);
    expect(url.origin + url.pathname).toBe('https://bugs.example.com/new');
    expect(url.searchParams.get('summary')).toBe('Failed: Checkout with a card');
    expectReport(url.searchParams.get('text')!, s);
    expectStatus(
      await setTracker(s.projectId, { kind: 'url', link_template: 'https://b.example.com/{id}' }),
      200,
    );
    expect(expectStatus(await fileBug(s), 400).message).toMatch(/no new-issue address/);
  });

  it('keeps the address under 8,000 characters, saying so, with the link back', async () => {
    const s = await setup();
    expectStatus(await setTracker(s.projectId, TRACKERS.github), 200);
    const long = 'x'.repeat(1500);
    expectStatus(
      await api().put(`/api/test-cases/update/${s.caseId}`, {
        name: 'Checkout with a card',
        steps: Array.from({ length: 40 }, (_, i) => ({ action: `Step ${i} ${long}`, expected: long })),
      }),
      200,
    );
    const answer = expectStatus(await fileBug(s), 200).url as string;
    expect(answer.length).toBeLessThanOrEqual(8000);
    const body = new URL(answer).searchParams.get('body')!;
    expect(body).toContain('cut to fit the address');
    expect(body).toContain(LINK_BACK(s));
  });

  it('answers 400 without a tracker or for a passed result, 404 for an unseen result', async () => {
    const s = await setup();
    expect(expectStatus(await fileBug(s), 400).message).toMatch(/no issue tracker/);
    expectStatus(await setTracker(s.projectId, TRACKERS.github), 200);
    const passed = expectStatus(
      await api().post(`/api/cycle-items/${s.itemId}/results`, { state: 'passed' }),
      201,
    ).result.id;
    expectStatus(await api().get(`/api/cycle-results/${passed}/new-issue`), 400);
    const outsider = await createUser(t);
    expectStatus(await api(outsider.token).get(`/api/cycle-results/${s.resultId}/new-issue`), 404);
    expectStatus(await api().get('/api/cycle-results/999999/new-issue'), 404);
  });
});
