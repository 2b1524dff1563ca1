import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditLogEntry, AuditLogPage } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';

const entry = (id: number, patch: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id,
  at: '2026-03-01T10:00:00.000Z',
  actor_id: 7,
  actor_name: 'jane',
  actor_email: 'jane@example.com',
  action: 'create',
  entity: 'project',
  entity_id: id,
  project_id: id,
  summary: `Created project "P${id}"`,
  changes: { name: { before: null, after: `P${id}` } },
  ...patch,
});

const page = (items: AuditLogEntry[], next: number | null): { body: AuditLogPage } => ({
  body: { items, next_cursor: next, limit: 50 },
});

const ADMIN = ['manage_admin_panel', 'view_audit_log'];

describe('Audit Log screen', () => {
  it('lists entries newest first, shows their changes, and loads older pages along the cursor', async () => {
    const user = userEvent.setup();
    signedIn(ADMIN, {
      'GET /api/audit-log?limit=50': page(
        [
          entry(5, {
            action: 'update',
            entity: 'case',
            entity_id: 40,
            project_id: 2,
            summary: 'Updated case "Login": name',
            changes: { name: { before: 'Logn', after: 'Login' } },
          }),
          entry(4, {
            action: 'sign_in_failed',
            entity: 'session',
            actor_id: null,
            actor_name: null,
            changes: null,
          }),
        ],
        4,
      ),
      'GET /api/audit-log?limit=50&before=4': page([entry(3)], null),
    });
    renderApp('/admin-audit-log');
    expect(await screen.findByRole('heading', { name: 'Audit Log' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await within(table).findByText('Updated case "Login": name');
    expect(within(table).getByText('Test case #40')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'in project #2' }).getAttribute('href')).toBe(
      '/projects/2',
    );
    expect(within(table).getByText('Sign-in failed')).toBeTruthy();
    // Under jane's name in one row; the actor itself where no user matched the email.
    expect(within(table).getAllByText('jane@example.com')).toHaveLength(2);

    const toggle = within(table).getByRole('button', { name: 'Show changes (1)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    const changes = within(table).getByRole('table', { name: 'Changes of entry 5' });
    expect(
      within(changes)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Logn', 'Login']);
    expect(within(table).getByRole('button', { name: 'Hide changes' }).getAttribute('aria-expanded')).toBe(
      'true',
    );

    expect(screen.getByText('Showing 2 entries')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await within(table).findByText('Created project "P3"');
    expect(screen.getByText('Showing 3 entries (the end of the log)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('searches after typing stops and filters by entity, keeping both in the address', async () => {
    const user = userEvent.setup();
    const api = signedIn(ADMIN, {
      'GET /api/audit-log?limit=50': page([entry(2)], null),
      'GET /api/audit-log?q=login&limit=50': page([entry(1, { summary: 'Created case "Login"' })], null),
      'GET /api/audit-log?q=login&entity=case&limit=50': page([], null),
    });
    const { router } = renderApp('/admin-audit-log');
    await screen.findByText('Created project "P2"');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'login');
    await screen.findByText('Created case "Login"');
    // One request for the whole word, not one per key.
    expect(api.calls.filter((call) => call.path.startsWith('/api/audit-log?q=')).map((c) => c.path)).toEqual([
      '/api/audit-log?q=login&limit=50',
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Entity' }), 'case');
    await screen.findByText('No audit entries match these filters');
    expect(router.state.location.search).toBe('?q=login&entity=case');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByText('Created project "P2"');
    expect(router.state.location.search).toBe('');
  });

  it('without view_audit_log: no sidebar link, a refusal instead of the log, no request', async () => {
    const api = signedIn(['manage_admin_panel', 'view_admin_home'], {});
    renderApp('/admin-audit-log');
    expect(
      await screen.findByText('⚠️ You do not have the permission "view_audit_log" to see the audit log.'),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).queryByRole('link', { name: 'Audit Log' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Permission Inspector' })).toBeTruthy();
    expect(api.calls.some((call) => call.path.startsWith('/api/audit-log'))).toBe(false);
  });

  it('shows the server refusal and a load failure', async () => {
    signedIn(ADMIN, {
      'GET /api/audit-log?limit=50': {
        status: 403,
        body: { message: 'You do not have the permission "view_audit_log"' },
      },
    });
    renderApp('/admin-audit-log');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('⚠️ You do not have the permission "view_audit_log"'),
    );
    expect(screen.getByRole('link', { name: 'Audit Log' })).toBeTruthy();
  });
});
