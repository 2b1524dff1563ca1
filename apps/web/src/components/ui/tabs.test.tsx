import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

function Harness() {
  const [selected, setSelected] = useState<'a' | 'b' | 'c'>('a');
  return (
    <Tabs
      label="Things"
      selected={selected}
      onSelect={setSelected}
      tabs={[
        { id: 'a', label: 'Alpha', content: () => <p>First</p> },
        { id: 'b', label: 'Beta', content: () => <p>Second</p> },
        { id: 'c', label: 'Gamma', content: () => <p>Third</p> },
      ]}
    />
  );
}

describe('Tabs', () => {
  it('has a labelled tablist whose arrows, Home and End choose and focus a tab', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    expect(screen.getByRole('tablist', { name: 'Things' })).toBeTruthy();
    const alpha = screen.getByRole('tab', { name: 'Alpha' });
    expect(alpha.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Alpha' }).textContent).toBe('First');
    expect(screen.getByRole('tab', { name: 'Beta' }).tabIndex).toBe(-1);
    alpha.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Beta' }));
    expect(screen.getByRole('tabpanel', { name: 'Beta' }).textContent).toBe('Second');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Gamma' }));
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Alpha' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel', { name: 'Gamma' }).textContent).toBe('Third');
  });
});
