import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import type { PermissionName } from '@verdict/contract';
import { DESKTOP, expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from '../axe';
import { createCase, createProject, expect, signInAt, TREE_USER, test, unique } from '../fixtures';
import { openProjectMenu, toast } from '../page-helpers';

/**
 * docs/product/webhooks-screens.md: a webhook added on the Webhooks screen to a receiver this spec
 * runs; a recorded result arrives signed and shows as delivered; "Redeliver" sends the same body
 * again. axe-core and no sideways scroll at desktop and phone widths.
 */

const WEBHOOK_USER: readonly PermissionName[] = [
  ...TREE_USER,
  'home_test_cycle',
  'add_test_cycle',
  'execute_test_cycle',
  'manage_webhooks',
];

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver on 127.0.0.1 that keeps what it is sent and answers 204. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/verdict`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as docs/product/webhooks.md says. */
const signed = (r: Received, secret: string) => {
  const t = r.headers['x-verdict-timestamp'];
  const mac = createHmac('sha256', secret).update(`${t}.${r.body}`).digest('hex');
  return r.headers['x-verdict-signature'] === `t=${t},v1=${mac}`;
};

async function checkScreen(page: Page, name: string) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page, `${name} at ${size.width}`, true);
    await expectNoSidewaysScroll(page, `${name} at ${size.width}`, true);
  }
  await page.setViewportSize(DESKTOP);
}

test.describe('Webhooks', () => {
  test('a webhook added on the screen receives a signed result, listed as delivered, and redelivers', async ({
    page,
    createUser,
  }) => {
    const receiver = await startReceiver();
    try {
      const user = await createUser({ permissions: WEBHOOK_USER, prefix: 'hooks' });
      const api = await user.api();
      const project = await createProject(api, unique('Hooks P'));
      await createCase(api, { project: project.id }, 'pays by card');

      await signInAt(page, `/projects/${project.id}`, user);
      await openProjectMenu(page, 'Settings');
      await page.getByRole('link', { name: 'Webhooks' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
      await expect(page.getByText(/No webhooks yet/)).toBeVisible();

      await page.getByRole('button', { name: 'Add Webhook' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Webhook' });
      await dialog.getByLabel('Payload URL').fill(receiver.url);
      await dialog.getByRole('checkbox', { name: /Test case changed/ }).uncheck();
      await checkScreen(page, 'webhook dialog');
      await dialog.getByRole('button', { name: 'Add Webhook' }).click();
      await expect(toast(page, 'Webhook added')).toBeVisible();
      const secret = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      await checkScreen(page, 'webhook secret');
      await page.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByRole('textbox', { name: 'Signing secret' })).toHaveCount(0);

      const { cycle } = await api.call<{ cycle: { id: number } }>(
        'POST',
        `/api/projects/${project.id}/cycles`,
        {
          name: 'Release 1',
          all_cases: true,
        },
      );
      const { items } = await api.call<{ items: { id: number }[] }>('GET', `/api/cycles/${cycle.id}/items`);
      await api.call('POST', `/api/cycle-items/${items[0]!.id}/results`, {
        state: 'failed',
        comment: 'declined',
      });

      const event = (name: string) => receiver.received.filter((r) => JSON.parse(r.body).event === name);
      await expect.poll(() => event('result.recorded').length, { timeout: 15_000 }).toBe(1);
      const first = event('result.recorded')[0]!;
      expect(signed(first, secret)).toBe(true);
      expect(JSON.parse(first.body)).toMatchObject({
        event: 'result.recorded',
        project: { id: project.id },
        data: { cycle: { id: cycle.id }, result: { state: 'failed', comment: 'declined' } },
      });
      expect(first.headers['x-verdict-delivery']).toMatch(/^\d+$/);
      expect(first.headers['x-verdict-timestamp']).toMatch(/^\d+$/);
      expect(signed(event('cycle.created')[0]!, secret)).toBe(true);

      const row = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem').first();
      await expect(row).toContainText('Delivered', { timeout: 15_000 });
      await page.getByRole('button', { name: `Deliveries of ${receiver.url}` }).click();
      const deliveries = page.getByRole('list', { name: 'Deliveries, newest first' });
      const resultRow = deliveries.getByRole('listitem').filter({ hasText: 'result.recorded' });
      await expect(resultRow).toContainText('Delivered');
      await expect(resultRow).toContainText('HTTP 204');
      await checkScreen(page, 'webhook deliveries');

      const id = first.headers['x-verdict-delivery'];
      await resultRow.getByRole('button', { name: `Redeliver delivery ${id} (result.recorded)` }).click();
      await expect(toast(page, new RegExp(`Delivery ${id} queued again`))).toBeVisible();
      await expect.poll(() => event('result.recorded').length, { timeout: 15_000 }).toBe(2);
      const again = event('result.recorded')[1]!;
      expect(again.body).toBe(first.body);
      expect(again.headers['x-verdict-delivery']).not.toBe(id);
      expect(signed(again, secret)).toBe(true);
      await expect(deliveries.getByRole('listitem').filter({ hasText: 'result.recorded' })).toHaveCount(2);
      await expect(deliveries.getByRole('listitem').first()).toContainText('Delivered', { timeout: 10_000 });
    } finally {
      await receiver.close();
    }
  });
});
