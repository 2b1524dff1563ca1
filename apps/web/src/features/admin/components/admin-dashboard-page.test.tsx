import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';

/** The admin dashboard's e-mail notice (docs/product/admin-screens.md, "Admin Dashboard"). */

const METHODS = { password: true, sso: null, mail: true, passwordReset: true };

describe('the admin dashboard', () => {
  it('says when e-mail is off', async () => {
    signedIn(['manage_admin_panel'], {
      'GET /api/users/status-count': { body: { active: 1, inactive: 0 } },
      'GET /api/auth/methods': { body: { ...METHODS, mail: false, passwordReset: false } },
    });
    renderApp('/admin-dashboard');
    expect((await screen.findByRole('note')).textContent).toContain('E-mail is off: SMTP_URL is not set');
  });

  it('says nothing about e-mail when it is on', async () => {
    signedIn(['manage_admin_panel'], {
      'GET /api/users/status-count': { body: { active: 1, inactive: 0 } },
      'GET /api/auth/methods': { body: METHODS },
    });
    renderApp('/admin-dashboard');
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    await screen.findByText('Total Users');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('note')).toBeNull();
  });
});
