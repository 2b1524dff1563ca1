import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FlakyTestList } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { projectDetail } from '@/test/world';

const list: FlakyTestList = {
  window: 20,
  threshold: 3,
  items: [
    {
      case_id: 11,
      name: 'pays by card',
      suite_name: 'Payments',
      branch: 'main',
      flips: 4,
      results: 6,
      flip_rate: 0.8,
      first_flip_at: '2026-11-20T10:00:00.000Z',
      last_flip_at: '2026-11-22T10:00:00.000Z',
      quarantined: true,
    },
  ],
};

function renderPage(permissions: string[]) {
  const api = signedIn(permissions, {
    'GET /api/projects/detail/3': { body: projectDetail(permissions) },
    'GET /api/projects/list': { body: [] },
    'GET /api/projects/3/flaky-tests': { body: list },
    'PUT /api/projects/3/flaky-settings': (body) => ({
      body: { message: 'Flaky test settings saved', settings: body as { window: number; flips: number } },
    }),
  });
  renderApp('/projects/3/flaky');
  return api;
}

describe('FlakyTestsPage', () => {
  it('ranks the flaky tests with their facts and says the rule', async () => {
    renderPage(['home_project', 'home_test_case']);
    const ranked = await screen.findByRole('list', { name: 'Flaky tests, highest flip rate first' });
    const row = within(ranked).getByRole('listitem');
    expect(within(row).getByRole('link', { name: 'pays by card' }).getAttribute('href')).toBe('/cases/11');
    expect(row.textContent).toContain('80% (4 flips in 6 results)');
    expect(row.textContent).toContain('Quarantined');
    expect(screen.getByText(/over its last 20 automated results on one branch/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Flaky test settings' })).toBeNull();
  });

  it('lets holders of edit_project change N and K, checked before sending', async () => {
    const api = renderPage(['home_project', 'home_test_case', 'edit_project']);
    const user = userEvent.setup();
    const window = await screen.findByRole('spinbutton', { name: 'Window (last N results)' });
    const flips = screen.getByRole('spinbutton', { name: 'Flips (at least K)' });
    await user.clear(window);
    await user.type(window, '4');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(screen.getByText('A whole number from 5 to 100')).toBeTruthy();
    await user.clear(window);
    await user.type(window, '10');
    await user.clear(flips);
    await user.type(flips, '4');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Flaky test settings saved')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ window: 10, flips: 4 });
  });
});
