import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConfigurationGroup } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { type MockHandlers, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { configurationGroupOf, projectDetail } from '@/test/world';

const READER = ['home_project'];
const LEAD = [...READER, 'edit_project'];

const BROWSER = configurationGroupOf(1, 'Browser', ['Chrome', 'Firefox']);
const OS = configurationGroupOf(2, 'OS', ['Linux', 'Windows', 'macOS']);

function renderPage(permissions: string[], groups: ConfigurationGroup[], more: MockHandlers = {}) {
  const api = signedIn(permissions, {
    'GET /api/projects/detail/3': { body: projectDetail(permissions) },
    'GET /api/projects/list': { body: [] },
    'GET /api/projects/3/configuration-groups': { body: { groups } },
    ...more,
  });
  renderApp('/projects/3/configurations');
  return api;
}

async function openNewGroup(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'New Group' }));
  return screen.getByRole('dialog', { name: 'New Configuration Group' });
}

describe('the Configurations page', () => {
  it('lists each group with its configurations, read-only without edit_project', async () => {
    renderPage(READER, [BROWSER, OS]);
    const list = await screen.findByRole('list', { name: 'Configuration groups' });
    expect(within(list).getByRole('heading', { name: 'Browser', level: 3 })).toBeTruthy();
    const chips = within(list).getByRole('list', { name: 'Configurations of OS' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Linux', 'Windows', 'macOS']);
    expect(
      screen.getByText("You need the edit_project permission to change this project's configurations."),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New Group' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Browser' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Browser' })).toBeNull();
  });

  it('says when the project has no groups yet', async () => {
    renderPage(LEAD, []);
    expect(await screen.findByText(/^No configuration groups yet\./)).toBeTruthy();
    expect(screen.queryByText(/You need the edit_project permission/)).toBeNull();
  });

  it('creates a group: Enter adds a configuration, each chip is removable, typed text is kept', async () => {
    const user = userEvent.setup();
    const api = renderPage(LEAD, [], {
      'POST /api/projects/3/configuration-groups': (body) => ({
        status: 201,
        body: {
          message: 'Configuration group created',
          group: configurationGroupOf(9, 'Browser', (body as { configurations: string[] }).configurations),
        },
      }),
    });
    const dialog = await openNewGroup(user);
    await user.type(within(dialog).getByLabelText(/^Name/), ' Browser ');
    const box = within(dialog).getByLabelText('Configurations');
    await user.type(box, 'Chrome{Enter}Edge{Enter}');
    // Enter added the chips and submitted nothing.
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    const chips = within(dialog).getByRole('list', { name: 'Configurations in this group' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Chrome', 'Edge']);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Edge' }));
    expect(document.activeElement).toBe(box);
    // A name in the box but not yet added is saved too.
    await user.type(box, 'Firefox');
    await user.click(within(dialog).getByRole('button', { name: 'Create Group' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = api.calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ name: 'Browser', configurations: ['Chrome', 'Firefox'] });
    expect(await screen.findByText('Configuration group created')).toBeTruthy();
  });

  it('shows its own checks at the fields and focuses the first invalid one', async () => {
    const user = userEvent.setup();
    const api = renderPage(LEAD, []);
    const dialog = await openNewGroup(user);
    const box = within(dialog).getByLabelText('Configurations');
    await user.type(box, 'Chrome{Enter}chrome{Enter}');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('"chrome" is already in this group')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create Group' }));
    const name = within(dialog).getByLabelText(/^Name/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain('-error');
    expect(within(dialog).getByText('Group name is required')).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows the server's refusal at the configurations its details name, and focuses them", async () => {
    const user = userEvent.setup();
    renderPage(LEAD, [], {
      'POST /api/projects/3/configuration-groups': {
        status: 400,
        body: {
          message: 'The configurations needs a name',
          code: 'invalid_request',
          details: [{ field: 'configurations.1', message: 'is required' }],
        },
      },
    });
    const dialog = await openNewGroup(user);
    await user.type(within(dialog).getByLabelText(/^Name/), 'Browser');
    await user.type(within(dialog).getByLabelText('Configurations'), 'Chrome{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Create Group' }));
    const box = within(dialog).getByLabelText('Configurations');
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('The configurations needs a name')).toBeTruthy();
    expect(document.activeElement).toBe(box);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('shows a taken group name at Name', async () => {
    const user = userEvent.setup();
    renderPage(LEAD, [BROWSER], {
      'POST /api/projects/3/configuration-groups': {
        status: 409,
        body: {
          message: 'This project already has a configuration group with that name',
          code: 'name_taken',
        },
      },
    });
    const dialog = await openNewGroup(user);
    await user.type(within(dialog).getByLabelText(/^Name/), 'browser');
    await user.click(within(dialog).getByRole('button', { name: 'Create Group' }));
    const name = within(dialog).getByLabelText(/^Name/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(
      within(dialog).getByText('This project already has a configuration group with that name'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(name);
  });

  it('edits a group: the PUT sends the kept names as they are, so they keep their ids', async () => {
    const user = userEvent.setup();
    const saved = {
      ...BROWSER,
      name: 'Browsers',
      configurations: [
        { id: 11, name: 'Chrome' },
        { id: 90, name: 'Safari' },
      ],
    };
    const api = renderPage(LEAD, [BROWSER, OS], {
      'PUT /api/configuration-groups/1': { body: { message: 'Configuration group saved', group: saved } },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Browser' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Configuration Group' });
    const name = within(dialog).getByLabelText(/^Name/);
    expect((name as HTMLInputElement).value).toBe('Browser');
    await user.clear(name);
    await user.type(name, 'Browsers');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Firefox' }));
    await user.type(within(dialog).getByLabelText('Configurations'), 'Safari{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save Group' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/configuration-groups/1');
    expect(put?.body).toEqual({ name: 'Browsers', configurations: ['Chrome', 'Safari'] });
    expect(await screen.findByText('Configuration group saved')).toBeTruthy();
  });

  it('sends only the name when the configurations did not change', async () => {
    const user = userEvent.setup();
    const api = renderPage(LEAD, [BROWSER], {
      'PUT /api/configuration-groups/1': {
        body: { message: 'Configuration group saved', group: { ...BROWSER, name: 'Web browser' } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Browser' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Configuration Group' });
    const name = within(dialog).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Web browser');
    await user.click(within(dialog).getByRole('button', { name: 'Save Group' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'Web browser' });
  });

  it('deletes a group only once confirmed, saying its configurations go with it', async () => {
    const user = userEvent.setup();
    const api = renderPage(LEAD, [BROWSER, OS], {
      'DELETE /api/configuration-groups/2': { body: { message: 'Configuration group deleted' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete OS' }));
    let confirmDialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(
      within(confirmDialog).getByText(
        'Delete the configuration group "OS"? Its 3 configurations are deleted with it; test cycles made with them keep their names but no longer list them.',
      ),
    ).toBeTruthy();
    await user.click(within(confirmDialog).getByRole('button', { name: 'No, Cancel' }));
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete OS' }));
    confirmDialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(confirmDialog).getByRole('button', { name: 'Yes, Delete' }));
    expect(await screen.findByText('Configuration group deleted')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/configuration-groups/2',
    ]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Configurations', level: 1 }));
  });
});
