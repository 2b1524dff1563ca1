import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { RoleForm } from './role-form';

const PERMISSIONS = [
  { id: 1, name: 'manage_roles_add', description: 'Create roles' },
  { id: 2, name: 'home_test_suit', description: 'See test suites in the project tree' },
  { id: 3, name: 'add_project', description: 'Create projects (Add Project link)' },
  { id: 4, name: 'execute_test_cycle', description: 'Record results in test cycles' },
  { id: 5, name: 'sign_off_release', description: 'Sign off a release' },
];

describe('RoleForm permissions', () => {
  it('lists readable words with each name beside them, grouped by area; typing a name still picks it', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/permissions/list': { body: PERMISSIONS } });
    renderWithProviders(
      <RoleForm
        submitLabel="Create Role"
        busyLabel="Creating..."
        pending={false}
        error={null}
        onSubmit={vi.fn()}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Permissions' });
    await user.click(input);
    const list = await screen.findByRole('listbox');
    const groups = (await within(list).findAllByRole('group')).map((group) => ({
      area:
        group.getAttribute('aria-labelledby') &&
        document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent,
      options: within(group)
        .getAllByRole('option')
        .map((option) => option.textContent),
    }));
    expect(groups).toEqual([
      { area: 'Projects', options: ['Create projects (Add Project link) add_project'] },
      { area: 'Suites and cases', options: ['See test suites in the project tree home_test_suit'] },
      { area: 'Test cycles', options: ['Record results in test cycles execute_test_cycle'] },
      { area: 'Administration', options: ['Create roles manage_roles_add'] },
      { area: 'Other permissions', options: ['Sign off a release sign_off_release'] },
    ]);
    // The seed's names are kept: a name picks its permission and its chip shows the name.
    await user.type(input, 'home_test_suit');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove home_test_suit' })).toBeTruthy();
    // The readable words are searched too.
    await user.clear(input);
    await user.type(input, 'record results');
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Record results in test cycles execute_test_cycle']);
  });
});
