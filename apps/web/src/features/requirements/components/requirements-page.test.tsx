import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockHandlers, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { projectDetail, projectShell, requirementDetailOf, requirementOf } from '@/test/world';

const READER = ['home_project', 'home_requirement'];
const TOP = 'GET /api/projects/3/requirements?parent_id=0&limit=25&offset=0';

const epic = requirementOf(1, {
  key: 'EPIC-1',
  title: 'Checkout',
  has_children: true,
  coverage: 'failing',
  counts: { cases: 3, passed: 2, failing: 1, untested: 0 },
});
const story = requirementOf(2, {
  key: 'REQ-2',
  title: 'Pay by card',
  parent_id: 1,
  coverage: 'passing',
  counts: { cases: 2, passed: 2, failing: 0, untested: 0 },
});

function renderList(permissions: string[], handlers: MockHandlers = {}, path = '/projects/3/requirements') {
  const api = signedIn(permissions, {
    ...projectShell(projectDetail(permissions)),
    [TOP]: { body: { items: [epic], total: 1 } },
    'GET /api/projects/3/requirements?parent_id=1&limit=500': { body: { items: [story], total: 1 } },
    ...handlers,
  });
  renderApp(path);
  return api;
}

describe('the requirements of a project', () => {
  it('shows the top level with coverage in words, and loads children when a requirement opens', {
    timeout: 20_000,
  }, async () => {
    const user = userEvent.setup();
    const api = renderList(READER);
    const list = await screen.findByRole('list', { name: 'Requirements' });
    expect(within(list).getByRole('link', { name: 'EPIC-1' }).getAttribute('href')).toBe('/requirements/1');
    expect(within(list).getByText('Failing')).toBeTruthy();
    expect(within(list).getByRole('img', { name: '3 cases: 2 passed, 1 failing' })).toBeTruthy();
    expect(screen.queryByText('Pay by card')).toBeNull();
    expect(api.calls.some((call) => call.path.includes('parent_id=1'))).toBe(false);

    const open = within(list).getByRole('button', { name: 'Open EPIC-1' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    await user.click(open);
    const children = await screen.findByRole('list', { name: 'Requirements under EPIC-1' });
    expect(within(children).getByRole('link', { name: 'REQ-2' })).toBeTruthy();
    expect(within(children).getByText('Passing')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close EPIC-1' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Traceability matrix' }).getAttribute('href')).toBe(
      '/projects/3/traceability',
    );
    expect(screen.queryByRole('button', { name: 'New requirement' })).toBeNull();
  });

  it('switches to a flat list of the matches when filtered by coverage, status or text', async () => {
    const user = userEvent.setup();
    renderList(READER, {
      'GET /api/projects/3/requirements?coverage=passing&limit=25&offset=0': {
        body: { items: [story], total: 1 },
      },
      'GET /api/projects/3/requirements?q=card&coverage=passing&limit=25&offset=0': {
        body: { items: [], total: 0 },
      },
    });
    await screen.findByRole('list', { name: 'Requirements' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Coverage' }), 'passing');
    const matches = await screen.findByRole('list', { name: 'Matching requirements' });
    expect(within(matches).getByRole('link', { name: 'REQ-2' })).toBeTruthy();
    expect(within(matches).queryByRole('button', { name: /Open/ })).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Filter' }), 'card');
    expect(await screen.findByText('No requirements match these filters.')).toBeTruthy();
  });

  it('makes a new requirement under a parent found by search, and opens it', {
    timeout: 20_000,
  }, async () => {
    const user = userEvent.setup();
    const api = renderList([...READER, 'add_requirement'], {
      'GET /api/projects/3/requirements?q=epic&limit=10': { body: { items: [epic], total: 1 } },
      'POST /api/projects/3/requirements': (body) =>
        (body as { title: string }).title === 'Refund'
          ? { status: 201, body: { message: 'Requirement created', requirement: requirementOf(9) } }
          : {
              status: 409,
              body: { message: 'This project already has a requirement with key REQ-2', code: 'name_taken' },
            },
      'GET /api/requirements/9': { body: requirementDetailOf(9, { key: 'REQ-9', title: 'Refund' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'New requirement' }));
    const dialog = screen.getByRole('dialog', { name: 'New requirement' });
    await user.click(within(dialog).getByRole('button', { name: 'Create requirement' }));
    expect(within(dialog).getByText('Title is required')).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: 'Key' }), 'REQ-2');
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Create requirement' }));
    expect(
      await within(dialog).findByText('This project already has a requirement with key REQ-2'),
    ).toBeTruthy();

    await user.clear(within(dialog).getByRole('textbox', { name: 'Key' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Title' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Refund');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Money **back**');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'approved');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Find a parent requirement' }), 'epic');
    await user.click(await within(dialog).findByRole('radio', { name: 'EPIC-1 Checkout' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create requirement' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Refund' })).toBeTruthy();
    const posts = api.calls.filter((call) => call.method === 'POST').map((call) => call.body);
    expect(posts.at(-1)).toEqual({
      title: 'Refund',
      description: 'Money **back**',
      status: 'approved',
      parent_id: 1,
      external_url: null,
    });
    await waitFor(() => expect(screen.getByText('Requirement created')).toBeTruthy());
  });

  it('links Import Requirements beside New requirement, for add_requirement only', async () => {
    renderList([...READER, 'add_requirement']);
    const link = await screen.findByRole('link', { name: 'Import' });
    expect(link.getAttribute('href')).toBe('/projects/3/import-requirements');
    expect(screen.getByRole('button', { name: 'New requirement' })).toBeTruthy();
  });

  it('shows no Import link without add_requirement', async () => {
    renderList(READER);
    await screen.findByRole('link', { name: 'Traceability matrix' });
    expect(screen.queryByRole('link', { name: 'Import' })).toBeNull();
  });

  it('needs home_requirement', async () => {
    renderList(['home_project']);
    expect(
      await screen.findByText("You need the home_requirement permission to see this project's requirements."),
    ).toBeTruthy();
  });
});
