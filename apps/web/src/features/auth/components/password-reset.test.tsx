import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';

/** "Forgot password?" (docs/product/sign-in-and-sessions.md, "Forgot password"). */

const METHODS = { password: true, sso: null, mail: true, passwordReset: true };
const REQUESTED = 'If an account uses that email address, a link to choose a new password is on its way.';

describe('"Forgot password?" on the sign-in screen', () => {
  it('is offered only when the server sends e-mail, and leads to the request screen', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/auth/methods': { body: METHODS } });
    const { router } = renderApp('/');
    const link = await screen.findByRole('link', { name: 'Forgot password?' });
    expect(link.getAttribute('href')).toBe('/forgot-password');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeTruthy();
  });

  it('is not there when e-mail is off: the screen stays as it was', async () => {
    mockApi({ 'GET /api/auth/methods': { body: { ...METHODS, mail: false, passwordReset: false } } });
    renderApp('/');
    await screen.findByRole('button', { name: 'Login' });
    // The answer has arrived once the form shows; give it a tick to render.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).toBeNull();
  });
});

describe('the request screen (/forgot-password)', () => {
  it("sends the email and shows the server's answer, the same for any address", async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'POST /api/auth/password-reset': { body: { message: REQUESTED } } });
    renderApp('/forgot-password');
    const email = await screen.findByLabelText(/Email/);
    await waitFor(() => expect(document.activeElement).toBe(email));
    await user.type(email, ' jane@example.com ');
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('status')).textContent).toBe(REQUESTED);
    expect(api.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/auth/password-reset',
      body: { email: 'jane@example.com' },
    });
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/');
  });

  it('says why when the server refuses (too many requests)', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/auth/password-reset': {
        status: 429,
        body: { message: 'Too many password reset requests from this address. Try again in 5 minutes.' },
      },
    });
    renderApp('/forgot-password');
    await user.type(await screen.findByLabelText(/Email/), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many password reset requests');
  });
});

describe('the new password screen (/reset-password)', () => {
  it('takes the token out of the address, sets the password with it, and offers signing in', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'POST /api/auth/password-reset/confirm': {
        body: { message: 'Your password is changed; sign in with it' },
      },
    });
    window.history.replaceState(null, '', '/reset-password?token=abc_DEF-123');
    renderApp('/reset-password?token=abc_DEF-123');
    const password = await screen.findByLabelText(/^New password/);
    expect(window.location.search).toBe('');
    await user.type(password, 'a-new-password-1');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'a-new-password-2');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('The two passwords differ')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Repeat the new password/));
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'a-new-password-1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your password is changed; sign in with it');
    expect(api.calls.at(-1)).toMatchObject({
      path: '/api/auth/password-reset/confirm',
      body: { token: 'abc_DEF-123', password: 'a-new-password-1' },
    });
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/');
  });

  it("shows the server's reason for a used or expired link", async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/auth/password-reset/confirm': {
        status: 400,
        body: {
          message: 'This password reset link has expired; ask for a new one',
          code: 'password_reset_expired',
        },
      },
    });
    window.history.replaceState(null, '', '/reset-password?token=old');
    renderApp('/reset-password?token=old');
    await user.type(await screen.findByLabelText(/^New password/), 'a-new-password-1');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'a-new-password-1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This password reset link has expired');
  });

  it('without a token, says the link is needed and offers asking for a new one', async () => {
    mockApi({});
    window.history.replaceState(null, '', '/reset-password');
    renderApp('/reset-password');
    expect((await screen.findByRole('alert')).textContent).toContain('needs the link from the e-mail');
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });

  it('works in a browser that is signed in', async () => {
    signedIn([]);
    window.history.replaceState(null, '', '/reset-password?token=abc');
    renderApp('/reset-password?token=abc');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
  });
});
