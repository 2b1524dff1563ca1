import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ShellFrame } from './shell-frame';
import { useSidebarShown } from './sidebar-shown';

function Heavy() {
  return useSidebarShown() ? <p>The tree</p> : null;
}

/** docs/product/shell-and-navigation.md, "Phone widths": the drawer's heavy content waits for it. */
describe('the sidebar on a narrow window', () => {
  it('mounts its heavy content when the drawer first opens, and keeps it when it closes', async () => {
    const user = userEvent.setup();
    // The test window has no matchMedia: the frame is narrow, the sidebar a closed drawer.
    renderWithProviders(
      <ShellFrame navLabel="Main" header={null} account={null} sidebar={<Heavy />}>
        <p>Content</p>
      </ShellFrame>,
    );
    expect(screen.getByText('Content')).toBeTruthy();
    expect(screen.queryByText('The tree')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Toggle menu' });
    await user.click(toggle);
    expect(screen.getByText('The tree')).toBeTruthy();
    await user.click(toggle);
    expect(screen.getByText('The tree')).toBeTruthy();
  });
});
