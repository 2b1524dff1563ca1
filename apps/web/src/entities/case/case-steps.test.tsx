import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { CaseStepList } from './case-steps';

const signIn = { id: 4, name: 'Sign in' };

/** docs/product/shared-steps-screens.md: a case's expanded steps, a set's named once per run. */
describe('CaseStepList with shared steps', () => {
  it("numbers a set's steps as part of the case and names the set once per run, linking to it", () => {
    renderWithProviders(
      <CaseStepList
        steps={[
          { action: 'Open the app', expected: '' },
          { action: 'Type the user', expected: '', shared_steps: signIn },
          { action: 'Type the password', expected: 'Signed in', shared_steps: signIn },
          { action: 'Open the cart', expected: '' },
          { action: 'Type the user', expected: '', shared_steps: signIn },
        ]}
      />,
    );
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.case-step-number')?.textContent)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    const links = screen.getAllByRole('link', { name: 'Shared steps: Sign in' });
    expect(links).toHaveLength(2);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/shared-steps/4', '/shared-steps/4']);
    expect(within(items[1] as HTMLElement).queryByRole('link')).toBeTruthy();
    expect(within(items[2] as HTMLElement).queryByRole('link')).toBeNull();
    expect(within(items[4] as HTMLElement).queryByRole('link')).toBeTruthy();
    expect(items.map((item) => item.classList.contains('case-step-shared'))).toEqual([
      false,
      true,
      true,
      false,
      true,
    ]);
  });
});
