import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_LIFETIME_MS, STORAGE_KEYS } from '@verdict/contract';
import { describe, expect, it, vi } from 'vitest';
import { readSession, saveLastRoute, saveSession } from '@/lib/session';
import { type MockHandlers, mockApi, sessionAnswers } from '@/test/mock-api';
import { renderApp } from '@/test/render';

const ADMIN_PERMISSIONS = [
  'add_project',
  'home_project',
  'manage_admin_panel',
  'view_admin_home',
  'manage_roles_home',
];

/** User 7 ('jane') holds roles 1 and 2; role 2 adds 'home_project' twice over. */
const signedInApi = (handlers: MockHandlers = {}, permissions = ADMIN_PERMISSIONS) =>
  mockApi({
    ...sessionAnswers(permissions, ['home_project']),
    'POST /api/auth/logout': { body: { message: 'Logged out' } },
    ...handlers,
  });

describe('route guard', () => {
  it('sends a visitor without a session to sign-in, remembering where they were going', async () => {
    mockApi({});
    const { router } = renderApp('/cases/12');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.lastRoute)).toBe('/cases/12');
  });

  it('clears an expired session on page load', async () => {
    mockApi({});
    saveSession('tok', 7, Date.now() - SESSION_LIFETIME_MS - 1);
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it("with a valid session, '/' goes on to the last route", async () => {
    const api = signedInApi();
    saveSession('tok', 7);
    saveLastRoute('/admin-roles');
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Role Management' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin-roles');
    // Restoring the session is one call and comes first; the Role Management screen then loads
    // its own list.
    expect(api.calls[0] && `${api.calls[0].method} ${api.calls[0].path}`).toBe('GET /api/auth/session');
    expect(api.calls.filter((c) => c.path.startsWith('/api/roles/get-role/'))).toEqual([]);
    expect(api.calls[0]?.headers.get('Authorization')).toBe('Bearer tok');
  });

  it('clears the session when the user cannot be loaded', async () => {
    signedInApi({ 'GET /api/auth/session': { status: 500, body: { message: 'boom' } } });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    saveSession('tok', 7);
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(readSession()).toBeNull();
  });

  it('clears the session when the server cannot be reached', async () => {
    signedInApi({ 'GET /api/auth/session': 'network-error' });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    saveSession('tok', 7);
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(readSession()).toBeNull();
  });

  it('signs out when a call answers 401', async () => {
    signedInApi({ 'GET /api/projects/list': { status: 401, body: { message: 'Expired' } } });
    saveSession('tok', 7);
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome to Dashboard' })).toBeTruthy();
    const { api } = await import('@/lib/api-client');
    await api.get('/api/projects/list').catch(() => {});
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(readSession()).toBeNull();
  });
});

