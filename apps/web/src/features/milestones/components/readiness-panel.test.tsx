import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MilestoneReadiness } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/mock-api';
import { renderApp, renderWithProviders } from '@/test/render';
import { milestoneOf, projectDetail } from '@/test/world';
import { ReadinessPanel } from './readiness-panel';

const RULES = { max_untested: 0, min_pass_rate: 95, no_new_failures: true, no_open_defects: true };

const NOT_READY: MilestoneReadiness = {
  milestone: { id: 1, name: 'Release 2.0', branch: 'main' },
  ready: false,
  rules: RULES,
  rules_set: true,
  reasons: [
    {
      rule: 'max_untested',
      message: "3 items untested (at most 0): 3 in cycle 'Smoke'",
      link: '/cycles/5',
    },
    { rule: 'min_pass_rate', message: 'Chrome, Linux: pass rate 80% is below 95%', link: '/milestones/1' },
    {
      rule: 'no_new_failures',
      message: "New failure in import 'Nightly 41' on branch main: pays",
      link: '/cases/9',
    },
    {
      rule: 'no_open_defects',
      message: "Defect PROJ-12 linked to a failed result of case 'Login'",
      link: 'https://jira.example.com/browse/PROJ-12',
    },
  ],
  notes: [
    {
      rule: 'no_new_failures',
      message: "Flaky failure in import 'Nightly 41' on branch main, not counted: logs in",
      link: '/cases/10',
    },
  ],
  figures: {
    cycles: 2,
    counts: { total: 13, untested: 3, passed: 8, failed: 2, blocked: 0, skipped: 0, retest: 0 },
    untested: 3,
    configurations: [
      { name: null, cycles: 1, total: 3, executed: 0, passed: 0, pass_rate: null },
      { name: 'Chrome, Linux', cycles: 1, total: 10, executed: 10, passed: 8, pass_rate: 80 },
    ],
    import: {
      cycle: { id: 12, name: 'Nightly 41', branch: 'main' },
      compared_with: { id: 11, name: 'Nightly 40', branch: 'main' },
      counts: { new: 1, still_failing: 0, flaky: 1, quarantined: 0 },
    },
    open_defects: 1,
  },
};

const READY: MilestoneReadiness = {
  ...NOT_READY,
  ready: true,
  rules_set: false,
  reasons: [],
  notes: [],
  figures: { ...NOT_READY.figures, untested: 0, import: null, open_defects: 0 },
};

function renderPanel(answer: MilestoneReadiness, canEdit: boolean) {
  const api = signedIn(['home_milestone'], {
    'GET /api/milestones/1/readiness': { body: answer },
    'PUT /api/milestones/1/readiness-rules': (body) => ({
      body: { message: 'Readiness rules saved', rules: body as typeof RULES },
    }),
  });
  renderWithProviders(<ReadinessPanel milestoneId={1} canEdit={canEdit} />);
  return api;
}

