import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MultiSearchableSelect, SearchableSelect } from './searchable-select';

const roles = [
  { value: 1, label: 'Administrator' },
  { value: 2, label: 'Tester' },
  { value: 3, label: 'Viewer', hint: 'read only' },
];

function Single({ onChange }: { onChange?: (v: number | null) => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <SearchableSelect
        label="Role"
        options={roles}
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange?.(v);
        }}
        placeholder="Search roles..."
      />
    </form>
  );
}

describe('SearchableSelect', () => {
  it('is a labelled combobox that filters case-insensitively', async () => {
    const user = userEvent.setup();
    render(<Single />);
    const input = screen.getByRole('combobox', { name: 'Role' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.type(input, 'TEST');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Tester']);
    await user.clear(input);
    await user.type(input, 'read');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Viewer read only']);
  });

  it('picks with arrows and Enter, and shows the chosen label', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Single onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Role' });
    await user.click(input);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = input.getAttribute('aria-activedescendant');
    expect(active && document.getElementById(active)?.textContent).toBe('Tester');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect((input as HTMLInputElement).value).toBe('Tester');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape without choosing, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Single onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Role' });
    await user.type(input, 'zzz');
    expect(screen.getByText('No matches')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('picks with the mouse and can be cleared', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Single onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(screen.getByRole('option', { name: 'Viewer read only' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'Clear Role' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});

function Multi({ initial = [] as number[] }) {
  const [value, setValue] = useState<number[]>(initial);
  return (
    <>
      <MultiSearchableSelect label="Roles" options={roles} value={value} onChange={setValue} />
      <output>{value.join(',')}</output>
    </>
  );
}

describe('MultiSearchableSelect', () => {
  it('toggles options, keeps the list open, and marks them selected', async () => {
    const user = userEvent.setup();
    render(<Multi />);
    const input = screen.getByRole('combobox', { name: 'Roles' });
    expect(screen.getByRole('listbox', { hidden: true }).getAttribute('aria-multiselectable')).toBe('true');
    await user.click(input);
    await user.keyboard('{ArrowDown}{Enter}{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByRole('status', { hidden: true }).textContent).toBe('1,3');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('option', { name: 'Administrator' }).getAttribute('aria-selected')).toBe('true');
    // Enter on a chosen option removes it.
    await user.keyboard('{ArrowUp}{ArrowUp}{Enter}');
    expect(screen.getByRole('status', { hidden: true }).textContent).toBe('3');
  });

  it('removes chips by button and by Backspace', async () => {
    const user = userEvent.setup();
    render(<Multi initial={[1, 2, 3]} />);
    await user.click(screen.getByRole('button', { name: 'Remove Tester' }));
    expect(screen.getByRole('status', { hidden: true }).textContent).toBe('1,3');
    await user.click(screen.getByRole('combobox', { name: 'Roles' }));
    await user.keyboard('{Backspace}');
    expect(screen.getByRole('status', { hidden: true }).textContent).toBe('1');
  });
});
