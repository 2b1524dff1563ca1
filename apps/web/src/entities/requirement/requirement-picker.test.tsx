import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { requirementOf } from '@/test/world';
import { RequirementPicker } from './requirement-picker';

describe('the requirement picker', () => {
  it('searches by what was typed, leaves out excluded ones, and hands the picked one back', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/projects/3/requirements?q=pay&limit=10': {
        body: {
          items: [
            requirementOf(1, { key: 'PAY-1', title: 'Pay' }),
            requirementOf(2, { key: 'PAY-2', title: 'Refund' }),
          ],
          total: 2,
        },
      },
      'GET /api/projects/3/requirements?q=nothing&limit=10': { body: { items: [], total: 0 } },
    });
    const onPick = vi.fn();
    renderWithProviders(
      <RequirementPicker projectId={3} chosen={null} onPick={onPick} exclude={new Set([1])} />,
    );
    expect(api.calls.filter((call) => call.path.includes('requirements'))).toHaveLength(0);
    await user.type(screen.getByRole('searchbox', { name: 'Find a requirement' }), 'pay');
    await user.click(await screen.findByRole('radio', { name: 'PAY-2 Refund' }));
    expect(screen.queryByRole('radio', { name: /PAY-1/ })).toBeNull();
    expect(onPick).toHaveBeenCalledWith({ id: 2, key: 'PAY-2', title: 'Refund' });
    await user.clear(screen.getByRole('searchbox', { name: 'Find a requirement' }));
    await user.type(screen.getByRole('searchbox', { name: 'Find a requirement' }), 'nothing');
    expect(await screen.findByText('No requirements match.')).toBeTruthy();
  });
});
