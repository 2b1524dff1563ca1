import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { BLANK_WEBHOOK } from '../webhook-form-values';
import { WebhookDialog } from './webhook-dialog';

const refusal = (status: number, body: object) =>
  new ApiError({ kind: 'response', status, reason: `HTTP ${status}`, body });

function renderDialog(error: unknown) {
  return renderWithProviders(
    <WebhookDialog
      creating
      initial={{ ...BLANK_WEBHOOK, url: 'https://10.0.0.5/hook' }}
      busy={false}
      error={error}
      onSubmit={vi.fn()}
      onClose={vi.fn()}
    />,
  );
}

describe('WebhookDialog after a refused save', () => {
  it('shows a refused address at the Payload URL field and focuses it', async () => {
    const message = 'The address must not point to a private network';
    renderDialog(refusal(400, { message, code: 'invalid_request', details: [{ field: 'url', message }] }));
    const dialog = screen.getByRole('dialog', { name: 'Add Webhook' });
    const url = within(dialog).getByLabelText(/^Payload URL/);
    await waitFor(() => expect(document.activeElement).toBe(url));
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText(message)).toBeTruthy();
  });

  it('focuses the message of any other refusal', async () => {
    renderDialog(refusal(409, { message: 'This project has 20 webhooks already', code: 'limit_reached' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });
});
