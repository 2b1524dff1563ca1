import { screen, within } from '@testing-library/react';
import type { TestCaseDetail } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { CaseContentView } from './case-content-view';

const testCase = (source_id: string | null): TestCaseDetail => ({
  id: 5,
  name: 'Sign in',
  description: '',
  project_id: 1,
  suite_id: null,
  parent_id: null,
  has_children: false,
  status: null,
  rollup: null,
  priority: 'high',
  tags: [],
  preconditions: '',
  steps: [],
  custom_fields: {},
  parameters: null,
  version: 1,
  source_id,
});

/** docs/product/rich-cases-screens.md: the case's facts, with the id an imported case came with. */
describe('CaseContentView', () => {
  it('names the id an imported case had in the tool it came from', async () => {
    mockApi({ 'GET /api/projects/1/case-fields': { body: { fields: [] } } });
    renderWithProviders(<CaseContentView testCase={testCase('C101')} />);
    const term = await screen.findByText('Source id');
    expect(term.tagName).toBe('DT');
    expect(term.nextElementSibling?.textContent).toBe('C101');
  });

  it('shows no source id for a case made here', async () => {
    mockApi({ 'GET /api/projects/1/case-fields': { body: { fields: [] } } });
    renderWithProviders(<CaseContentView testCase={testCase(null)} />);
    await screen.findByText('Priority');
    expect(screen.queryByText('Source id')).toBeNull();
  });

  it('shows the parameters read-only, saying a cycle runs the case once per row', async () => {
    mockApi({ 'GET /api/projects/1/case-fields': { body: { fields: [] } } });
    const parameters = {
      columns: ['card', 'locale'],
      rows: [
        ['Visa', 'en'],
        ['Amex', 'de'],
        ['Maestro', 'fr'],
      ],
    };
    renderWithProviders(<CaseContentView testCase={{ ...testCase(null), parameters }} />);
    const section = await screen.findByRole('region', { name: 'Parameters' });
    expect(within(section).getByText('3 data rows: a cycle runs this case once per row.')).toBeTruthy();
    const table = within(section).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Row', 'card', 'locale']);
    expect(within(table).getByRole('row', { name: '2 Amex de' })).toBeTruthy();
    expect(within(section).queryByRole('textbox')).toBeNull();
  });

  it('shows no parameters section for a case without them', async () => {
    mockApi({ 'GET /api/projects/1/case-fields': { body: { fields: [] } } });
    renderWithProviders(<CaseContentView testCase={testCase(null)} />);
    await screen.findByText('Priority');
    expect(screen.queryByRole('region', { name: 'Parameters' })).toBeNull();
  });
});
