import type { CaseField, CaseVersion, TestCaseDetail } from '@verdict/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, expectGuards, expectStatus } from './helpers/requests.ts';
import { createMember, startWorld, type TestApp, type TestUser, type World } from './helpers/world.ts';

/** docs/product/rich-cases.md: case content, custom fields, versions, step results. */

let t: TestApp;
let w: World;
let suiteId: number;
let editor: TestUser;
beforeAll(async () => {
  ({ t, w } = await startWorld());
  suiteId = expectStatus(
    await admin().post('/api/testsuites/create', { project_id: w.project.id, name: 'Checkout' }),
    201,
  ).suite.id;
  editor = await createMember(t, w.project.id, [
    'home_test_case',
    'add_test_case_in_test_suit',
    'edit_test_case',
  ]);
});
afterAll(() => t.close());

const admin = () => as(t, w.admin);

async function newCase(body: object): Promise<TestCaseDetail> {
  return expectStatus(await admin().post(`/api/test-cases/suite/${suiteId}/create`, body), 201).testCase;
}

async function newField(body: object): Promise<CaseField> {
  return expectStatus(await admin().post(`/api/projects/${w.project.id}/case-fields`, body), 201).field;
}

const steps = [
  { action: 'Open the **cart**', expected: 'The cart lists `2` items' },
  { action: 'Press Pay', expected: 'A receipt shows' },
];

describe('case content', () => {
  it('a new case has the defaults; every case endpoint answers the new fields', async () => {
    const created = await newCase({ name: 'Plain' });
    expect(created).toMatchObject({
      preconditions: '',
      priority: 'medium',
      tags: [],
      steps: [],
      custom_fields: {},
      version: 1,
    });
    const single = expectStatus(await admin().get(`/api/test-cases/single/${created.id}`), 200);
    // The case's page also reads its requirements (decision 208), to holders of home_requirement.
    expect(single).toEqual({ ...created, requirements: [] });
    const listed = expectStatus(await admin().get(`/api/test-cases/suite/${suiteId}`), 200);
    const row = listed.find((c: { id: number }) => c.id === created.id);
    // Lists answer priority and tags, not the heavy content.
    expect(row).toMatchObject({ priority: 'medium', tags: [] });
    expect(row).not.toHaveProperty('steps');
  });

  it('keeps preconditions, priority, tags (lower-cased, once each) and steps in order', async () => {
    const created = await newCase({
      name: 'Pay by card',
      preconditions: 'A signed-in **shopper**',
      priority: 'high',
      tags: [' Smoke ', 'smoke', 'Payments  Flow'],
      steps,
    });
    expect(created).toMatchObject({
      preconditions: 'A signed-in **shopper**',
      priority: 'high',
      tags: ['smoke', 'payments flow'],
      steps,
    });
    const listed = expectStatus(await admin().get(`/api/test-cases/suite/${suiteId}`), 200);
    expect(listed.find((c: { id: number }) => c.id === created.id)).toMatchObject({
      priority: 'high',
      tags: ['smoke', 'payments flow'],
    });
  });

  it('an update that leaves rich fields out keeps them; description keeps its seed rule', async () => {
    const created = await newCase({ name: 'Keep', description: 'd', priority: 'low', tags: ['a'], steps });
    const updated = expectStatus(
      await admin().put(`/api/test-cases/update/${created.id}`, { name: 'Kept' }),
      200,
    ).testCase;
    expect(updated).toMatchObject({ name: 'Kept', description: '', priority: 'low', tags: ['a'], steps });
  });

  it('a changed priority or tag shows in the kept list at once', async () => {
    const created = await newCase({ name: 'Listed' });
    await admin().get(`/api/test-cases/suite/${suiteId}`);
    expectStatus(
      await admin().put(`/api/test-cases/update/${created.id}`, {
        name: 'Listed',
        priority: 'critical',
        tags: ['x'],
      }),
      200,
    );
    const listed = expectStatus(await admin().get(`/api/test-cases/suite/${suiteId}`), 200);
    expect(listed.find((c: { id: number }) => c.id === created.id)).toMatchObject({
      priority: 'critical',
      tags: ['x'],
    });
  });

  it('refuses bad content with 400 naming the field', async () => {
    const bad = [
      { name: 'x', priority: 'urgent' },
      { name: 'x', tags: ['a,b'] },
      { name: 'x', tags: ['   '] },
      { name: 'x', tags: Array.from({ length: 31 }, (_, i) => `t${i}`) },
      { name: 'x', steps: [{ action: 'a' }] },
      { name: 'x', steps: [{ action: 'a', expected: 'b', extra: 1 }] },
      { name: 'x', preconditions: 'p'.repeat(10_001) },
    ];
    for (const body of bad) {
      const answer = expectStatus(await admin().post(`/api/test-cases/suite/${suiteId}/create`, body), 400);
      expect(answer.message).toBeTruthy();
    }
  });

  it('tag autocomplete answers the project tags by prefix, most used first, kept by the database', async () => {
    await newCase({ name: 'T1', tags: ['login', 'logout'] });
    await newCase({ name: 'T2', tags: ['login'] });
    const gone = await newCase({ name: 'T3', tags: ['lonely'] });
    const answer = expectStatus(await admin().get(`/api/projects/${w.project.id}/case-tags?q=LO`), 200);
    expect(answer.tags.slice(0, 3)).toEqual([
      { tag: 'login', cases: 2 },
      { tag: 'logout', cases: 1 },
      { tag: 'lonely', cases: 1 },
    ]);
    expectStatus(await admin().del(`/api/test-cases/delete/${gone.id}`), 200);
    const after = expectStatus(await admin().get(`/api/projects/${w.project.id}/case-tags?q=lon`), 200);
    expect(after.tags).toEqual([]);
    await expectGuards(t, w, { method: 'GET', url: `/api/projects/${w.project.id}/case-tags` });
  });
});

