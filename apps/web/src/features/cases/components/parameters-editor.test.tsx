import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ParametersDraft } from '../case-parameters';
import { ParametersEditor } from './parameters-editor';

let latest: ParametersDraft = null;

function Harness({
  start = null,
  errors = {},
}: {
  start?: ParametersDraft;
  errors?: Record<string, string>;
}) {
  const [parameters, setParameters] = useState<ParametersDraft>(start);
  latest = parameters;
  return <ParametersEditor parameters={parameters} onChange={setParameters} errors={errors} />;
}

describe('ParametersEditor', () => {
  it('adds columns and rows, names and fills them, focus on what was added', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    const hint = screen.getByRole('group', { name: 'Parameters' }).getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(hint)?.textContent).toContain(
      '{{name}} in the preconditions, steps and expected results takes the row',
    );
    await user.click(screen.getByRole('button', { name: 'Add column' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Column 1 name' }));
    await user.keyboard('card');
    await user.click(screen.getByRole('button', { name: 'Add column' }));
    await user.keyboard('locale');
    await user.type(screen.getByRole('textbox', { name: 'Row 1, card' }), 'Visa');
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Row 2, card' }));
    await user.keyboard('Amex');
    await user.type(screen.getByRole('textbox', { name: 'Row 2, locale' }), 'de');
    expect(latest).toEqual({
      columns: ['card', 'locale'],
      rows: [
        ['Visa', ''],
        ['Amex', 'de'],
      ],
    });

    await user.click(screen.getByRole('button', { name: 'Remove row 1' }));
    await user.click(screen.getByRole('button', { name: 'Remove column card' }));
    expect(latest).toEqual({ columns: ['locale'], rows: [['de']] });
    expect(screen.getByRole('button', { name: 'Remove row 1' })).toHaveProperty('disabled', true);
  });

  it('fills the table from tab-separated lines, the first the column names', async () => {
    render(<Harness start={{ columns: ['old'], rows: [['x']] }} />);
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Paste from a spreadsheet' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const box = screen.getByRole('textbox', { name: 'Cells from a spreadsheet' });
    expect(document.activeElement).toBe(box);
    fireEvent.change(box, { target: { value: 'card\tlocale\nVisa\tde\n"Master\tCard"\tfr\nAmex\n\n' } });
    await user.click(screen.getByRole('button', { name: 'Fill the table' }));
    expect(latest).toEqual({
      columns: ['card', 'locale'],
      rows: [
        ['Visa', 'de'],
        ['Master\tCard', 'fr'],
        ['Amex', ''],
      ],
    });
    expect(screen.queryByRole('textbox', { name: 'Cells from a spreadsheet' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Row 3, locale' })).toHaveProperty('value', '');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Column 1 name' }));
  });

  it('says why pasted text makes no table, and keeps the table', async () => {
    render(<Harness start={{ columns: ['card'], rows: [['Visa']] }} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Paste from a spreadsheet' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Cells from a spreadsheet' }), {
      target: { value: 'card\nVisa\textra' },
    });
    await user.click(screen.getByRole('button', { name: 'Fill the table' }));
    const box = screen.getByRole('textbox', { name: 'Cells from a spreadsheet' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(box.getAttribute('aria-describedby')?.split(' ')[1] ?? '')?.textContent,
    ).toBe('Row 1 has more values than there are column names (1).');
    expect(latest).toEqual({ columns: ['card'], rows: [['Visa']] });
  });

  it("removes the parameters, and shows the server's message about them at the section", async () => {
    render(
      <Harness
        start={{ columns: ['card', 'card'], rows: [['a', 'b']] }}
        errors={{ parameters: 'The parameter "card" is named twice' }}
      />,
    );
    const user = userEvent.setup();
    const section = screen.getByRole('group', { name: 'Parameters' });
    expect(within(section).getByRole('alert').textContent).toBe('The parameter "card" is named twice');
    await user.click(screen.getByRole('button', { name: 'Remove parameters' }));
    expect(latest).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No parameters: a cycle runs this case once.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add column' }));
  });
});
