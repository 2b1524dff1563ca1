import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@verdict/contract';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, signedIn } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ApiTokensPage } from './api-tokens-page';

const CI_TOKEN = {
  id: 3,
  name: 'GitHub Actions',
  prefix: 'vdt_AbCdEfGh',
  created_at: '2025-03-14T10:00:00.000Z',
  last_used_at: null,
};
const SECRET = `vdt_${'s'.repeat(43)}`;

describe('ApiTokensPage', () => {
  it('lists the tokens with their first characters and when they were used', async () => {
    mockApi({ 'GET /api/api-tokens': { body: [CI_TOKEN] } });
    renderWithProviders(<ApiTokensPage />);
    const table = await screen.findByRole('table', { name: 'API tokens' });
    const row = (await within(table).findByText('GitHub Actions')).closest('tr')!;
    expect(within(row).getByText('vdt_AbCdEfGh…')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
  });

  it('creates a token and shows its secret once, with a copy button', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = mockApi({
      'GET /api/api-tokens': { body: [] },
      'POST /api/api-tokens': (body) => ({
        status: 201,
        body: {
          message: 'API token created',
          apiToken: { ...CI_TOKEN, name: (body as { name: string }).name },
          token: SECRET,
        },
      }),
    });
    renderWithProviders(<ApiTokensPage />);
    await user.type(screen.getByLabelText('Token name'), '  GitLab CI ');
    await user.click(screen.getByRole('button', { name: 'Create Token' }));

    expect(await screen.findByRole('heading', { name: /Copy your new token “GitLab CI” now/ })).toBeTruthy();
    expect((screen.getByLabelText('New API token') as HTMLInputElement).value).toBe(SECRET);
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'GitLab CI' });

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('New API token')).toBeNull();
    expect(screen.getByLabelText('Token name')).toBeTruthy();
  });

  it('asks for a name before calling the server', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /api/api-tokens': { body: [] } });
    renderWithProviders(<ApiTokensPage />);
    await user.click(screen.getByRole('button', { name: 'Create Token' }));
    expect(await screen.findByText('Token name is required')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('shows the server’s reason when creating fails', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/api-tokens': { body: [] },
      'GET /api/auth/totp': { body: { enabled: false, required: false } },
      'POST /api/api-tokens': { status: 409, body: { message: 'You already have 50 API tokens' } },
    });
    renderWithProviders(<ApiTokensPage />);
    await user.type(screen.getByLabelText('Token name'), 'one more');
    await user.click(screen.getByRole('button', { name: 'Create Token' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You already have 50 API tokens');
  });

  it('revokes a token after confirmation and removes it from the list', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/api-tokens': { body: [CI_TOKEN] },
      'DELETE /api/api-tokens/3': { body: { message: 'API token revoked' } },
    });
    renderWithProviders(<ApiTokensPage />);
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Do you really want to revoke the token "GitHub Actions"?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Revoke' }));
    await waitFor(() => expect(screen.getByText('No API tokens yet')).toBeTruthy());
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/api-tokens/3')).toBe(true);
    expect(await screen.findByText('API token "GitHub Actions" revoked')).toBeTruthy();
  });

  it('turns two-factor authentication on with the password, the new key and a first code', async () => {
    const user = userEvent.setup();
    let enabled = false;
    const api = mockApi({
      'GET /api/api-tokens': { body: [] },
      'GET /api/auth/totp': () => ({ body: { enabled, required: false } }),
      'POST /api/auth/totp/start': {
        body: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Verdict:x?secret=JBSWY3DPEHPK3PXP' },
      },
      'POST /api/auth/totp/enable': () => {
        enabled = true;
        return { body: { message: 'Two-factor authentication is on' } };
      },
    });
    renderWithProviders(<ApiTokensPage />);
    await user.type(await screen.findByLabelText('Current password'), 'my-password-1');
    await user.click(screen.getByRole('button', { name: 'Set Up' }));
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/auth/totp/start')?.body).toEqual({
      password: 'my-password-1',
    });
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn On' }));
    expect(await screen.findByText(/^On: signing in with your password/)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/auth/totp/enable')?.body).toEqual({ code: '123456' });
  });

  describe('a wrong current password', () => {
    const WRONG = {
      status: 400,
      body: {
        message: 'Current password is wrong',
        details: [{ field: 'currentPassword', message: 'Current password is wrong' }],
      },
    };
    const atField = async () => {
      const field = await screen.findByLabelText('Current password');
      await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
      const described = field.getAttribute('aria-describedby') ?? '';
      expect(document.getElementById(described.split(' ').at(-1) ?? '')?.textContent).toBe(
        'Current password is wrong',
      );
    };

    it('is shown at the field when setting up, and the session stays', async () => {
      const user = userEvent.setup();
      signedIn([], {
        'GET /api/api-tokens': { body: [] },
        'GET /api/auth/totp': { body: { enabled: false, required: false } },
        'POST /api/auth/totp/start': WRONG,
        // What a wrong password answers where no session is needed: it must not be asked here.
        'POST /api/auth/totp/setup': { status: 401, body: { message: 'Invalid email or password' } },
      });
      renderWithProviders(<ApiTokensPage />);
      await user.type(await screen.findByLabelText('Current password'), 'not-my-password');
      await user.click(screen.getByRole('button', { name: 'Set Up' }));
      await atField();
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
      expect(screen.getByRole('button', { name: 'Set Up' })).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('is shown at the field when turning it off, and the session stays', async () => {
      const user = userEvent.setup();
      signedIn([], {
        'GET /api/api-tokens': { body: [] },
        'GET /api/auth/totp': { body: { enabled: true, required: false } },
        'POST /api/auth/totp/disable': WRONG,
      });
      renderWithProviders(<ApiTokensPage />);
      await user.type(await screen.findByLabelText('Current password'), 'not-my-password');
      await user.click(screen.getByRole('button', { name: 'Turn Off' }));
      await atField();
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });
});
