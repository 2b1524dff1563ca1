import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cycle, CycleCounts, CycleItem } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { type MockHandlers, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { cycleItemOf, cycleOf, planOf, projectDetail } from '@/test/world';

const LEAD = [
  'home_project',
  'home_test_suit',
  'home_test_case',
  'home_test_cycle',
  'edit_test_cycle',
  'execute_test_cycle',
  'users_in_project',
];

const project = projectDetail(LEAD, {
  members: [{ id: 8, username: 'ana', email: 'ana@example.com', role: { id: 1, name: 'Tester' } }],
});

const counts = (patch: Partial<CycleCounts>): CycleCounts =>
  ({
    total: 3,
    untested: 3,
    passed: 0,
    failed: 0,
    blocked: 0,
    skipped: 0,
    retest: 0,
    ...patch,
  }) as CycleCounts;

const cycle = (patch: Partial<Cycle> = {}): Cycle => cycleOf({ counts: counts({}), ...patch });

const item = (id: number, suite: [number, string] | null, patch: Partial<CycleItem> = {}): CycleItem =>
  cycleItemOf(id, patch, { suite_id: suite ? suite[0] : null, suite_name: suite ? suite[1] : null });

const LOGIN: [number, string] = [1, 'Login'];
const PAY: [number, string] = [2, 'Payments'];
const items = [
  item(1, LOGIN, {
    state: 'passed',
    results: 1,
    assignee: { id: 8, username: 'ana' },
    executor: { id: 9, username: 'ben' },
    test_case: { ...item(1, LOGIN).test_case, priority: 'critical' },
  }),
  item(2, LOGIN),
  item(3, PAY),
];

function handlers(current: Cycle, extra: MockHandlers = {}): MockHandlers {
  return {
    'GET /api/projects/detail/3': { body: project },
    'GET /api/projects/list': { body: [] },
    'GET /api/testsuites/project/3': { body: [] },
    'GET /api/cycles/5': { body: current },
    'GET /api/cycles/5/defects': { body: { defects: [] } },
    'GET /api/cycles/5/items?limit=200&offset=0': { body: { items, total: items.length } },
    'GET /api/cycles/5/items?state=untested&limit=1&offset=0': {
      body: { items: [items[1] as CycleItem], total: 2 },
    },
    ...extra,
  };
}

describe('the cycle page', () => {
  it('groups items by suite with case id, priority, assignee and executor; Continue opens the next untested', async () => {
    signedIn(LEAD, handlers(cycle({ counts: counts({ untested: 2, passed: 1 }) })));
    renderApp('/cycles/5');
    const list = await screen.findByRole('list', { name: 'Items of Release 2.4' });
    const suites = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(suites).toEqual(['Login', 'Payments']);
    const first = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(first).getByText('#10')).toBeTruthy();
    expect(within(first).getByText('Critical')).toBeTruthy();
    expect(within(first).getByText('ana · run by ben')).toBeTruthy();

    const next = await screen.findByRole('link', { name: 'Continue testing' });
    expect(next.getAttribute('href')).toBe('/cycle-items/2');
    // The list scrolls with the page, not inside a box of its own.
    expect(list.closest('.cycle-items-scroll')).toBeNull();
  });

  it('names the data row of each item of a parameterized case next to its name', async () => {
    const rows = [1, 2].map((index) =>
      item(10 + index, PAY, {
        test_case: { ...item(10, PAY).test_case, name: 'Pay by card' },
        parameter_row: { index, values: { card: index === 1 ? 'Visa' : 'Amex', locale: 'de' } },
      }),
    );
    signedIn(
      LEAD,
      handlers(cycle(), {
        'GET /api/cycles/5/items?limit=200&offset=0': { body: { items: rows, total: rows.length } },
      }),
    );
    renderApp('/cycles/5');
    const list = await screen.findByRole('list', { name: 'Items of Release 2.4' });
    const links = within(list).getAllByRole('link', { name: 'Pay by card' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/cycle-items/11', '/cycle-items/12']);
    expect(within(list).getByText('Row 2 · card: Amex · locale: de')).toBeTruthy();
    const described = links[0]?.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('Row 1 · card: Visa · locale: de');
    expect(within(list).getByRole('checkbox', { name: 'Select Pay by card, row 2' })).toBeTruthy();
  });

  it('says Start testing before any result', async () => {
    signedIn(LEAD, handlers(cycle()));
    renderApp('/cycles/5');
    expect(await screen.findByRole('link', { name: 'Start testing' })).toBeTruthy();
  });

  it('asks before closing with untested items, then focuses the closed note', async () => {
    const user = userEvent.setup();
    let current = cycle({ counts: counts({ untested: 2, passed: 1 }) });
    const api = signedIn(
      LEAD,
      handlers(current, {
        'GET /api/cycles/5': () => ({ body: current }),
        'PUT /api/cycles/5': () => {
          current = { ...current, state: 'closed', closed_at: '2026-11-25T13:00:00Z' };
          return { body: { message: 'Test cycle closed', cycle: current } };
        },
      }),
    );
    renderApp('/cycles/5');
    await user.click(await screen.findByRole('button', { name: 'Close cycle' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('2 of 3 items are still untested. Close Release 2.4 anyway?'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'No, Keep Open' }));
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Close cycle' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, Close' }));
    const note = await screen.findByText(/This test cycle is closed/);
    await waitFor(() => expect(document.activeElement).toBe(note));
  });

  it('after Assign, focus goes to the message of what it did', async () => {
    const user = userEvent.setup();
    signedIn(
      LEAD,
      handlers(cycle(), {
        'PUT /api/cycles/5/assign': { body: { message: 'Assigned 1 item to ana', updated: 1 } },
      }),
    );
    renderApp('/cycles/5');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Case 2' }));
    await user.selectOptions(screen.getByLabelText('Assign to'), '8');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    const message = await screen.findByText('Assigned 1 item to ana');
    await waitFor(() => expect(document.activeElement).toBe(message));
  });
});

