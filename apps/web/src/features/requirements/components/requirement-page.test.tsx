import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequirementDetail } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { type MockHandlers, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import {
  projectDetail,
  projectShell,
  requirementDetailOf,
  requirementOf,
  searchHit,
  searchPage,
} from '@/test/world';

const READER = ['home_project', 'home_requirement'];
const EDITOR = [...READER, 'edit_requirement', 'delete_requirement', 'add_requirement'];

const pay: RequirementDetail = requirementDetailOf(2, {
  key: 'REQ-2',
  title: 'Pay by card',
  description: 'The shopper pays **by card**.',
  parent_id: 1,
  external_url: 'https://tracker.example.com/PAY-2',
  version: 2,
  coverage: 'failing',
  case_count: 2,
  counts: { cases: 2, passed: 1, failing: 1, untested: 0 },
  cases: [
    {
      id: 40,
      name: 'Card accepted',
      latest: { state: 'passed', at: '2026-11-25T12:00:00Z', source: 'run', cycle_id: null },
    },
    {
      id: 41,
      name: 'Card declined',
      latest: { state: 'failed', at: '2026-11-26T12:00:00Z', source: 'cycle', cycle_id: 5 },
    },
  ],
});

function renderPage(permissions: string[], handlers: MockHandlers = {}) {
  const api = signedIn(permissions, {
    ...projectShell(projectDetail(permissions)),
    'GET /api/requirements/2': { body: pay },
    'GET /api/requirements/1': { body: requirementDetailOf(1, { key: 'EPIC-1', title: 'Checkout' }) },
    'GET /api/requirements/2/versions?limit=50&offset=0': {
      body: {
        items: [
          {
            version: 2,
            key: 'REQ-2',
            title: 'Pay by card',
            description: '',
            status: 'approved',
            parent_id: 1,
            external_url: null,
            author: { id: 7, username: 'jane' },
            created_at: '2026-11-24T12:00:00Z',
          },
          {
            version: 1,
            key: 'REQ-2',
            title: 'Pay',
            description: '',
            status: 'draft',
            parent_id: 1,
            external_url: null,
            author: null,
            created_at: '2026-11-23T12:00:00Z',
          },
        ],
        total: 2,
      },
    },
    ...handlers,
  });
  renderApp('/requirements/2');
  return api;
}

describe('the requirement page', () => {
  it('shows its facts, description, coverage and its cases with their latest result', {
    timeout: 20_000,
  }, async () => {
    const user = userEvent.setup();
    renderPage(READER);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay by card' })).toBeTruthy();
    expect(screen.getByText('Requirement REQ-2')).toBeTruthy();
    expect(screen.getByRole('img', { name: '2 cases: 1 passed, 1 failing' })).toBeTruthy();
    expect(screen.getByText('Failing')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'EPIC-1 Checkout' })).getAttribute('href')).toBe(
      '/requirements/1',
    );
    expect(
      screen.getByRole('link', { name: 'https://tracker.example.com/PAY-2' }).getAttribute('target'),
    ).toBe('_blank');
    expect(screen.getByText('by card').tagName).toBe('STRONG');

    const cases = screen.getByRole('list', { name: 'Cases linked to REQ-2' });
    const [accepted, declined] = within(cases).getAllByRole('listitem') as HTMLElement[];
    expect(
      within(accepted as HTMLElement)
        .getByRole('link', { name: 'Card accepted' })
        .getAttribute('href'),
    ).toBe('/cases/40');
    expect(within(accepted as HTMLElement).getByText('Passed')).toBeTruthy();
    expect(within(declined as HTMLElement).getByText('Failed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Link cases' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Unlink/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();

    await user.click(screen.getByText('2 versions'));
    const history = await screen.findByRole('list', { name: 'Versions, newest first' });
    const versions = within(history)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(versions[0]).toMatch(/^Version 2 · jane ·/);
    expect(versions[1]).toMatch(/^Version 1 · a deleted user ·.*Pay \(Draft\)$/);
  });

  it('links cases found by a search, and unlinks one', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const api = renderPage(EDITOR, {
      'GET /api/projects/3/cases/search?q=refund&limit=25&offset=0': searchPage([
        searchHit(40, { name: 'Card accepted' }),
        searchHit(42, { name: 'Refund in full' }),
      ]),
      'POST /api/requirements/2/cases': { body: { message: 'Linked 1 case to REQ-2', cases: [] } },
      'PUT /api/requirements/2/cases': { body: { message: 'Links saved', cases: [] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Link cases' }));
    const dialog = screen.getByRole('dialog', { name: 'Link cases to REQ-2' });
    await user.click(within(dialog).getByRole('button', { name: 'Link cases' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose at least one case.');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Find cases' }), 'refund');
    const linked = await within(dialog).findByRole('checkbox', { name: /Card accepted \(linked\)/ });
    expect((linked as HTMLInputElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: /Refund in full/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Link 1 case' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Linked 1 case to REQ-2')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Unlink Card declined' }));
    await waitFor(() =>
      expect(
        api.calls.filter((call) => call.method !== 'GET').map((call) => [call.method, call.path, call.body]),
      ).toEqual([
        ['POST', '/api/requirements/2/cases', { case_ids: [42] }],
        ['PUT', '/api/requirements/2/cases', { case_ids: [40] }],
      ]),
    );
  });

  it('edits it and deletes it after asking', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const api = renderPage(EDITOR, {
      'PUT /api/requirements/2': { body: { message: 'Requirement updated', requirement: requirementOf(2) } },
      'DELETE /api/requirements/2': { body: { message: 'Requirement deleted' } },
      'GET /api/projects/3/requirements?parent_id=0&limit=25&offset=0': { body: { items: [], total: 0 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit requirement' });
    expect((within(dialog).getByRole('textbox', { name: 'Key' }) as HTMLInputElement).value).toBe('REQ-2');
    expect(await within(dialog).findByText('EPIC-1')).toBeTruthy();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'implemented');
    await user.click(within(dialog).getByRole('button', { name: 'Save requirement' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({ key: 'REQ-2', status: 'implemented', parent_id: 1 });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog');
    expect(confirm.textContent).toContain('Delete REQ-2 "Pay by card"? Its links to cases go with it.');
    await user.click(within(confirm).getByRole('button', { name: 'Yes, Delete' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Requirements' })).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'DELETE' && call.path === '/api/requirements/2')).toBe(
      true,
    );
  });

  it('says when it does not exist', async () => {
    renderPage(READER, {
      'GET /api/requirements/2': { status: 404, body: { message: 'Requirement not found' } },
    });
    expect(await screen.findByText(/Requirement not found|could not be found|does not exist/i)).toBeTruthy();
  });
});