describe('custom fields', () => {
  it('only holders of manage_case_fields define them; everyone who sees cases reads them', async () => {
    await expectGuards(t, w, {
      method: 'POST',
      url: `/api/projects/${w.project.id}/case-fields`,
      payload: { name: 'Component', type: 'text' },
      permission: 'manage_case_fields',
    });
    const field = await newField({ name: 'Owner', type: 'text' });
    await expectGuards(t, w, {
      method: 'PUT',
      url: `/api/case-fields/${field.id}`,
      payload: { name: 'Owner 2' },
      permission: 'manage_case_fields',
    });
    await expectGuards(t, w, {
      method: 'DELETE',
      url: `/api/case-fields/${field.id}`,
      permission: 'manage_case_fields',
    });
    const listed = expectStatus(
      await as(t, editor.token).get(`/api/projects/${w.project.id}/case-fields`),
      200,
    );
    expect(listed.fields.map((f: CaseField) => f.name)).toContain('Owner');
    expectStatus(
      await admin().post(`/api/projects/${w.project.id}/case-fields`, { name: 'owner', type: 'url' }),
      409,
    );
  });

  it('checks definitions: options for choices, defaults of the type', async () => {
    const base = `/api/projects/${w.project.id}/case-fields`;
    expectStatus(await admin().post(base, { name: 'Pick', type: 'select' }), 400);
    expectStatus(
      await admin().post(base, { name: 'Pick', type: 'select', options: ['a'], default: 'b' }),
      400,
    );
    expectStatus(await admin().post(base, { name: 'Count', type: 'number', default: 'three' }), 400);
    expectStatus(await admin().post(base, { name: 'Kind', type: 'colour' }), 400);
  });

  it('checks every value by its type and names the field', async () => {
    const f = {
      text: await newField({ name: 'Summary', type: 'text' }),
      number: await newField({ name: 'Estimate', type: 'number' }),
      select: await newField({ name: 'Browser', type: 'select', options: ['Chrome', 'Firefox'] }),
      multi: await newField({ name: 'Platforms', type: 'multiselect', options: ['iOS', 'Android', 'Web'] }),
      check: await newField({ name: 'Automated', type: 'checkbox' }),
      date: await newField({ name: 'Reviewed', type: 'date' }),
      url: await newField({ name: 'Spec', type: 'url' }),
      area: await newField({ name: 'Notes', type: 'textarea' }),
    };
    const good = {
      [f.text.id]: 'one line',
      [f.number.id]: 2.5,
      [f.select.id]: 'Firefox',
      [f.multi.id]: ['iOS', 'Web'],
      [f.check.id]: true,
      [f.date.id]: '2026-02-28',
      [f.url.id]: 'https://example.com/spec',
      [f.area.id]: 'two\nlines',
    };
    const created = await newCase({ name: 'Fields', custom_fields: good });
    expect(created.custom_fields).toEqual(Object.fromEntries(Object.entries(good).map(([k, v]) => [k, v])));
    const bad: [CaseField, unknown][] = [
      [f.text, 'two\nlines'],
      [f.text, 3],
      [f.number, '3'],
      [f.select, 'Safari'],
      [f.multi, ['iOS', 'iOS']],
      [f.multi, 'iOS'],
      [f.check, 'yes'],
      [f.date, '2026-02-30'],
      [f.url, 'javascript:alert(1)'],
    ];
    for (const [field, value] of bad) {
      const answer = expectStatus(
        await admin().put(`/api/test-cases/update/${created.id}`, {
          name: 'Fields',
          custom_fields: { [field.id]: value },
        }),
        400,
      );
      expect(answer.details[0].field).toBe(`custom_fields.${field.id}`);
      expect(answer.message).toContain(field.name);
    }
    const unknown = expectStatus(
      await admin().put(`/api/test-cases/update/${created.id}`, {
        name: 'Fields',
        custom_fields: { 999999: 'x' },
      }),
      400,
    );
    expect(unknown.details[0].field).toBe('custom_fields.999999');
    // An empty value unsets a field.
    const cleared = expectStatus(
      await admin().put(`/api/test-cases/update/${created.id}`, {
        name: 'Fields',
        custom_fields: { [f.text.id]: '', [f.multi.id]: [] },
      }),
      200,
    ).testCase;
    expect(cleared.custom_fields).not.toHaveProperty(String(f.text.id));
    expect(cleared.custom_fields).not.toHaveProperty(String(f.multi.id));
    expect(cleared.custom_fields[f.select.id]).toBe('Firefox');
    // Deleting a field removes its values from the cases.
    expectStatus(await admin().del(`/api/case-fields/${f.select.id}`), 200);
    const after = expectStatus(await admin().get(`/api/test-cases/single/${created.id}`), 200);
    expect(after.custom_fields).not.toHaveProperty(String(f.select.id));
  });

  it('required fields: defaults fill a create; a create or a form update without them is refused', async () => {
    const other = expectStatus(
      await admin().post('/api/projects/create', { name: 'Required fields' }),
      201,
    ).project;
    const suite = expectStatus(
      await admin().post('/api/testsuites/create', { project_id: other.id, name: 'S' }),
      201,
    ).suite.id;
    const plain = expectStatus(
      await admin().post(`/api/test-cases/suite/${suite}/create`, { name: 'Before' }),
      201,
    ).testCase;
    const risk = expectStatus(
      await admin().post(`/api/projects/${other.id}/case-fields`, {
        name: 'Risk',
        type: 'select',
        options: ['low', 'high'],
        required: true,
        default: 'low',
      }),
      201,
    ).field;
    const owner = expectStatus(
      await admin().post(`/api/projects/${other.id}/case-fields`, {
        name: 'Owner',
        type: 'text',
        required: true,
      }),
      201,
    ).field;
    const refused = expectStatus(
      await admin().post(`/api/test-cases/suite/${suite}/create`, { name: 'New' }),
      400,
    );
    expect(refused.details).toEqual([{ field: `custom_fields.${owner.id}`, message: 'Owner is required' }]);
    const made = expectStatus(
      await admin().post(`/api/test-cases/suite/${suite}/create`, {
        name: 'New',
        custom_fields: { [owner.id]: 'ana' },
      }),
      201,
    ).testCase;
    expect(made.custom_fields).toEqual({ [risk.id]: 'low', [owner.id]: 'ana' });
    // A case from before the field may still be renamed by a client that knows nothing of fields.
    expectStatus(await admin().put(`/api/test-cases/update/${plain.id}`, { name: 'Renamed' }), 200);
    expectStatus(
      await admin().put(`/api/test-cases/update/${plain.id}`, { name: 'Renamed', custom_fields: {} }),
      400,
    );
  });
});