describe('the readiness panel', () => {
  it('says Not ready in words, each reason linked to what fails, what is not counted, and the figures', async () => {
    renderPanel(NOT_READY, false);
    expect(await screen.findByText('Not ready')).toBeTruthy();
    const reasons = screen.getByRole('list', { name: 'Why it is not ready' });
    const links = within(reasons).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ["3 items untested (at most 0): 3 in cycle 'Smoke'", '/cycles/5'],
      ['Chrome, Linux: pass rate 80% is below 95%', '/milestones/1'],
      ["New failure in import 'Nightly 41' on branch main: pays", '/cases/9'],
      ["Defect PROJ-12 linked to a failed result of case 'Login'", 'https://jira.example.com/browse/PROJ-12'],
    ]);
    expect(links[3]!.getAttribute('target')).toBe('_blank');
    const notes = screen.getByRole('list', { name: 'Not counted' });
    expect(within(notes).getByRole('link').textContent).toContain('not counted: logs in');
    const rates = screen.getByRole('list', { name: 'Pass rate per configuration' });
    expect(
      within(rates)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Without configuration: nothing tested yet', 'Chrome, Linux: 80% (8 of 10 executed)']);
    expect(screen.getByText('3 of 13 items in 2 test cycles')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nightly 41' }).getAttribute('href')).toBe('/cycles/12');
    expect(
      screen.getByText(
        'At most 0 untested items; pass rate at least 95% per configuration; no new or still-failing failure in the latest import of its branch; no defect linked to a failed result.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Rules' })).toBeNull();
  });

  it('says Ready, and that the rules are the defaults when none were set', async () => {
    renderPanel(READY, false);
    expect(await screen.findByText('Ready')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Why it is not ready' })).toBeNull();
    expect(screen.getByText(/The default rules: none were set/)).toBeTruthy();
    expect(screen.getByText('None on main yet')).toBeTruthy();
  });

  it('edits the rules: checks the numbers, sends the four rules, and reads readiness again', async () => {
    const user = userEvent.setup();
    const api = renderPanel(NOT_READY, true);
    await user.click(await screen.findByRole('button', { name: 'Edit Rules' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Readiness Rules' });
    const rate = within(dialog).getByLabelText(/Pass rate per configuration, at least/);
    expect((rate as HTMLInputElement).value).toBe('95');
    await user.clear(rate);
    await user.type(rate, '120');
    await user.click(within(dialog).getByRole('button', { name: 'Save Rules' }));
    expect(within(dialog).getByText('Give a percentage from 0 to 100')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(rate));
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(rate);
    await user.clear(within(dialog).getByLabelText(/Untested items, at most/));
    await user.click(within(dialog).getByLabelText('No defect linked to a failed result'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Rules' }));
    expect(await screen.findByText('Readiness rules saved')).toBeTruthy();
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/milestones/1/readiness-rules');
    expect(put?.body).toEqual({
      max_untested: null,
      min_pass_rate: null,
      no_new_failures: true,
      no_open_defects: false,
      max_unmet_requirements: null,
    });
    await waitFor(() =>
      expect(api.calls.filter((call) => call.path === '/api/milestones/1/readiness').length).toBeGreaterThan(
        0,
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('edits the requirements rule: shows it, checks it is a whole number, and sends it', async () => {
    const user = userEvent.setup();
    const api = renderPanel({ ...NOT_READY, rules: { ...RULES, max_unmet_requirements: 2 } }, true);
    expect(await screen.findByText(/at most 2 approved requirements not passing\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit Rules' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Readiness Rules' });
    const unmet = within(dialog).getByLabelText(/Approved requirements not passing, at most/);
    expect((unmet as HTMLInputElement).value).toBe('2');
    await user.clear(unmet);
    await user.type(unmet, '1.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save Rules' }));
    expect(within(dialog).getByText('Give a whole number, 0 or more')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.clear(unmet);
    await user.type(unmet, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save Rules' }));
    expect(await screen.findByText('Readiness rules saved')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      ...RULES,
      max_unmet_requirements: 0,
    });
  });

  it('stands on the milestone page, between its progress and its test cycles', async () => {
    const permissions = ['home_project', 'home_milestone', 'home_test_cycle'];
    signedIn(permissions, {
      'GET /api/projects/detail/3': { body: projectDetail(permissions) },
      'GET /api/projects/list': { body: [] },
      'GET /api/milestones/1': { body: milestoneOf(1, { name: 'Release 2.0', branch: 'main' }) },
      'GET /api/projects/3/milestones': { body: { milestones: [] } },
      'GET /api/projects/3/cycles?milestone_id=1': { body: [] },
      'GET /api/milestones/1/readiness': { body: NOT_READY },
    });
    renderApp('/milestones/1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Readiness' })).toBeTruthy();
    expect(await screen.findByText('Not ready')).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf('Readiness')).toBe(headings.indexOf('Progress') + 1);
  });
});
