import { screen } from '@testing-library/react';
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
});