describe('versions', () => {
  it('every change of content makes a version with its author and changed fields; no change, none', async () => {
    const created = await newCase({ name: 'Versioned', steps });
    const edited = expectStatus(
      await as(t, editor.token).put(`/api/test-cases/update/${created.id}`, {
        name: 'Versioned',
        priority: 'critical',
        tags: ['smoke'],
      }),
      200,
    ).testCase;
    expect(edited.version).toBe(2);
    const same = expectStatus(
      await admin().put(`/api/test-cases/update/${created.id}`, { name: 'Versioned', priority: 'critical' }),
      200,
    ).testCase;
    expect(same.version).toBe(2);
    const page = expectStatus(await admin().get(`/api/test-cases/${created.id}/versions`), 200);
    expect(page.total).toBe(2);
    const [v2, v1] = page.items as CaseVersion[];
    expect(v2).toMatchObject({
      version: 2,
      author: { id: editor.id, username: editor.username },
      changed: ['priority', 'tags'],
      content: { name: 'Versioned', priority: 'critical', tags: ['smoke'], steps },
    });
    expect(v1).toMatchObject({ version: 1, changed: expect.arrayContaining(['name', 'steps']) });
    expect(v1!.content.priority).toBe('medium');
    const paged = expectStatus(
      await admin().get(`/api/test-cases/${created.id}/versions?limit=1&offset=1`),
      200,
    );
    expect(paged.items.map((v: CaseVersion) => v.version)).toEqual([1]);
  });

  it('restoring a version makes a new version with its content', async () => {
    const created = await newCase({ name: 'Restore me', preconditions: 'old', steps });
    expectStatus(
      await admin().put(`/api/test-cases/update/${created.id}`, {
        name: 'Changed',
        preconditions: 'new',
        steps: [],
      }),
      200,
    );
    const restored = expectStatus(
      await admin().post(`/api/test-cases/${created.id}/versions/1/restore`),
      200,
    );
    expect(restored.message).toBe('Test case restored from version 1');
    expect(restored.testCase).toMatchObject({ name: 'Restore me', preconditions: 'old', steps, version: 3 });
    expectStatus(await admin().post(`/api/test-cases/${created.id}/versions/9/restore`), 404);
    await expectGuards(t, w, {
      method: 'POST',
      url: `/api/test-cases/${created.id}/versions/1/restore`,
      permission: 'edit_test_case',
    });
    await expectGuards(t, w, { method: 'GET', url: `/api/test-cases/${created.id}/versions` });
  });

  it('a case from an import has version 1 written at its first change', async () => {
    const report = `<testsuite name="Imported"><testcase classname="a" name="imported one"/></testsuite>`;
    expectStatus(
      await t.request({
        method: 'POST',
        url: `/api/projects/${w.project.id}/import/junit`,
        token: w.admin,
        payload: report,
        headers: { 'content-type': 'application/xml' },
      }),
      201,
    );
    const suites = expectStatus(await admin().get(`/api/testsuites/project/${w.project.id}`), 200);
    const imported = suites.find((s: { name: string }) => s.name === 'Imported');
    const [one] = expectStatus(await admin().get(`/api/test-cases/suite/${imported.id}`), 200);
    const before = expectStatus(await admin().get(`/api/test-cases/${one.id}/versions`), 200);
    expect(before).toMatchObject({ total: 1, items: [{ version: 1, author: null }] });
    expectStatus(
      await admin().put(`/api/test-cases/update/${one.id}`, { name: one.name, priority: 'low' }),
      200,
    );
    const after = expectStatus(await admin().get(`/api/test-cases/${one.id}/versions`), 200);
    expect(after.items.map((v: CaseVersion) => [v.version, v.changed])).toEqual([
      [2, ['priority']],
      [
        1,
        ['name', 'description', 'preconditions', 'priority', 'tags', 'steps', 'custom_fields', 'parameters'],
      ],
    ]);
  });
});

