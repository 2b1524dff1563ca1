import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Milestone } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { type MockHandlers, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { milestoneOf, projectDetail } from '@/test/world';

const READER = ['home_project', 'home_milestone'];
const LEAD = [...READER, 'add_milestone', 'edit_milestone', 'delete_milestone'];

const RELEASE = milestoneOf(1, {
  name: 'Release 2.0',
  start_date: '2026-03-01',
  due_date: '2099-12-31',
  counts: { total: 10, untested: 4, passed: 4, failed: 2, blocked: 0, skipped: 0, retest: 0 },
  cycles: 2,
});
const SPRINT = milestoneOf(2, { name: 'Sprint 1', parent_id: 1, due_date: '2020-01-15' });
const OLD = milestoneOf(3, { name: 'Release 1.0', state: 'completed', due_date: '2020-01-01' });

function renderPage(permissions: string[], milestones: Milestone[], more: MockHandlers = {}) {
  const api = signedIn(permissions, {
    'GET /api/projects/detail/3': { body: projectDetail(permissions) },
    'GET /api/projects/list': { body: [] },
    'GET /api/projects/3/milestones': { body: { milestones } },
    ...more,
  });
  renderApp('/projects/3/milestones');
  return api;
}

describe('the Milestones page', () => {
  it('lists open milestones with sub-milestones under their parent, completed ones folded away', async () => {
    renderPage(READER, [RELEASE, SPRINT, OLD]);
    const open = await screen.findByRole('list', { name: 'Open milestones' });
    const subs = within(open).getByRole('list', { name: 'Sub-milestones of Release 2.0' });
    expect(within(subs).getByRole('link', { name: 'Sprint 1' }).getAttribute('href')).toBe('/milestones/2');
    expect(within(open).getByRole('link', { name: 'Release 2.0' }).getAttribute('href')).toBe(
      '/milestones/1',
    );
    expect(within(open).queryByRole('link', { name: 'Release 1.0' })).toBeNull();

    const summary = screen.getByText('Completed (1)');
    const details = summary.closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    await userEvent.setup().click(summary);
    expect(details.open).toBe(true);
    expect(within(details).getByRole('link', { name: 'Release 1.0' })).toBeTruthy();
  });

  it('shows start and due dates, and marks an open milestone past its due date as overdue', async () => {
    renderPage(READER, [RELEASE, SPRINT, OLD]);
    const open = await screen.findByRole('list', { name: 'Open milestones' });
    const sprintLine = within(open).getByRole('link', { name: 'Sprint 1' }).closest('li') as HTMLElement;
    expect(within(sprintLine).getByText('Overdue')).toBeTruthy();
    const releaseLine = within(open).getByRole('link', { name: 'Release 2.0' }).closest('li') as HTMLElement;
    const releaseOwn = releaseLine.querySelector('.milestone-line') as HTMLElement;
    expect(within(releaseOwn).queryByText('Overdue')).toBeNull();
    expect(releaseOwn.querySelector('time[datetime="2026-03-01"]')?.textContent).toBe('Mar 1, 2026');
    expect(releaseOwn.querySelector('time[datetime="2099-12-31"]')?.textContent).toBe('Dec 31, 2099');
    const completed = screen.getByRole('list', { name: 'Completed milestones', hidden: true });
    expect(within(completed).queryByText('Overdue')).toBeNull();
  });

  it("shows each milestone's progress over its cycles", async () => {
    renderPage(READER, [RELEASE]);
    const open = await screen.findByRole('list', { name: 'Open milestones' });
    expect(
      within(open).getByRole('img', { name: '6 of 10 done (60%): 4 passed, 2 failed, 4 untested' }),
    ).toBeTruthy();
    expect(within(open).getByText('2 test cycles · 4 passed, 2 failed, 4 untested')).toBeTruthy();
  });

  it('offers New Milestone to holders of add_milestone only', async () => {
    renderPage(READER, [RELEASE]);
    await screen.findByRole('list', { name: 'Open milestones' });
    expect(screen.queryByRole('button', { name: 'New Milestone' })).toBeNull();
  });

  it('says which permission is missing instead of the list', async () => {
    const api = renderPage(['home_project'], [RELEASE]);
    expect(
      await screen.findByText("You need the home_milestone permission to see this project's milestones."),
    ).toBeTruthy();
    expect(api.calls.some((call) => call.path === '/api/projects/3/milestones')).toBe(false);
  });

  it('creates a sub-milestone: the parent select offers top-level milestones', async () => {
    const user = userEvent.setup();
    const api = renderPage(LEAD, [RELEASE, SPRINT], {
      'POST /api/projects/3/milestones': (body) => ({
        status: 201,
        body: { message: 'Milestone created', milestone: { ...milestoneOf(9), ...(body as object) } },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'New Milestone' }));
    const dialog = screen.getByRole('dialog', { name: 'New Milestone' });
    await user.type(within(dialog).getByLabelText(/^Name/), '  Sprint 2 ');
    const parent = within(dialog).getByLabelText('Parent milestone');
    expect(
      within(parent)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None (a top-level milestone)', 'Release 2.0']);
    await user.selectOptions(parent, 'Release 2.0');
    await user.type(within(dialog).getByLabelText('Due date'), '2026-12-01');
    await user.click(within(dialog).getByRole('button', { name: 'Create Milestone' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = api.calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      name: 'Sprint 2',
      description: '',
      start_date: null,
      due_date: '2026-12-01',
      parent_id: 1,
      branch: null,
    });
    expect(await screen.findByText('Milestone created')).toBeTruthy();
  });

  it('shows its own checks at the fields and focuses the first invalid one', async () => {
    const user = userEvent.setup();
    const api = renderPage(LEAD, []);
    await user.click(await screen.findByRole('button', { name: 'New Milestone' }));
    const dialog = screen.getByRole('dialog', { name: 'New Milestone' });
    await user.type(within(dialog).getByLabelText('Start date'), '2026-05-10');
    await user.type(within(dialog).getByLabelText('Due date'), '2026-05-01');
    await user.click(within(dialog).getByRole('button', { name: 'Create Milestone' }));
    const name = within(dialog).getByLabelText(/^Name/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain('-error');
    expect(within(dialog).getByText('Milestone name is required')).toBeTruthy();
    expect(within(dialog).getByText('The due date is before the start date')).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows the server's refusal at the field its details name, and focuses it", async () => {
    const user = userEvent.setup();
    renderPage(LEAD, [RELEASE], {
      'POST /api/projects/3/milestones': {
        status: 400,
        body: {
          message: 'A sub-milestone cannot have sub-milestones of its own',
          code: 'milestone_too_deep',
          details: [{ field: 'parent_id', message: 'A sub-milestone cannot have sub-milestones of its own' }],
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New Milestone' }));
    const dialog = screen.getByRole('dialog', { name: 'New Milestone' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Sprint 9');
    await user.selectOptions(within(dialog).getByLabelText('Parent milestone'), 'Release 2.0');
    await user.click(within(dialog).getByRole('button', { name: 'Create Milestone' }));
    const parent = within(dialog).getByLabelText('Parent milestone');
    await waitFor(() => expect(parent.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('A sub-milestone cannot have sub-milestones of its own')).toBeTruthy();
    expect(document.activeElement).toBe(parent);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('shows a taken name at the name', async () => {
    const user = userEvent.setup();
    renderPage(LEAD, [RELEASE], {
      'POST /api/projects/3/milestones': {
        status: 409,
        body: { message: 'This project already has a milestone with that name', code: 'name_taken' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New Milestone' }));
    const dialog = screen.getByRole('dialog', { name: 'New Milestone' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Release 2.0');
    await user.click(within(dialog).getByRole('button', { name: 'Create Milestone' }));
    const name = within(dialog).getByLabelText(/^Name/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('This project already has a milestone with that name')).toBeTruthy();
    expect(document.activeElement).toBe(name);
  });
});
