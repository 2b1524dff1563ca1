import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockHandlers, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { cycleOf, milestoneOf, projectDetail } from '@/test/world';

const READER = ['home_project', 'home_milestone', 'home_test_cycle'];
const LEAD = [...READER, 'add_milestone', 'edit_milestone', 'delete_milestone'];

const RELEASE = milestoneOf(1, {
  name: 'Release 2.0',
  description: 'Ships **checkout**',
  counts: { total: 8, untested: 2, passed: 3, failed: 1, blocked: 1, skipped: 0, retest: 1 },
  cycles: 3,
});
const SPRINT = milestoneOf(2, {
  name: 'Sprint 1',
  parent_id: 1,
  counts: { total: 2, untested: 1, passed: 1, failed: 0, blocked: 0, skipped: 0, retest: 0 },
  cycles: 1,
});
const CYCLES = [
  cycleOf({ id: 5, name: 'Smoke', milestone_id: 1, milestone: 'Release 2.0' }),
  cycleOf({ id: 6, name: 'Regression', milestone_id: 1, milestone: 'Release 2.0', state: 'closed' }),
  cycleOf({ id: 7, name: 'Sprint smoke', milestone_id: 2, milestone: 'Sprint 1' }),
  cycleOf({ id: 8, name: 'Unplanned', milestone_id: null }),
];

function renderPage(permissions: string[], more: MockHandlers = {}) {
  const api = signedIn(permissions, {
    'GET /api/projects/detail/3': { body: projectDetail(permissions) },
    'GET /api/projects/list': { body: [] },
    'GET /api/milestones/1': { body: RELEASE },
    'GET /api/projects/3/milestones': { body: { milestones: [RELEASE, SPRINT] } },
    'GET /api/projects/3/cycles?milestone_id=1': { body: CYCLES },
    'GET /api/milestones/1/defects': {
      body: {
        defects: [
          {
            defect: 'SHOP-7',
            url: 'https://jira.example.org/browse/SHOP-7',
            cases: [{ id: 4, name: 'Pay' }],
          },
        ],
      },
    },
    ...more,
  });
  const rendered = renderApp('/milestones/1');
  return { api, ...rendered };
}

describe('the milestone page', () => {
  it('lists the defects of its cycles, with their cases, to readers of cycles', async () => {
    renderPage(READER);
    const defect = await screen.findByText('SHOP-7');
    expect(defect.getAttribute('href')).toBe('https://jira.example.org/browse/SHOP-7');
    const card = defect.closest('.card') as HTMLElement;
    expect(within(card).getByText('Defects').tagName).toBe('H2');
    expect(within(card).getByText('Pay').getAttribute('href')).toBe('/cases/4');
  });

  it('shows no defects to whoever cannot read cycles', async () => {
    renderPage(['home_project', 'home_milestone']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Release 2.0' })).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'Sub-milestones of Release 2.0' })).toBeTruthy();
    expect(screen.queryByText('Defects')).toBeNull();
  });

  it('shows its figures by state, its own cycles and its sub-milestones', async () => {
    renderPage(READER);
    expect(await screen.findByRole('heading', { level: 1, name: 'Release 2.0' })).toBeTruthy();
    const legend = screen.getByRole('list', { name: 'Items by state' });
    expect(within(legend).getByText('Passed').textContent).toContain('3');
    expect(screen.getByRole('img', { name: /^5 of 8 done \(63%\)/ })).toBeTruthy();
    expect(
      screen.getByText('3 test cycles · 3 passed, 1 failed, 1 blocked, 1 retest, 2 untested'),
    ).toBeTruthy();
    expect(screen.getByText('checkout').tagName).toBe('STRONG');

    const cycles = await screen.findByRole('list', { name: 'Test cycles of this milestone' });
    expect(
      within(cycles)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Smoke', 'Regression']);
    const subs = screen.getByRole('list', { name: 'Sub-milestones of Release 2.0' });
    expect(within(subs).getByRole('link', { name: 'Sprint 1' }).getAttribute('href')).toBe('/milestones/2');
  });

  it('offers Edit and Delete only to holders of edit_milestone and delete_milestone', async () => {
    renderPage(READER);
    await screen.findByRole('heading', { level: 1, name: 'Release 2.0' });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('says before deleting that its cycles stay without a milestone and its sub-milestones go top-level', async () => {
    const user = userEvent.setup();
    const { api, router } = renderPage(LEAD, {
      'DELETE /api/milestones/1': { body: { message: 'Milestone deleted' } },
    });
    await screen.findByRole('list', { name: 'Test cycles of this milestone' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain(
      'Delete the milestone Release 2.0? Its 2 test cycles stay, with their results, and belong to no milestone. Its 1 sub-milestone becomes a top-level milestone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'No, Cancel' }));
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/3/milestones'));
    expect(api.calls.some((call) => call.method === 'DELETE' && call.path === '/api/milestones/1')).toBe(
      true,
    );
  });

  it('edits it, state included, sending every field', async () => {
    const user = userEvent.setup();
    const { api } = renderPage(LEAD, {
      'PUT /api/milestones/1': (body) => ({
        body: { message: 'Milestone completed', milestone: { ...RELEASE, ...(body as object) } },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Milestone' });
    // It has a sub-milestone, so it stays top-level.
    expect((within(dialog).getByLabelText('Parent milestone') as HTMLSelectElement).disabled).toBe(true);
    await user.selectOptions(within(dialog).getByLabelText('State'), 'Completed');
    await user.type(within(dialog).getByLabelText('CI branch'), 'release/2.0');
    await user.click(within(dialog).getByRole('button', { name: 'Save Milestone' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Release 2.0',
      description: 'Ships **checkout**',
      start_date: null,
      due_date: null,
      parent_id: null,
      branch: 'release/2.0',
      state: 'completed',
    });
    expect(await screen.findByText('Milestone completed')).toBeTruthy();
  });

  it('shows a missing milestone as not found', async () => {
    signedIn(READER, { 'GET /api/projects/list': { body: [] } });
    renderApp('/milestones/99');
    expect(await screen.findByRole('heading', { name: 'Milestone not found' })).toBeTruthy();
  });
});
