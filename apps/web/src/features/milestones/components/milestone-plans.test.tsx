import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { cycleOf, milestoneOf, planOf, projectDetail } from '@/test/world';

const READER = ['home_project', 'home_milestone', 'home_test_cycle'];
const chrome = { id: 11, name: 'Chrome', group: 'Browser' };
const linux = { id: 21, name: 'Linux', group: 'OS' };
const counts = (passed: number) => ({
  total: 2,
  untested: 2 - passed,
  passed,
  failed: 0,
  blocked: 0,
  skipped: 0,
  retest: 0,
});

function renderPage(cycles = true) {
  signedIn(READER, {
    'GET /api/projects/detail/3': { body: projectDetail(READER) },
    'GET /api/projects/list': { body: [] },
    'GET /api/milestones/1': { body: milestoneOf(1, { name: 'Release 2.0' }) },
    'GET /api/projects/3/milestones': { body: { milestones: [milestoneOf(1, { name: 'Release 2.0' })] } },
    'GET /api/projects/3/plans': {
      body: {
        plans: [
          planOf(4, { name: 'Release plan', milestone_id: 1, cycle_count: 2 }),
          planOf(5, { name: 'Other plan', milestone_id: 2 }),
        ],
      },
    },
    'GET /api/projects/3/cycles?milestone_id=1': {
      body: cycles
        ? [
            cycleOf({
              id: 5,
              name: 'Smoke (Chrome, Linux)',
              milestone_id: 1,
              configurations: [chrome, linux],
              counts: counts(1),
            }),
            cycleOf({ id: 6, name: 'Manual', milestone_id: 1, counts: counts(0) }),
            cycleOf({
              id: 7,
              name: 'Full (Chrome, Linux)',
              milestone_id: 1,
              configurations: [chrome, linux],
              counts: counts(2),
            }),
            cycleOf({ id: 8, name: 'Elsewhere (Chrome)', milestone_id: 2, configurations: [chrome] }),
          ]
        : [cycleOf({ id: 6, name: 'Manual', milestone_id: 1 })],
    },
  });
  renderApp('/milestones/1');
}

describe("the milestone page's test plans", () => {
  it('lists the plans of this milestone only', async () => {
    renderPage();
    const plans = await screen.findByRole('list', { name: 'Test plans of this milestone' });
    expect(
      within(plans)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Release plan']);
  });

  it('groups its cycles by configuration, those without under No configuration', async () => {
    renderPage();
    const card = (await screen.findByRole('heading', { name: 'Test cycles by configuration' }))
      .parentElement as HTMLElement;
    const groups = within(card).getAllByRole('heading', { level: 3 });
    expect(groups.map((heading) => heading.textContent)).toEqual([
      'Chrome · LinuxBrowser: Chrome, OS: Linux',
      'No configurationNo configuration',
    ]);
    const first = groups[0]?.parentElement as HTMLElement;
    expect(
      within(first)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Smoke (Chrome, Linux)', 'Full (Chrome, Linux)']);
    expect(within(first).getByRole('img', { name: /^3 of 4 done/ })).toBeTruthy();
    expect(
      within(groups[1]?.parentElement as HTMLElement).getByRole('link', { name: 'Manual' }),
    ).toBeTruthy();
  });

  it('shows no grouping when none of its cycles has configurations', async () => {
    renderPage(false);
    await screen.findByRole('list', { name: 'Test plans of this milestone' });
    expect(screen.queryByRole('heading', { name: 'Test cycles by configuration' })).toBeNull();
  });
});
