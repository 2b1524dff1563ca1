import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { AddCaseForm } from './add-case-form';

function renderForm() {
  const api = mockApi({
    'GET /api/projects/1/case-fields': {
      body: {
        fields: [
          {
            id: 4,
            project_id: 1,
            name: 'Estimate',
            type: 'text',
            required: false,
            options: [],
            default: 'one day',
            position: 0,
          },
        ],
      },
    },
    'GET /api/projects/1/case-tags?q=&limit=10': { body: { tags: [] } },
    'POST /api/test-cases/project/1/create': {
      status: 400,
      body: {
        message: 'Estimate must be one line',
        details: [{ field: 'custom_fields.4', message: 'Estimate must be one line' }],
      },
    },
  });
  renderWithProviders(
    <AddCaseForm
      parent={{ kind: 'project', id: 1 }}
      projectId={1}
      nameLabel="Case Name"
      blankNameMessage="Test Case name is required"
      submitLabel="Add Test Case"
      failure="Failed to create Test Case"
      backTo="/projects/1"
    />,
  );
  return api;
}

describe('AddCaseForm', () => {
  it('sends the whole content with the name, and shows a refused custom field at the field', async () => {
    const api = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Case Name'), 'Sign in');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'critical');
    await user.type(screen.getByRole('combobox', { name: 'Tags' }), 'smoke{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    await user.keyboard('Open the page');
    expect(await screen.findByRole('textbox', { name: 'Estimate' })).toHaveProperty('value', 'one day');
    await user.click(screen.getByRole('button', { name: 'Add Test Case' }));

    const estimate = screen.getByRole('textbox', { name: 'Estimate' });
    expect(await screen.findByText('Failed to create Test Case', { exact: false })).toBeTruthy();
    expect(estimate.getAttribute('aria-invalid')).toBe('true');
    const describedBy = estimate.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Estimate must be one line');
    const sent = api.calls.find((call) => call.method === 'POST')?.body;
    expect(sent).toEqual({
      name: 'Sign in',
      description: '',
      preconditions: '',
      priority: 'critical',
      tags: ['smoke'],
      steps: [{ action: 'Open the page', expected: '' }],
      custom_fields: { 4: 'one day' },
    });
  });
});
