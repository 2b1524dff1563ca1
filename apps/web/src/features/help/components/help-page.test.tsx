import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { HelpPage } from './help-page';

describe('HelpPage', () => {
  it('explains test run, test cycle and result in a glossary', () => {
    renderWithProviders(<HelpPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Help' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Glossary' })).toBeTruthy();
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(expect.arrayContaining(['Test run', 'Test cycle', 'Result', 'Status']));
    expect(screen.getByText(/A later blocked or skipped result leaves it as it was/)).toBeTruthy();
  });
});
