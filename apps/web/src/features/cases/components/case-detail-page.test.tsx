import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { caseDetailOf, projectDetail, projectShell } from '@/test/world';

const READER = ['home_project', 'home_test_case'];

/** docs/product/shared-steps-screens.md: the case page shows its shared steps in place. */
describe('the case page with shared steps', () => {
  it('reads the case with its sets expanded and numbers their steps as part of it', {
    timeout: 20_000,
  }, async () => {
    const signIn = { id: 4, name: 'Sign in' };
    const api = signedIn(READER, {
      ...projectShell(projectDetail(READER)),
      'GET /api/projects/3/case-fields': { body: { fields: [] } },
      'GET /api/test-cases/single/5': {
        body: caseDetailOf(5, {
          name: 'Checkout',
          steps: [{ shared_steps_id: 4 }, { action: 'Pay', expected: '' }],
        }),
      },
      'GET /api/test-cases/single/5?expand=steps': {
        body: caseDetailOf(5, {
          name: 'Checkout',
          steps: [
            { action: 'Type the user', expected: '', shared_steps: signIn },
            { action: 'Type the password', expected: 'Signed in', shared_steps: signIn },
            { action: 'Pay', expected: '' },
          ],
        }),
      },
    });
    renderApp('/cases/5');
    const title = await screen.findByRole('heading', { name: 'Steps (3)' });
    const section = title.closest('section') as HTMLElement;
    expect(within(section).getAllByRole('listitem')).toHaveLength(3);
    expect(within(section).getByRole('link', { name: 'Shared steps: Sign in' }).getAttribute('href')).toBe(
      '/shared-steps/4',
    );
    expect(api.calls.some((call) => call.path === '/api/test-cases/single/5?expand=steps')).toBe(true);
  });
});
