import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequirementRef, TestCaseDetail } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { requirementOf, testCaseOf } from '@/test/world';
import { CaseRequirements } from './case-requirements';

const caseWith = (requirements: RequirementRef[]): TestCaseDetail =>
  ({
    ...testCaseOf(12, { name: 'Card accepted' }),
    preconditions: '',
    steps: [],
    custom_fields: {},
    parameters: null,
    version: 1,
    source_id: null,
    requirements,
  }) as TestCaseDetail;

const epic: RequirementRef = { id: 1, key: 'EPIC-1', title: 'Checkout' };

describe("the case page's Requirements card", () => {
  it('lists the requirements of the case, linked to their pages, without controls for readers', async () => {
    mockApi({ 'GET /api/test-cases/single/12': { body: caseWith([epic]) } });
    renderWithProviders(<CaseRequirements caseId={12} canEdit={false} />);
    const list = await screen.findByRole('list', { name: 'Requirements of this case' });
    expect(within(list).getByRole('link', { name: 'EPIC-1' }).getAttribute('href')).toBe('/requirements/1');
    expect(within(list).getByText(/Checkout/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add requirement' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove EPIC-1' })).toBeNull();
  });

  it('says when the case has none (an answer without the field too)', async () => {
    const { requirements: _none, ...bare } = caseWith([]) as TestCaseDetail & { requirements?: unknown };
    mockApi({ 'GET /api/test-cases/single/12': { body: bare as TestCaseDetail } });
    renderWithProviders(<CaseRequirements caseId={12} canEdit={false} />);
    expect(await screen.findByText('Not linked to any requirement.')).toBeTruthy();
  });

  it('adds a requirement found by search and removes one, each saving the whole list', {
    timeout: 20_000,
  }, async () => {
    const user = userEvent.setup();
    let current: RequirementRef[] = [epic];
    const api = mockApi({
      'GET /api/test-cases/single/12': () => ({ body: caseWith(current) }),
      'GET /api/projects/3/requirements?q=card&limit=10': {
        body: {
          items: [
            requirementOf(1, { key: 'EPIC-1' }),
            requirementOf(2, { key: 'REQ-2', title: 'Pay by card' }),
          ],
          total: 2,
        },
      },
      'PUT /api/test-cases/12/requirements': (body) => {
        const ids = (body as { requirement_ids: number[] }).requirement_ids;
        current = ids.map((id) => (id === 1 ? epic : { id, key: 'REQ-2', title: 'Pay by card' }));
        return { body: { message: 'Requirements saved', requirements: current } };
      },
    });
    renderWithProviders(<CaseRequirements caseId={12} canEdit />);
    await user.click(await screen.findByRole('button', { name: 'Add requirement' }));
    await user.type(screen.getByRole('searchbox', { name: 'Find a requirement' }), 'card');
    // The one it has already is not offered again.
    await user.click(await screen.findByRole('radio', { name: 'REQ-2 Pay by card' }));
    expect(screen.queryByRole('radio', { name: /EPIC-1/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Link to REQ-2' }));
    expect(await screen.findByText('Linked this case to REQ-2')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'REQ-2' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove EPIC-1' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'EPIC-1' })).toBeNull());
    expect(api.calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { requirement_ids: [1, 2] },
      { requirement_ids: [2] },
    ]);
  });
});
