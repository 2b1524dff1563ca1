import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SignOffReport } from '@verdict/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { milestoneOf, projectDetail } from '@/test/world';

const READER = ['home_project', 'home_milestone'];

const counts = (patch: Partial<SignOffReport['plans'][number]['totals']>) => ({
  total: 0,
  untested: 0,
  passed: 0,
  failed: 0,
  blocked: 0,
  skipped: 0,
  retest: 0,
  ...patch,
});

const REPORT: SignOffReport = {
  milestone: milestoneOf(1, {
    name: 'Release 3.1',
    due_date: '2026-12-01',
    branch: 'release/3.1',
    cycles: 2,
    counts: counts({ total: 6, passed: 4, failed: 1, untested: 1 }),
  }),
  project: { id: 3, name: 'Shop' },
  sub_milestones: [{ id: 2, name: 'Sprint 12' }],
  generated_at: '2026-11-28T10:00:00.000Z',
  plans: [
    {
      id: 9,
      name: 'Regression',
      totals: counts({ total: 6, passed: 4, failed: 1, untested: 1 }),
      cycles: [
        {
          id: 11,
          name: 'Regression (Chrome)',
          state: 'open',
          configurations: [{ id: 1, name: 'Chrome', group: 'Browser' }],
          counts: counts({ total: 3, passed: 3 }),
        },
        {
          id: 12,
          name: 'Regression (Firefox)',
          state: 'closed',
          configurations: [{ id: 2, name: 'Firefox', group: 'Browser' }],
          counts: counts({ total: 3, passed: 1, failed: 1, untested: 1 }),
        },
      ],
    },
  ],
  configurations: [
    { label: 'Chrome', cycles: 1, counts: counts({ total: 3, passed: 3 }), pass_rate: 1 },
    {
      label: 'Firefox',
      cycles: 1,
      counts: counts({ total: 3, passed: 1, failed: 1, untested: 1 }),
      pass_rate: 0.5,
    },
  ],
  failures: [
    {
      item_id: 40,
      case_id: 7,
      case_name: 'Pay by card',
      cycle_id: 12,
      cycle_name: 'Regression (Firefox)',
      configurations: ['Firefox'],
      message: 'The total is wrong',
      recorded_by: 'jane',
      recorded_at: '2026-11-27T10:00:00.000Z',
      defects: [{ defect: 'SHOP-12', url: 'https://jira.example.org/browse/SHOP-12' }],
    },
  ],
  failure_count: 1,
  testers: [
    {
      user_id: 5,
      username: 'jane',
      results: 5,
      passed: 4,
      failed: 1,
      blocked: 0,
      skipped: 0,
      retest: 0,
      cycles: 2,
    },
    {
      user_id: null,
      username: null,
      results: 2,
      passed: 2,
      failed: 0,
      blocked: 0,
      skipped: 0,
      retest: 0,
      cycles: 1,
    },
  ],
  readiness: {
    milestone: { id: 1, name: 'Release 3.1', branch: 'release/3.1' },
    ready: false,
    rules: { max_untested: 0, min_pass_rate: 95, no_new_failures: true, no_open_defects: true },
    rules_set: true,
    reasons: [
      { rule: 'max_untested', message: '1 item untested (at most 0)', link: '/cycles/12' },
      {
        rule: 'no_open_defects',
        message: 'Defect SHOP-12 is linked to a failed result',
        link: 'https://jira.example.org/browse/SHOP-12',
      },
    ],
    notes: [],
    figures: {
      cycles: 2,
      counts: counts({ total: 6, passed: 4, failed: 1, untested: 1 }),
      untested: 1,
      configurations: [],
      import: null,
      open_defects: 1,
    },
  },
};

function renderPage() {
  const api = signedIn(READER, {
    'GET /api/projects/detail/3': { body: projectDetail(READER) },
    'GET /api/projects/list': { body: [] },
    'GET /api/milestones/1/sign-off': { body: REPORT },
    'GET /api/milestones/1/sign-off.pdf': new Response('%PDF-1.7', {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="sign-off-milestone-1.pdf"',
      },
    }),
  } as never);
  return { api, ...renderApp('/milestones/1/sign-off') };
}

afterEach(() => vi.restoreAllMocks());

describe('the sign-off report page', () => {
  it('shows the scope, the readiness with its reasons, progress per plan and configuration', async () => {
    renderPage();
    expect(await screen.findByText('Not ready.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign-off report' })).toBeTruthy();
    expect(screen.getByText('Release 3.1', { selector: '.page-subtitle' })).toBeTruthy();
    const reasons = screen.getByRole('list', { name: 'Why it is not ready' });
    expect(
      within(reasons).getByRole('link', { name: '1 item untested (at most 0)' }).getAttribute('href'),
    ).toBe('/cycles/12');
    const byPlan = screen.getByRole('region', { name: 'Progress by test plan' });
    expect(within(byPlan).getByRole('link', { name: 'Regression' }).getAttribute('href')).toBe('/plans/9');
    expect(within(byPlan).getByRole('rowheader', { name: 'Regression (Firefox) (closed)' })).toBeTruthy();
    const byConfiguration = screen.getByRole('region', { name: 'Progress by configuration' });
    const firefox = within(byConfiguration).getByRole('row', { name: /Firefox/ });
    expect(within(firefox).getByText('50%')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sprint 12' }).getAttribute('href')).toBe('/milestones/2');
  });

  it('lists the failures with their defects and who tested what', async () => {
    renderPage();
    const failures = await screen.findByRole('region', { name: 'Failures' });
    const row = within(failures).getByRole('row', { name: /Pay by card/ });
    expect(within(row).getByText('The total is wrong')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'SHOP-12' }).getAttribute('href')).toBe(
      'https://jira.example.org/browse/SHOP-12',
    );
    const testers = screen.getByRole('region', { name: 'Who tested what' });
    expect(within(testers).getByRole('rowheader', { name: 'Imports' })).toBeTruthy();
    expect(
      within(within(testers).getByRole('row', { name: /jane/ })).getAllByRole('cell')[0]!.textContent,
    ).toBe('5');
  });

  it('downloads the PDF with the session, under the server’s file name', async () => {
    const { api } = renderPage();
    const saved: string[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = vi.fn(() => 'blob:test/1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Download PDF' }));
      await waitFor(() => expect(saved).toEqual(['sign-off-milestone-1.pdf']));
      const call = api.calls.find((c) => c.path.endsWith('.pdf'));
      expect(call!.headers.get('Authorization')).toMatch(/^Bearer ./);
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });
});
