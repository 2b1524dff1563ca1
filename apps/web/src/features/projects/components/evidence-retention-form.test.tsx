import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EvidenceRetention } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { projectDetail } from '@/test/world';

function renderPage(retention: EvidenceRetention) {
  const permissions = ['home_project', 'home_test_case', 'edit_project'];
  const api = signedIn(permissions, {
    'GET /api/projects/detail/3': { body: projectDetail(permissions) },
    'GET /api/projects/list': { body: [] },
    'GET /api/projects/3/evidence-retention': { body: retention },
    'PUT /api/projects/3/evidence-retention': (body) => ({
      body: { message: 'Evidence retention saved', retention: body as EvidenceRetention },
    }),
  });
  renderApp('/edit-project/3');
  return api;
}

describe('EvidenceRetentionCard', () => {
  it('shows the rule and saves a new one, empty fields keeping everything', async () => {
    const api = renderPage({ keep_cycles: 20, keep_days: null });
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'CI evidence retention' });
    const cycles = screen.getByRole('spinbutton', { name: 'Keep the last N import cycles per branch' });
    const days = screen.getByRole('spinbutton', { name: 'Keep N days' });
    expect((cycles as HTMLInputElement).value).toBe('20');
    expect((days as HTMLInputElement).value).toBe('');
    await user.clear(cycles);
    await user.type(days, '30');
    await user.click(screen.getByRole('button', { name: 'Apply Retention' }));
    expect(await screen.findByText('Evidence retention saved')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ keep_cycles: null, keep_days: 30 });
  });

  it('checks the numbers before sending', async () => {
    const api = renderPage({ keep_cycles: null, keep_days: null });
    const user = userEvent.setup();
    const days = await screen.findByRole('spinbutton', { name: 'Keep N days' });
    await user.type(days, '0');
    await user.click(screen.getByRole('button', { name: 'Apply Retention' }));
    expect(screen.getByText('Empty, or a whole number from 1 to 3650')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
