import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CaseHistory } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ResultHistory } from './result-history';

const history: CaseHistory = {
  items: [
    {
      result_id: 3,
      cycle_id: 9,
      cycle_name: 'Nightly 42',
      branch: 'main',
      state: 'failed',
      elapsed_ms: 1200,
      failure_message: 'Expected 3, got 4',
      created_at: '2026-11-22T10:00:00.000Z',
    },
    {
      result_id: 2,
      cycle_id: 8,
      cycle_name: 'Nightly 41',
      branch: 'main',
      state: 'passed',
      elapsed_ms: 900,
      failure_message: null,
      created_at: '2026-11-21T10:00:00.000Z',
    },
  ],
  flaky: [{ branch: 'main', flips: 4, results: 6, flaky: true }],
  quarantine: null,
};

describe('ResultHistory', () => {
  it('shows the results as marks, oldest first, named and with the failure on hover', async () => {
    mockApi({ 'GET /api/test-cases/5/history?limit=30': { body: history } });
    renderWithProviders(<ResultHistory caseId={5} canQuarantine={false} />);
    const strip = await screen.findByRole('list', { name: 'Last 2 results, oldest first' });
    const marks = within(strip).getAllByRole('link');
    expect(marks.map((m) => m.getAttribute('aria-label'))).toEqual([
      'passed, 0.90 s, cycle Nightly 41, branch main',
      'failed, 1.2 s, cycle Nightly 42, branch main',
    ]);
    expect(marks[1]!.getAttribute('title')).toContain('Expected 3, got 4');
    expect(marks[1]!.getAttribute('href')).toBe('/cycles/9');
    expect(screen.getByText('Flaky on main: 4 flips in the last 6 results')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Quarantine' })).toBeNull();
  });

  it('quarantines with a reason and an end date, then shows it and can end it', async () => {
    const quarantine = {
      reason: 'Race in the cart',
      until: '2999-01-01',
      by: { id: 1, username: 'admin' },
      at: '2026-11-22T09:00:00.000Z',
    };
    let quarantined = false;
    const api = mockApi({
      'GET /api/test-cases/5/history?limit=30': () => ({
        body: { ...history, quarantine: quarantined ? quarantine : null },
      }),
      'PUT /api/test-cases/5/quarantine': () => {
        quarantined = true;
        return { body: { message: 'Test case quarantined', quarantine } };
      },
      'DELETE /api/test-cases/5/quarantine': () => {
        quarantined = false;
        return { body: { message: 'Quarantine ended' } };
      },
    });
    renderWithProviders(<ResultHistory caseId={5} canQuarantine />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Quarantine' }));
    await user.click(screen.getByRole('button', { name: 'Quarantine Case' }));
    expect(screen.getByText('Give a reason for the quarantine')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Race in the cart');
    await user.type(screen.getByLabelText('End date (optional)'), '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Quarantine Case' }));
    expect(await screen.findByText(/^Quarantined until /)).toBeTruthy();
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ reason: 'Race in the cart', until: '2999-01-01' });
    // The failure recorded after the quarantine began is marked quarantined.
    expect(
      screen.getByRole('link', { name: 'failed (quarantined), 1.2 s, cycle Nightly 42, branch main' }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'End Quarantine' }));
    expect(await screen.findByRole('button', { name: 'Quarantine' })).toBeTruthy();
  });
});
