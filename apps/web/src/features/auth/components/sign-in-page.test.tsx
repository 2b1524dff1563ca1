import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readSession, takeSingleSignOnSession } from '@/lib/session';
import { mockApi, sessionAnswers } from '@/test/mock-api';
import { renderApp } from '@/test/render';

/**
 * The sign-in screen's additions (docs/product/single-sign-on.md, docs/product/two-factor.md):
 * "Sign in with …", the form turned off, a single sign-on failure, and the second factor.
 */

const SSO = {
  password: true,
  sso: { name: 'Acme ID', startUrl: '/api/auth/oidc/start' },
  mail: false,
  passwordReset: false,
};
const FORM_ONLY = { password: true, sso: null, mail: false, passwordReset: false };
const SESSION = { token: 'tok', user: { id: 7, name: 'jane', email: 'j', roleIds: [1, 2], permissions: [] } };

describe('single sign-on on the sign-in screen', () => {
  it('offers "Sign in with …" next to the form', async () => {
    mockApi({ 'GET /api/auth/methods': { body: SSO } });
    renderApp('/');
    const link = await screen.findByRole('link', { name: 'Sign in with Acme ID' });
    expect(link.getAttribute('href')).toBe('/api/auth/oidc/start');
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it('shows only single sign-on when the password form is turned off', async () => {
    mockApi({ 'GET /api/auth/methods': { body: { ...SSO, password: false } } });
    renderApp('/');
    await screen.findByRole('link', { name: 'Sign in with Acme ID' });
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
  });

  it('shows why a single sign-on failed, and takes the reason out of the address', async () => {
    mockApi({ 'GET /api/auth/methods': { body: SSO } });
    window.history.replaceState(null, '', '/?sso_error=inactive');
    renderApp('/?sso_error=inactive');
    expect((await screen.findByRole('alert')).textContent).toContain('This account is inactive');
    expect(window.location.search).toBe('');
  });

  it('shows its own text for a code, and one generic text for anything else in the address', async () => {
    mockApi({ 'GET /api/auth/methods': { body: SSO } });
    const words = 'Your account is locked: call +1 555 0100 at evil.example';
    const address = `/?${new URLSearchParams({ sso_error: words })}`;
    window.history.replaceState(null, '', address);
    renderApp(address);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Single sign-on failed; try again');
    expect(alert.textContent).not.toContain('evil.example');
    expect(document.body.textContent).not.toContain('555 0100');
  });

  it('keeps the session single sign-on hands over in the address, and takes it out', () => {
    window.history.replaceState(null, '', '/#sso_token=abc.def&sso_user=12');
    expect(takeSingleSignOnSession()).toBe(true);
    expect(readSession()).toMatchObject({ token: 'abc.def', userId: 12 });
    expect(window.location.hash).toBe('');
    window.history.replaceState(null, '', '/#sso_token=abc&sso_user=zero');
    expect(takeSingleSignOnSession()).toBe(false);
  });
});

describe('the second factor on the sign-in screen', () => {
  it('asks for the authenticator code after a right password, then signs in with it', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...sessionAnswers([], []),
      'POST /api/auth/login': (body) =>
        (body as { totp?: string }).totp === '123456'
          ? { body: SESSION }
          : {
              status: 401,
              body: {
                message: 'Enter the 6-digit code from your authenticator app',
                code: 'totp_code_required',
                details: [{ field: 'totp', message: 'is required' }],
              },
            },
    });
    renderApp('/');
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const code = await screen.findByLabelText('Authentication code');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Welcome to Dashboard' });
    expect(api.calls.filter((call) => call.path === '/api/auth/login').at(-1)?.body).toEqual({
      email: 'jane@example.com',
      password: 'password123',
      totp: '123456',
    });
  });

  it('a wrong code says so and asks again', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    mockApi({
      'POST /api/auth/login': () => {
        attempts += 1;
        return {
          status: 401,
          body:
            attempts === 1
              ? {
                  message: 'Enter the 6-digit code',
                  code: 'totp_code_required',
                  details: [{ field: 'totp', message: 'is required' }],
                }
              : {
                  message: 'The authentication code is not correct',
                  code: 'totp_code_wrong',
                  details: [{ field: 'totp', message: 'is not correct' }],
                },
        };
      },
    });
    renderApp('/');
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The authentication code is not correct',
    );
    expect((screen.getByLabelText('Authentication code') as HTMLInputElement).value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Use another account' }));
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it('an administrator who must use it is shown a new key to set up, then signs in with its code', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...sessionAnswers([], []),
      'POST /api/auth/login': (body) =>
        (body as { totp?: string }).totp
          ? { body: SESSION }
          : {
              status: 403,
              body: {
                message: 'Administrators must use it',
                code: 'totp_setup_required',
                details: [{ field: 'totp', message: 'must be set up' }],
              },
            },
      'POST /api/auth/totp/setup': {
        body: {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/Verdict:jane?secret=JBSWY3DPEHPK3PXP',
        },
      },
    });
    renderApp('/');
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(/Administrators need two-factor authentication here/)).toBeTruthy();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    await waitFor(() => expect(screen.getByAltText(/QR code of the new key/)).toBeTruthy());
    expect(api.calls.find((call) => call.path === '/api/auth/totp/setup')?.body).toEqual({
      email: 'jane@example.com',
      password: 'password123',
    });
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Welcome to Dashboard' });
  });
});

describe('the sign-in form', () => {
  it('puts the cursor in Email, or in Password when Remember Me kept the email', async () => {
    mockApi({ 'GET /api/auth/methods': { body: FORM_ONLY } });
    const first = renderApp('/');
    const email = await screen.findByLabelText('Email');
    await waitFor(() => expect(document.activeElement).toBe(email));
    first.unmount();

    localStorage.setItem('savedEmail', 'jane@example.com');
    renderApp('/');
    const password = await screen.findByLabelText('Password');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('jane@example.com');
    localStorage.removeItem('savedEmail');
  });
});
