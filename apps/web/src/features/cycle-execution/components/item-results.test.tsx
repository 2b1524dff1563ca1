import { screen } from '@testing-library/react';
import type { CycleResult } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ItemResults } from './item-results';

const result = (extra: Partial<CycleResult>): CycleResult => ({
  id: 1,
  item_id: 2,
  state: 'failed',
  comment: null,
  elapsed_ms: null,
  run_id: null,
  executor: { id: 7, username: 'jane' },
  created_at: '2026-11-25T10:00:00.000Z',
  failure: null,
  step_results: null,
  case_version: null,
  log: null,
  ...extra,
});

describe('ItemResults', () => {
  it('shows each step result and says when the case changed since', () => {
    mockApi({});
    renderWithProviders(
      <ItemResults
        caseVersion={4}
        results={[
          result({
            step_results: [{ state: 'passed' }, null, { state: 'failed', comment: 'No button' }],
            case_version: 2,
          }),
        ]}
      />,
    );
    const steps = screen.getByRole('list', { name: 'Step results' });
    expect(steps.textContent).toContain('Step 1: Passed');
    expect(steps.textContent).toContain('Step 2: no result');
    expect(steps.textContent).toContain('Step 3: Failed (No button)');
    expect(screen.getByText('The case changed since this result (version 2 → 4)')).toBeTruthy();
  });

  it('says nothing of versions for a result against the current one or from before versions', () => {
    mockApi({});
    renderWithProviders(
      <ItemResults caseVersion={4} results={[result({ case_version: 4 }), result({ id: 2 })]} />,
    );
    expect(screen.queryByText(/The case changed since/)).toBeNull();
    expect(screen.queryByRole('list', { name: 'Step results' })).toBeNull();
  });
});