describe('step results', () => {
  it('a result keeps a state and comment per step and the case version it was recorded against', async () => {
    const created = await newCase({ name: 'Stepped', steps });
    const cycle = expectStatus(
      await admin().post(`/api/projects/${w.project.id}/cycles`, { name: 'Steps', case_ids: [created.id] }),
      201,
    ).cycle;
    const { items } = expectStatus(await admin().get(`/api/cycles/${cycle.id}/items`), 200);
    const itemId = items[0].id;
    const recorded = expectStatus(
      await admin().post(`/api/cycle-items/${itemId}/results`, {
        state: 'failed',
        step_results: [{ state: 'passed' }, { state: 'failed', comment: '  no receipt  ' }],
      }),
      201,
    );
    expect(recorded.result).toMatchObject({
      step_results: [{ state: 'passed' }, { state: 'failed', comment: 'no receipt' }],
      case_version: 1,
    });
    expectStatus(
      await admin().put(`/api/test-cases/update/${created.id}`, { name: 'Stepped', priority: 'low' }),
      200,
    );
    const detail = expectStatus(await admin().get(`/api/cycle-items/${itemId}`), 200);
    expect(detail.results[0]).toMatchObject({ case_version: 1, step_results: recorded.result.step_results });
    const tooMany = expectStatus(
      await admin().post(`/api/cycle-items/${itemId}/results`, {
        state: 'passed',
        step_results: [null, null, { state: 'passed' }],
      }),
      400,
    );
    expect(tooMany.details[0].field).toBe('step_results');
    expectStatus(
      await admin().post(`/api/cycle-items/${itemId}/results`, {
        state: 'passed',
        step_results: [{ state: 'maybe' }],
      }),
      400,
    );
  });
});