describe('the cycle page of a test plan', () => {
  it('links its plan by name and shows its configurations with their groups', async () => {
    const api = signedIn(
      LEAD,
      handlers(
        cycle({
          plan_id: 4,
          configurations: [
            { id: 11, name: 'Chrome', group: 'Browser' },
            { id: 21, name: 'Linux', group: 'OS' },
          ],
        }),
        { 'GET /api/plans/4': { body: planOf(4, { name: 'Release 2.4 plan' }) } },
      ),
    );
    renderApp('/cycles/5');
    const link = await screen.findByRole('link', { name: 'Release 2.4 plan' });
    expect(link.getAttribute('href')).toBe('/plans/4');
    const configurations = screen.getByRole('list', { name: 'Configurations' });
    expect(
      within(configurations)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Browser: Chrome', 'OS: Linux']);
    expect(api.calls.some((call) => call.path === '/api/plans/4')).toBe(true);
  });

  it('reads no plan for a cycle of none', async () => {
    const api = signedIn(LEAD, handlers(cycle()));
    renderApp('/cycles/5');
    await screen.findByRole('list', { name: 'Items of Release 2.4' });
    expect(screen.queryByText('Test plan')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Configurations' })).toBeNull();
    expect(api.calls.some((call) => call.path.startsWith('/api/plans'))).toBe(false);
  });
});

describe("a live run's cycle page", () => {
  it('says when the run stopped reporting', async () => {
    const at = '2026-11-29T07:40:00.000Z';
    signedIn(LEAD, handlers(cycle({ source: 'import', live: { state: 'stopped', last_result_at: at } })));
    renderApp('/cycles/5');
    expect(await screen.findByText(/This run stopped reporting at/)).toBeTruthy();
  });
});
