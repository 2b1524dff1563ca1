import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EffectivePermissions } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { type MockHandlers, signedIn, userAnswer } from '@/test/mock-api';
import { renderApp } from '@/test/render';

/** Jane holds manage_admin_panel; project 5, 'Web', is the one project. */
const inspectorApi = (handlers: MockHandlers) =>
  signedIn(['manage_admin_panel'], {
    'GET /api/projects/list': { body: [{ id: 5, name: 'Web', description: '', created_by: 7 }] },
    ...handlers,
  });

const USERS = [userAnswer(7, 'jane', [1]), userAnswer(9, 'bob', [2])];

const qa = { id: 2, name: 'QA' };
const tester = { id: 3, name: 'Tester' };

const BOB_GLOBAL: EffectivePermissions = {
  user: { id: 9, username: 'bob', status: 'active' },
  globalRoles: [qa],
  project: null,
  visibility: null,
  permissions: [
    { name: 'edit_project', description: 'Edit a project', granted: false, sources: [] },
    {
      name: 'home_project',
      description: 'See the project tree',
      granted: true,
      sources: [{ kind: 'global-role', role: qa }],
    },
  ],
};

const BOB_IN_WEB: EffectivePermissions = {
  ...BOB_GLOBAL,
  project: { id: 5, name: 'Web' },
  visibility: { visible: true, reasons: ['member'], memberRole: tester },
  permissions: [
    {
      name: 'edit_project',
      description: 'Edit a project',
      granted: true,
      sources: [{ kind: 'project-role', role: tester }],
    },
    BOB_GLOBAL.permissions[1]!,
  ],
};

const cellsOf = (name: string) =>
  within(screen.getByRole('cell', { name: new RegExp(`^${name}`) }).closest('tr') as HTMLElement)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Permission Inspector', () => {
  it('shows what the chosen user holds, where it comes from and why, then inside a project', async () => {
    const user = userEvent.setup();
    const api = inspectorApi({
      'GET /api/users/list': { body: USERS },
      'GET /api/users/9/effective-permissions': { body: BOB_GLOBAL },
      'GET /api/users/9/effective-permissions?projectId=5': { body: BOB_IN_WEB },
    });
    const { router } = renderApp('/admin-inspector?user=9');
    expect(await screen.findByRole('heading', { name: 'Permission Inspector' })).toBeTruthy();
    expect(await screen.findByText(/holds 1 of 2 permissions/)).toBeTruthy();
    expect(cellsOf('home_project')).toEqual([
      'home_projectSee the project tree',
      'Yes',
      'QA (global)',
      'Granted by the global role QA.',
    ]);
    expect(cellsOf('edit_project')).toEqual([
      'edit_projectEdit a project',
      'No',
      '-',
      "Not granted: none of bob's global roles (QA) carries it.",
    ]);

    await user.click(screen.getByRole('combobox', { name: 'Project (optional)' }));
    await user.click(await screen.findByRole('option', { name: /Web/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?user=9&project=5'));
    expect(await screen.findByText(/bob sees Web as a member \(role Tester\)/)).toBeTruthy();
    expect(cellsOf('edit_project').slice(1)).toEqual([
      'Yes',
      'Tester (project)',
      'Granted by their role Tester in Web.',
    ]);
    expect(api.calls.map((call) => call.path)).toContain('/api/users/9/effective-permissions?projectId=5');

    await user.click(screen.getByRole('checkbox', { name: 'Granted only' }));
    expect(screen.getAllByRole('row')).toHaveLength(3); // header + the two granted
    await user.type(screen.getByPlaceholderText('Filter permissions...'), 'tree');
    expect(screen.queryByRole('cell', { name: /^edit_project/ })).toBeNull();
  });

  it('starts with oneself, and offers only oneself without the user list', async () => {
    inspectorApi({
      'GET /api/users/list': {
        status: 403,
        body: { message: 'You do not have the permission "view_admin_home"' },
      },
      'GET /api/users/7/effective-permissions': {
        body: { ...BOB_GLOBAL, user: { id: 7, username: 'jane', status: 'active' }, globalRoles: [] },
      },
    });
    renderApp('/admin-inspector');
    expect(await screen.findByText('You can inspect your own permissions only.')).toBeTruthy();
    expect(await screen.findByText(/^Global permissions of jane/)).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'User' }) as HTMLInputElement).value).toBe('jane');
  });

  it("shows the server's refusal", async () => {
    inspectorApi({
      'GET /api/users/list': { body: USERS },
      'GET /api/users/9/effective-permissions': {
        status: 403,
        body: { message: 'You do not have the permission "view_admin_home"' },
      },
    });
    renderApp('/admin-inspector?user=9');
    expect((await screen.findByRole('alert')).textContent).toBe(
      '⚠️ You do not have the permission "view_admin_home"',
    );
  });
});
