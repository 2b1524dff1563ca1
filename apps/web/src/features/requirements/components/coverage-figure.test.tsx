import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { CoverageFigure } from './coverage-figure';

describe("the project overview's coverage figure", () => {
  it('sums the matrix up in words and links to it', async () => {
    mockApi({
      'GET /api/projects/3/traceability?limit=1': {
        body: { items: [], total: 24, summary: { passing: 12, failing: 3, untested: 4, not_covered: 5 } },
      },
    });
    renderWithProviders(<CoverageFigure projectId={3} />);
    expect(
      await screen.findByText('Requirements: 12 passing, 3 failing, 4 untested, 5 not covered'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Traceability matrix' }).getAttribute('href')).toBe(
      '/projects/3/traceability',
    );
  });

  it('points to the requirements page when the project has none', async () => {
    mockApi({
      'GET /api/projects/3/traceability?limit=1': {
        body: { items: [], total: 0, summary: { passing: 0, failing: 0, untested: 0, not_covered: 0 } },
      },
    });
    renderWithProviders(<CoverageFigure projectId={3} />);
    expect((await screen.findByRole('link', { name: 'Add requirements' })).getAttribute('href')).toBe(
      '/projects/3/requirements',
    );
  });
});
