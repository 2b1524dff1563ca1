import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { BLANK_FIELD } from '../field-form-values';
import { FieldForm } from './field-form';

const refusal = (body: object) => new ApiError({ kind: 'response', status: 400, reason: 'HTTP 400', body });

describe('FieldForm (Add Field)', () => {
  it('an empty name moves focus from the button to the name field', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(
      <FieldForm
        initial={BLANK_FIELD}
        submitLabel="Add Field"
        busy={false}
        error={null}
        onSubmit={onSubmit}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Add Field' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Field name/)));
  });

  it("a refused save focuses the field the server named, else the refusal's message", async () => {
    const named = refusal({
      message: 'A field named "Browser" already exists',
      code: 'invalid_request',
      details: [{ field: 'name', message: 'is taken' }],
    });
    const { unmount } = renderWithProviders(
      <FieldForm
        initial={BLANK_FIELD}
        submitLabel="Add Field"
        busy={false}
        error={named}
        onSubmit={vi.fn()}
      />,
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Field name/)));
    unmount();

    const other = refusal({ message: 'The project has too many fields', code: 'limit_reached' });
    renderWithProviders(
      <FieldForm
        initial={BLANK_FIELD}
        submitLabel="Add Field"
        busy={false}
        error={other}
        onSubmit={vi.fn()}
      />,
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
  });
});