describe('sign-in screen', () => {
  it('signs in, stores the session, loads permissions and lands on /dashboard', async () => {
    const user = userEvent.setup();
    const api = signedInApi({
      'POST /api/auth/login': {
        body: {
          token: 'new-token',
          user: { id: 7, name: 'jane', email: 'j', roleIds: [1, 2], permissions: [] },
        },
      },
    });
    const { router } = renderApp('/');

    await user.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(screen.getByLabelText('Remember Me'));
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Welcome to Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    // The screen first asks how this server signs people in (docs/product/single-sign-on.md).
    expect(api.calls.find((call) => call.path === '/api/auth/login')).toMatchObject({
      method: 'POST',
      body: { email: 'jane@example.com', password: 'password123' },
    });
    expect(readSession()).toMatchObject({ token: 'new-token', userId: 7 });
    expect(localStorage.getItem(STORAGE_KEYS.savedEmail)).toBe('jane@example.com');
    // The password is never stored by the page, under any key.
    expect(localStorage.getItem(STORAGE_KEYS.savedPassword)).toBeNull();
    for (const key of Object.keys(localStorage)) {
      expect(localStorage.getItem(key)).not.toContain('password123');
    }
  });

  it('shows the server message in a warning box on failure', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/auth/login': { status: 401, body: { message: 'Invalid email or password' } },
    });
    renderApp('/');
    await user.type(await screen.findByLabelText('Email'), 'x@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('⚠️ Invalid email or password');
    expect(readSession()).toBeNull();
  });

  it("says '⚠️ Server is not responding' when nothing answers", async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/auth/login': 'network-error' });
    renderApp('/');
    await user.type(await screen.findByLabelText('Email'), 'x@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('⚠️ Server is not responding');
  });

  it('prefills the remembered email (a password saved by an older version is removed, not filled), and unchecking forgets it', async () => {
    const user = userEvent.setup();
    localStorage.setItem(STORAGE_KEYS.savedEmail, 'saved@example.com');
    localStorage.setItem(STORAGE_KEYS.savedPassword, 'savedpass1');
    mockApi({
      'POST /api/auth/login': { status: 401, body: { message: 'Invalid email or password' } },
    });
    renderApp('/');
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    expect(email.value).toBe('saved@example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.savedPassword)).toBeNull());
    const remember = screen.getByLabelText('Remember Me') as HTMLInputElement;
    expect(remember.checked).toBe(true);
    await user.type(screen.getByLabelText('Password'), 'typed-pass-1');
    await user.click(remember);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('alert');
    expect(localStorage.getItem(STORAGE_KEYS.savedEmail)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.savedPassword)).toBeNull();
  });

  // docs/product/sign-in-and-sessions.md, "The sign-in screen (`/`)"
  it('has the required, typed fields of the sign-in screen', async () => {
    mockApi({});
    renderApp('/');
    const email = (await screen.findByPlaceholderText('Enter your email')) as HTMLInputElement;
    const password = screen.getByPlaceholderText('Enter your password') as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.required).toBe(true);
    expect(password.type).toBe('password');
    expect(password.required).toBe(true);
    expect(screen.getByText('Login to your account')).toBeTruthy();
    expect(screen.getByText('Verdict')).toBeTruthy();
    expect(screen.getByText('Plan your tests. Record every result. Know where you stand.')).toBeTruthy();
  });
});

describe('shell', () => {
  it('shows Add Project, Projects and the Admin pill with the right permissions', async () => {
    signedInApi();
    saveSession('tok', 7);
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome to Dashboard' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(within(nav).getByRole('link', { name: 'Add Project' }).getAttribute('href')).toBe(
      '/projects-create',
    );
    expect(within(nav).getByRole('heading', { name: 'Projects' })).toBeTruthy();
    const pill = screen.getByRole('link', { name: 'Admin' });
    expect(pill.getAttribute('href')).toBe('/admin-dashboard');
    expect(pill.textContent).toBe('JAdmin');
    expect(screen.getByRole('button', { name: 'Toggle menu' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('hides what the permissions do not allow', async () => {
    signedInApi({}, []);
    saveSession('tok', 7);
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome to Dashboard' });
    expect(screen.queryByRole('link', { name: 'Add Project' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    // Role 2 still grants home_project.
    expect(screen.getByRole('heading', { name: 'Projects' })).toBeTruthy();
  });

  it('shows unknown paths as not found inside the shell', async () => {
    signedInApi();
    saveSession('tok', 7);
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('logs out through the server and returns to sign-in', async () => {
    const user = userEvent.setup();
    const api = signedInApi();
    saveSession('tok', 7);
    const { router } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(api.calls.filter((call) => call.path !== '/api/auth/methods').at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/auth/logout',
    });
    expect(readSession()).toBeNull();
  });

  it('logs out even when the server call fails', async () => {
    const user = userEvent.setup();
    signedInApi({ 'POST /api/auth/logout': 'network-error' });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    saveSession('tok', 7);
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(log).toHaveBeenCalledWith('Server logout failed, clearing client anyway');
    expect(readSession()).toBeNull();
  });
});

describe('admin layout', () => {
  it('gates its sidebar links and goes Back to /dashboard', async () => {
    const user = userEvent.setup();
    signedInApi();
    saveSession('tok', 7);
    const { router } = renderApp('/admin-dashboard');
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/admin-dashboard'],
      ['User Management', '/admin'],
      ['Role Management', '/admin-roles'],
      ['Permission Inspector', '/admin-inspector'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Welcome to Dashboard' })).toBeTruthy();
  });
});
