import { screen } from '@testing-library/react';
import type { CaseHistory } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { CaseResults } from '@/features/cases/components/case-results';
import { ResultHistory } from '@/features/flaky-tests/components/result-history';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';

const emptyHistory: CaseHistory = { items: [], flaky: [], quarantine: null };

/** The case page's one history of results, as CaseDetailRoute composes it. */
describe("the case page's Result History", () => {
  it('is the one history in the Result History card: no second empty text, one card', async () => {
    mockApi({
      'GET /api/test-cases/5/history?limit=30': { body: emptyHistory },
      'GET /api/test-cases/5/results?limit=20&offset=0': { body: { items: [], total: 0 } },
    });
    renderWithProviders(
      <ResultHistory caseId={5} canQuarantine={false}>
        <CaseResults caseId={5} />
      </ResultHistory>,
    );
    expect(
      await screen.findByText('No results yet. Test runs, test cycles and imports record them here.'),
    ).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Result History',
    ]);
    expect(screen.queryByText(/Results recorded in test cycles and imports show here/)).toBeNull();
  });
});
