import { ERROR_CODES, type ErrorCode } from '@verdict/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, expectStatus } from './helpers/requests.ts';
import { startWorld, type TestApp, type Tree, type World } from './helpers/world.ts';

/**
 * docs/product/README.md, "Errors": every refusal carries a stable `code` beside its message, the
 * general one of its status or a particular one, so screens and scripts never read the words.
 * The messages stay as they were.
 */

let t: TestApp;
let w: World;
let tree: Tree;
beforeAll(async () => ({ t, w, tree } = await startWorld({ tree: true })));
afterAll(() => t.close());

function refusal(res: LightMyRequestResponse, status: number): { message: string; code: ErrorCode } {
  const body = expectStatus(res, status);
  expect(ERROR_CODES).toContain(body.code);
  return body;
}

describe('error codes', () => {
  it('name the general failure of a status', async () => {
    const admin = as(t, w.admin);
    expect(refusal(await admin.post('/api/projects/create', {}), 400).code).toBe('invalid_request');
    const badJson = await t.request({
      method: 'POST',
      url: '/api/projects/create',
      token: w.admin,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(refusal(badJson, 400)).toEqual({
      message: 'The request body is not valid JSON',
      code: 'invalid_json',
    });
    expect(refusal(await as(t).get('/api/projects/list'), 401).code).toBe('unauthenticated');
    expect(refusal(await admin.get('/api/projects/detail/999999'), 404)).toEqual({
      message: 'Project not found',
      code: 'not_found',
    });
    expect(refusal(await admin.get('/api/no-such-route'), 404).code).toBe('not_found');
  });

  it('name the particular refusals screens act on', async () => {
    const admin = as(t, w.admin);
    expect(
      refusal(
        await as(t, w.member.token).post('/api/testsuites/create', { project_id: w.project.id, name: 'S' }),
        403,
      ),
    ).toEqual({
      message: 'You do not have the permission "add_test_suit_in_project"',
      code: 'permission_missing',
    });
    expect(
      refusal(
        await as(t).post('/api/auth/login', { email: 'nobody@example.com', password: 'wrong-password-1' }),
        401,
      ),
    ).toMatchObject({ code: 'credentials_wrong' });

    const cycles = `/api/projects/${w.project.id}/cycles`;
    expect(refusal(await admin.post(cycles, { name: 'x' }), 400)).toMatchObject({ code: 'selection_empty' });
    const cycle = expectStatus(
      await admin.post(cycles, { name: 'Release', case_ids: [tree.childId] }),
      201,
    ).cycle;
    expectStatus(await admin.put(`/api/cycles/${cycle.id}`, { state: 'closed' }), 200);
    expect(refusal(await admin.put(`/api/cycles/${cycle.id}`, { name: 'Renamed' }), 409)).toEqual({
      message: 'This test cycle is closed; reopen it first',
      code: 'cycle_closed',
    });
    const bulk = await admin.post(`/api/projects/${w.project.id}/cases/bulk`, {
      action: 'add_to_cycle',
      selection: { ids: [tree.caseId] },
      cycle_id: cycle.id,
    });
    expect(refusal(bulk, 409).code).toBe('cycle_closed');

    const fields = `/api/projects/${w.project.id}/case-fields`;
    expectStatus(await admin.post(fields, { name: 'Component', type: 'text' }), 201);
    expect(refusal(await admin.post(fields, { name: 'Component', type: 'text' }), 409).code).toBe(
      'name_taken',
    );
  });
});
