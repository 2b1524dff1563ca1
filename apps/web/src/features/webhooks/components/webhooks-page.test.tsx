import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Webhook, WebhookDelivery } from '@verdict/contract';
import { describe, expect, it, vi } from 'vitest';
import { signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { projectDetail } from '@/test/world';

const HOOK: Webhook = {
  id: 5,
  project_id: 3,
  url: 'https://ci.example.com/hook',
  events: ['result.recorded', 'cycle.closed'],
  failures_only: true,
  format: 'json',
  active: true,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  last_delivery: { id: 41, state: 'failed', response_code: 500, created_at: '2026-11-21T10:00:00.000Z' },
};

const DELIVERY: WebhookDelivery = {
  id: 41,
  webhook_id: 5,
  event: 'result.recorded',
  state: 'failed',
  attempts: 9,
  response_code: 500,
  response_ms: 87,
  error: 'The receiver answered 500',
  created_at: '2026-11-21T10:00:00.000Z',
  next_attempt_at: null,
  delivered_at: null,
};

const SECRET = 'f'.repeat(64);

function renderPage(permissions: string[], hooks: Webhook[] = [HOOK]) {
  const api = signedIn(permissions, {
    'GET /api/projects/detail/3': { body: projectDetail(permissions) },
    'GET /api/projects/list': { body: [] },
    'GET /api/projects/3/webhooks': { body: hooks },
    'POST /api/projects/3/webhooks': (body) => ({
      status: 201,
      body: { message: 'Webhook added', webhook: { ...HOOK, ...(body as object), id: 6 }, secret: SECRET },
    }),
    'PUT /api/webhooks/5': (body) => ({
      body: { message: 'Webhook saved', webhook: { ...HOOK, ...(body as object) } },
    }),
    'DELETE /api/webhooks/5': { body: { message: 'Webhook deleted' } },
    'GET /api/webhooks/5/deliveries?limit=20&offset=0': { body: { items: [DELIVERY], total: 1 } },
    'POST /api/webhook-deliveries/41/redeliver': {
      status: 201,
      body: {
        message: 'Delivery queued again',
        delivery: { ...DELIVERY, id: 42, state: 'pending', attempts: 0 },
      },
    },
  });
  renderApp('/projects/3/webhooks');
  return api;
}

const MANAGER = ['home_project', 'manage_webhooks'];

describe('WebhooksPage', () => {
  it('lists the endpoints with their events and last delivery', async () => {
    renderPage(MANAGER);
    const list = await screen.findByRole('list', { name: 'Webhooks' });
    const row = within(list).getAllByRole('listitem')[0]!;
    expect(row.textContent).toContain('https://ci.example.com/hook');
    expect(row.textContent).toContain('result.recorded (failures only)');
    expect(row.textContent).toContain('cycle.closed');
    expect(row.textContent).toContain('Active');
    expect(row.textContent).toMatch(/Last delivery: Failed HTTP 500/);
  });

  it('shows the format of each endpoint, and sends the one chosen in the dialog', async () => {
    const user = userEvent.setup();
    const api = renderPage(MANAGER, [
      HOOK,
      { ...HOOK, id: 7, url: 'https://hooks.slack.com/x', format: 'slack' },
    ]);
    const list = await screen.findByRole('list', { name: 'Webhooks' });
    const [json, slack] = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.className === 'webhook-row');
    expect(json!.textContent).toContain('Format: JSON (Verdict events)');
    expect(slack!.textContent).toContain('Format: Slack');

    await user.click(screen.getByRole('button', { name: 'Edit webhook to https://ci.example.com/hook' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Webhook' });
    const format = within(dialog).getByRole('combobox', { name: 'Format' }) as HTMLSelectElement;
    expect(format.value).toBe('json');
    expect([...format.options].map((o) => o.text)).toEqual([
      'JSON (Verdict events)',
      'Slack',
      'Microsoft Teams',
      'Google Chat',
      'Discord',
    ]);
    expect(format.getAttribute('aria-describedby')).toBeTruthy();
    await user.selectOptions(format, 'Microsoft Teams');
    await user.click(within(dialog).getByRole('button', { name: 'Save Webhook' }));
    expect(await screen.findByText('Webhook saved')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ format: 'teams' });
  });

  it('says who may see it to those without manage_webhooks', async () => {
    const api = renderPage(['home_project']);
    expect(await screen.findByText(/You need the manage_webhooks permission/)).toBeTruthy();
    expect(api.calls.some((c) => c.path.includes('/webhooks'))).toBe(false);
  });

  it('adds a webhook, checked before sending, and shows its secret once with a copy button', {
    timeout: 20_000,
  }, async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = renderPage(MANAGER, []);
    await user.click(await screen.findByRole('button', { name: 'Add Webhook' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Webhook' });
    await user.type(within(dialog).getByLabelText('Payload URL'), 'ci.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add Webhook' }));
    expect(within(dialog).getByText('The address must start with http:// or https://')).toBeTruthy();

    const url = within(dialog).getByLabelText('Payload URL');
    await user.clear(url);
    await user.type(url, 'https://ci.example.com/hook');
    for (const name of [
      /Test cycle created/,
      /Test cycle closed/,
      /JUnit import finished/,
      /Test case changed/,
    ]) {
      await user.click(within(dialog).getByRole('checkbox', { name }));
    }
    await user.click(within(dialog).getByRole('checkbox', { name: /Only failed results/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Webhook' }));

    expect(await screen.findByRole('heading', { name: 'Copy the signing secret now' })).toBeTruthy();
    expect((screen.getByLabelText('Signing secret') as HTMLInputElement).value).toBe(SECRET);
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      url: 'https://ci.example.com/hook',
      events: ['result.recorded'],
      failures_only: true,
      format: 'json',
      active: true,
    });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Signing secret')).toBeNull();
  });

  it('edits an endpoint without a secret field', async () => {
    const user = userEvent.setup();
    const api = renderPage(MANAGER);
    await user.click(
      await screen.findByRole('button', { name: 'Edit webhook to https://ci.example.com/hook' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit Webhook' });
    expect(within(dialog).queryByLabelText(/Secret/)).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Webhook' }));
    expect(await screen.findByText('Webhook saved')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      active: false,
      failures_only: true,
    });
  });

  it('deletes after confirmation', async () => {
    const user = userEvent.setup();
    const api = renderPage(MANAGER);
    await user.click(
      await screen.findByRole('button', { name: 'Delete webhook to https://ci.example.com/hook' }),
    );
    await user.click(screen.getByRole('button', { name: 'Yes, Delete' }));
    expect(await screen.findByText('Webhook deleted')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/webhooks/5')).toBe(true);
  });

  it('shows the deliveries with code and timing, and redelivers one', async () => {
    const user = userEvent.setup();
    const api = renderPage(MANAGER);
    const toggle = await screen.findByRole('button', { name: 'Deliveries of https://ci.example.com/hook' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const deliveries = await screen.findByRole('list', { name: 'Deliveries, newest first' });
    const row = within(deliveries).getByRole('listitem');
    expect(row.textContent).toContain('HTTP 500');
    expect(row.textContent).toContain('87 ms');
    expect(row.textContent).toContain('The receiver answered 500');
    await user.click(within(row).getByRole('button', { name: 'Redeliver delivery 41 (result.recorded)' }));
    expect(await screen.findByText('Delivery 41 queued again as 42')).toBeTruthy();
    expect(
      api.calls.some((c) => c.method === 'POST' && c.path === '/api/webhook-deliveries/41/redeliver'),
    ).toBe(true);
  });
});
