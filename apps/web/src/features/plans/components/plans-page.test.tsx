import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { milestoneOf, planOf, projectDetail } from '@/test/world';

const READER = ['home_project', 'home_test_cycle', 'home_milestone'];

function renderList(permissions: string[]) {
  signedIn(permissions, {
    'GET /api/projects/detail/3': { body: projectDetail(permissions) },
    'GET /api/projects/list': { body: [] },
    'GET /api/projects/3/milestones': { body: { milestones: [milestoneOf(1, { name: 'Release 2.0' })] } },
    'GET /api/projects/3/plans': {
      body: {
        plans: [
          planOf(4, {
            name: 'Regression plan',
            milestone_id: 1,
            cycle_count: 4,
            totals: { total: 8, untested: 2, passed: 6, failed: 0, blocked: 0, skipped: 0, retest: 0 },
          }),
          planOf(5, { name: 'Empty plan' }),
        ],
      },
    },
  });
  renderApp('/projects/3/plans');
}

describe('the test plans of a project', () => {
  it('lists each plan with its milestone, cycle count and progress', async () => {
    renderList(READER);
    const list = await screen.findByRole('list', { name: 'Test plans' });
    const [first, second] = within(list).getAllByRole('listitem') as HTMLElement[];
    expect(
      within(first as HTMLElement)
        .getByRole('link', { name: 'Regression plan' })
        .getAttribute('href'),
    ).toBe('/plans/4');
    expect(
      (await within(first as HTMLElement).findByRole('link', { name: 'Release 2.0' })).getAttribute('href'),
    ).toBe('/milestones/1');
    expect(within(first as HTMLElement).getByText('4 test cycles · 6 passed, 2 untested')).toBeTruthy();
    expect(within(first as HTMLElement).getByRole('img', { name: /^6 of 8 done/ })).toBeTruthy();
    expect(within(second as HTMLElement).getByText('0 test cycles')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add test plan' })).toBeNull();
  });

  it('offers Add test plan to holders of add_test_cycle', async () => {
    renderList([...READER, 'add_test_cycle']);
    const add = await screen.findByRole('link', { name: 'Add test plan' });
    expect(add.getAttribute('href')).toBe('/projects/3/plans/new');
  });

  it('needs home_test_cycle', async () => {
    renderList(['home_project']);
    expect(
      await screen.findByText("You need the home_test_cycle permission to see this project's test plans."),
    ).toBeTruthy();
  });
});
