import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { NameDescriptionForm } from './name-description-form';

function renderForm(onSubmit = vi.fn(), blankNameMessage: string | null = 'Test Suite name is required') {
  renderWithProviders(
    <NameDescriptionForm
      nameLabel="Suite Name"
      blankNameMessage={blankNameMessage ?? undefined}
      submitLabel="Add Test Suite"
      busyLabel="Adding..."
      busy={false}
      cancelTo="/projects/1"
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

describe('NameDescriptionForm', () => {
  it('refuses a blank or whitespace-only name with the given message', async () => {
    const onSubmit = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Add Test Suite' }));
    expect(screen.getByText('Test Suite name is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Suite Name'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Add Test Suite' }));
    expect(screen.getByText('Test Suite name is required')).toBeTruthy();
    expect(screen.getByLabelText('Suite Name').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the trimmed name and the description', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText('Suite Name'), '  Login  ');
    await userEvent.type(screen.getByLabelText('Description'), 'Sign-in checks');
    await userEvent.click(screen.getByRole('button', { name: 'Add Test Suite' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Login', description: 'Sign-in checks' });
    expect(screen.queryByText('Test Suite name is required')).toBeNull();
  });

  it('leaves an empty name to the browser when no message is given (projects)', () => {
    renderForm(vi.fn(), null);
    expect(screen.getByLabelText('Suite Name').hasAttribute('required')).toBe(true);
  });
});
