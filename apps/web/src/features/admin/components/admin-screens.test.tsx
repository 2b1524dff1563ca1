import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS, type UserMutation } from '@verdict/contract';
import { describe, expect, it, vi } from 'vitest';
import { type MockAnswer, signedIn, userAnswer } from '@/test/mock-api';
import { renderApp } from '@/test/render';

const USERS = [
  userAnswer(1, 'ann', []),
  { ...userAnswer(2, 'bob', []), max_user_limit: 4, status: 'inactive' as const },
];

describe('User Management', () => {
  it("shows '-' for an empty limit and hides every control without its permission", async () => {
    signedIn(['view_admin_home'], { 'GET /api/users/list': { body: USERS } });
    renderApp('/admin');
    const row = (await screen.findByRole('cell', { name: 'ann' })).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', 'ann', 'ann@example.com', '-', 'Active', '']);
    expect(screen.queryByRole('link', { name: 'Add User' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('deletes after confirming: the row leaves without reloading the list, and a toast names the user', async () => {
    const user = userEvent.setup();
    const api = signedIn(['view_admin_home', 'add_admin_home', 'edit_admin_home', 'delete_admin_home'], {
      'GET /api/users/list': { body: USERS },
      'DELETE /api/users/delete/2': { body: { message: 'User deleted successfully' } },
    });
    renderApp('/admin');
    expect(await screen.findByRole('link', { name: 'Add User' })).toBeTruthy();
    const row = (await screen.findByRole('cell', { name: 'bob' })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/admin-edit-user/2');
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText('Do you really want to delete bob?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Delete' }));
    expect(await screen.findByText('User "bob" deleted successfully')).toBeTruthy();
    expect(screen.queryByRole('cell', { name: 'bob' })).toBeNull();
    expect(api.calls.filter((c) => c.path === '/api/users/list')).toHaveLength(1);
  });

  it("a failed delete keeps the row and toasts '⚠️ Failed to delete user'", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signedIn(['view_admin_home', 'delete_admin_home'], {
      'GET /api/users/list': { body: USERS },
      'DELETE /api/users/delete/1': { status: 409, body: { message: 'You cannot delete yourself' } },
    });
    renderApp('/admin');
    const row = (await screen.findByRole('cell', { name: 'ann' })).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Delete' }));
    expect(await screen.findByText('⚠️ Failed to delete user')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'ann' })).toBeTruthy();
  });
});

describe('Edit User', () => {
  const answerOf = (id: number, name: string) => ({ body: userAnswer(id, name, []) });

  it('asks for the current password only when people edit themselves', async () => {
    const api = signedIn(['edit_admin_home', 'view_admin_home'], {
      'GET /api/users/2': answerOf(2, 'bob'),
      'GET /api/roles/list': { body: [] },
      'PUT /api/users/edit/2': {
        body: { message: 'User updated successfully', user: answerOf(2, 'bob').body },
      },
    });
    const { router } = renderApp('/admin-edit-user/2');
    await screen.findByLabelText('Password');
    expect(screen.queryByLabelText('Current password')).toBeNull();

    // Oneself (user 7, signed in): the field is there, for the browser's saved password.
    api.calls.length = 0;
    await router.navigate('/admin-edit-user/7');
    const current = await screen.findByLabelText('Current password');
    expect(current.getAttribute('type')).toBe('password');
    expect(current.getAttribute('autocomplete')).toBe('current-password');
  });

  it('sends the current password with a new password of ones own', async () => {
    const user = userEvent.setup();
    const api = signedIn(['edit_admin_home', 'view_admin_home'], {
      'GET /api/roles/list': { body: [] },
      'PUT /api/users/edit/7': (body) => ({
        body: {
          message: 'User updated successfully',
          user: { ...answerOf(7, 'jane').body, ...(body as object) },
        },
      }),
    });
    renderApp('/admin-edit-user/7');
    await user.type(await screen.findByLabelText('Password'), 'a-new-password-1');
    await user.type(screen.getByLabelText('Current password'), 'the-old-password');
    await user.click(screen.getByRole('button', { name: 'Update User' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')).toBeTruthy());
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      password: 'a-new-password-1',
      currentPassword: 'the-old-password',
    });
  });
});

describe('Edit User: a wrong current password', () => {
  it('is shown at the Current password field, and the session stays', async () => {
    const user = userEvent.setup();
    signedIn(['edit_admin_home', 'view_admin_home'], {
      'GET /api/roles/list': { body: [] },
      'PUT /api/users/edit/7': {
        status: 400,
        body: {
          message: 'Current password is wrong',
          details: [{ field: 'currentPassword', message: 'Current password is wrong' }],
        },
      },
    });
    renderApp('/admin-edit-user/7');
    await user.type(await screen.findByLabelText('Password'), 'a-new-password-1');
    await user.type(screen.getByLabelText('Current password'), 'not-the-old-password');
    await user.click(screen.getByRole('button', { name: 'Update User' }));
    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    const errorId = (current.getAttribute('aria-describedby') ?? '').split(' ').at(-1) ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe('Current password is wrong');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(screen.getByRole('heading', { name: 'Edit User' })).toBeTruthy();
  });
});

describe('Edit User: a lost authenticator app', () => {
  it("turns off another user's two-factor authentication after confirming, and not one's own", async () => {
    const user = userEvent.setup();
    const api = signedIn(['edit_admin_home', 'view_admin_home'], {
      'GET /api/users/2': { body: userAnswer(2, 'bob', []) },
      'GET /api/roles/list': { body: [] },
      'DELETE /api/users/2/totp': { body: { message: 'Two-factor authentication turned off' } },
    });
    const { router } = renderApp('/admin-edit-user/2');
    await user.click(await screen.findByRole('button', { name: 'Turn Off Two-Factor' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Turn Off' }));
    expect(await screen.findByText(/^Two-factor authentication turned off for/)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/users/2/totp')).toBe(true);

    await router.navigate('/admin-edit-user/7');
    await screen.findByLabelText('Current password');
    expect(screen.queryByRole('button', { name: 'Turn Off Two-Factor' })).toBeNull();
  });
});

describe('Create Sub-User', () => {
  // docs/product/admin-screens.md, "Create Sub-User (`/admin-create-subuser`)"
  it("falls back to the answer's error field, then to the screen's fixed sentence", async () => {
    const user = userEvent.setup();
    let answer: MockAnswer<UserMutation> = { status: 400, body: { error: 'Quota reached' } };
    const api = signedIn(['manage_sub_users_add'], {
      'GET /api/roles/list': { body: [{ id: 3, name: 'QA', description: 'Testers', Permissions: [] }] },
      'POST /api/users/create-subuser': () => answer,
    });
    renderApp('/admin-create-subuser');
    await user.type(await screen.findByLabelText('Username'), 'sam');
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'sub-password');
    await user.type(screen.getByRole('combobox', { name: 'Roles' }), 'qa{Enter}');
    await user.click(screen.getByRole('button', { name: 'Create Sub-User' }));
    expect(await screen.findByText('⚠️ Quota reached')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      username: 'sam',
      email: 'sam@example.com',
      password: 'sub-password',
      roleIds: [3],
    });

    answer = { status: 500, body: {} };
    await user.click(screen.getByRole('button', { name: 'Create Sub-User' }));
    expect(await screen.findByText('⚠️ Failed to create sub-user. Please try again.')).toBeTruthy();
  });
});

describe('Edit Permission', () => {
  it("shows 'Loading permission...', then the form, and the not-found page for a bad id", async () => {
    signedIn(['manage_permissions_edit'], {
      'GET /api/permissions/get/5': { body: { id: 5, name: 'export_reports', description: 'Export' } },
    });
    const { router } = renderApp('/admin-edit-permission/5');
    expect(await screen.findByText('Loading permission...')).toBeTruthy();
    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('export_reports');
    await router.navigate('/admin-edit-permission/abc');
    expect(await screen.findByRole('heading', { name: 'Permission not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Permission Management' })).toBeTruthy();
  });
});
