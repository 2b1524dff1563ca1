import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TraceabilityPage } from '@verdict/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockHandlers, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import {
  configurationGroupOf,
  milestoneOf,
  projectDetail,
  projectShell,
  traceabilityRowOf,
} from '@/test/world';

const READER = ['home_project', 'home_requirement', 'home_milestone'];
const summary = { passing: 12, failing: 3, untested: 4, not_covered: 5 };

const page: TraceabilityPage = {
  total: 2,
  summary,
  items: [
    traceabilityRowOf(1, {
      requirement: { id: 1, key: 'EPIC-1', title: 'Checkout', status: 'approved', parent_id: null, depth: 0 },
      coverage: 'failing',
      counts: { cases: 3, passed: 1, failing: 1, untested: 1 },
    }),
    traceabilityRowOf(2, {
      requirement: {
        id: 2,
        key: 'REQ-2',
        title: 'Pay by card',
        status: 'implemented',
        parent_id: 1,
        depth: 1,
      },
      coverage: 'failing',
      counts: { cases: 3, passed: 1, failing: 1, untested: 1 },
      case_count: 4,
      cases: [
        {
          id: 40,
          name: 'Card accepted',
          latest: { state: 'passed', at: '2026-11-25T12:00:00Z', cycle_id: 5 },
        },
        {
          id: 41,
          name: 'Card declined',
          latest: { state: 'blocked', at: '2026-11-25T12:00:00Z', cycle_id: 5 },
        },
        { id: 42, name: 'Card expired', latest: null },
      ],
    }),
  ],
};

function renderMatrix(handlers: MockHandlers = {}, path = '/projects/3/traceability') {
  const api = signedIn(READER, {
    ...projectShell(projectDetail(READER)),
    'GET /api/projects/3/milestones': { body: { milestones: [milestoneOf(6, { name: 'Release 2.0' })] } },
    'GET /api/projects/3/configuration-groups': {
      body: { groups: [configurationGroupOf(1, 'Browser', ['Chrome', 'Firefox'])] },
    },
    'GET /api/projects/3/traceability?limit=50&offset=0': { body: page },
    ...handlers,
  });
  renderApp(path);
  return api;
}

/** 1,000 requirements, answered 50 at a time like the server. */
function thousandRows(): MockHandlers {
  const handlers: MockHandlers = {};
  for (let offset = 0; offset < 1000; offset += 50) {
    handlers[`GET /api/projects/3/traceability?limit=50&offset=${offset}`] = {
      body: {
        total: 1000,
        summary: { passing: 0, failing: 0, untested: 0, not_covered: 1000 },
        items: Array.from({ length: 50 }, (_, i) => traceabilityRowOf(offset + i + 1)),
      },
    };
  }
  return handlers;
}

const traceabilityPaths = (calls: { path: string }[]) =>
  calls.map((call) => call.path).filter((path) => path.startsWith('/api/projects/3/traceability'));

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  vi.restoreAllMocks();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe('the traceability matrix', () => {
  it('shows rows indented by depth, with their cases, latest results, the count and the summary', async () => {
    renderMatrix();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(table.getAttribute('aria-rowcount')).toBe('3');
    expect(rows.map((row) => row.getAttribute('aria-rowindex'))).toEqual(['2', '3']);
    const [epic, pay] = rows as HTMLElement[];
    expect(within(epic as HTMLElement).getByRole('rowheader').style.paddingLeft).toBe('0.5rem');
    expect(within(pay as HTMLElement).getByRole('rowheader').style.paddingLeft).toBe('1.75rem');
    expect(
      within(pay as HTMLElement)
        .getByRole('link', { name: 'REQ-2' })
        .getAttribute('href'),
    ).toBe('/requirements/2');
    expect(within(pay as HTMLElement).getByText('Implemented')).toBeTruthy();
    expect(within(pay as HTMLElement).getByText('Failing')).toBeTruthy();
    expect(within(pay as HTMLElement).getByText('3 cases: 1 passed, 1 failing, 1 untested')).toBeTruthy();
    expect(
      within(pay as HTMLElement)
        .getByRole('link', { name: 'Card accepted' })
        .getAttribute('href'),
    ).toBe('/cases/40');
    expect(within(pay as HTMLElement).getByText('Blocked')).toBeTruthy();
    expect(within(pay as HTMLElement).getByText('Not run')).toBeTruthy();
    expect(within(pay as HTMLElement).getByText('and 1 more')).toBeTruthy();
    expect(within(epic as HTMLElement).getByText('None linked directly')).toBeTruthy();
    expect(
      screen.getByRole('list', { name: 'Requirements: 12 passing, 3 failing, 4 untested, 5 not covered' }),
    ).toBeTruthy();
    expect(screen.getByText('2 requirements')).toBeTruthy();
  });

  it('narrows to a milestone, a configuration and a coverage', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const api = renderMatrix({
      'GET /api/projects/3/traceability?milestone_id=6&limit=50&offset=0': { body: page },
      'GET /api/projects/3/traceability?milestone_id=6&configuration_id=12&limit=50&offset=0': { body: page },
      'GET /api/projects/3/traceability?milestone_id=6&configuration_id=12&coverage=failing&limit=50&offset=0':
        {
          body: { ...page, total: 1, items: [traceabilityRowOf(60, { coverage: 'failing' })] },
        },
    });
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Milestone' }), 'Release 2.0');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Configuration' }),
      'Browser: Firefox',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Coverage' }), 'failing');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Coverage' })).toHaveProperty('value', 'failing'),
    );
    expect(await screen.findByRole('link', { name: 'REQ-60' })).toBeTruthy();
    expect(screen.getByText('1 requirement match')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'REQ-2' })).toBeNull();
    expect(api.calls.map((call) => call.path).filter((path) => path.includes('traceability'))).toContain(
      '/api/projects/3/traceability?milestone_id=6&configuration_id=12&coverage=failing&limit=50&offset=0',
    );
  });

  it('draws only the rows in view of 1,000 and loads the page the scroll reaches', {
    timeout: 20_000,
  }, async () => {
    // jsdom lays nothing out: each measured row is 80 px high, the window 768 px, the page
    // long enough to scroll.
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(80);
    vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockReturnValue(100_000);
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const scrollY = vi.spyOn(window, 'scrollY', 'get').mockReturnValue(0);
    // The table starts at the page's top: scrolled, it moves up as far.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(() =>
      DOMRect.fromRect({ x: 0, y: -window.scrollY, width: 1024, height: 80 }),
    );
    const api = renderMatrix(thousandRows());
    const table = await screen.findByRole('table');
    expect(await within(table).findByRole('link', { name: 'REQ-1' })).toBeTruthy();
    expect(screen.getByText('1,000 requirements')).toBeTruthy();
    expect(table.getAttribute('aria-rowcount')).toBe('1001');
    const drawn = within(table).getAllByRole('row').slice(1);
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn.length).toBeLessThan(30);
    expect(traceabilityPaths(api.calls)).toEqual(['/api/projects/3/traceability?limit=50&offset=0']);

    // Some 600 rows down: the rows there are drawn (not row 1) once their page loads.
    scrollY.mockReturnValue(600 * 80);
    window.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(within(table).queryByRole('link', { name: 'REQ-1' })).toBeNull());
    const reached = await within(table).findAllByRole('link', { name: /^REQ-/ });
    const numbers = reached.map((link) => Number(link.textContent?.slice(4)));
    expect(Math.min(...numbers)).toBeGreaterThan(500);
    for (const link of reached) {
      const row = link.closest('tr') as HTMLElement;
      expect(row.getAttribute('aria-rowindex')).toBe(String(Number(link.textContent?.slice(4)) + 1));
    }
    expect(within(table).getAllByRole('row').slice(1).length).toBeLessThan(30);
    const offset = Math.floor((Math.min(...numbers) - 1) / 50) * 50;
    expect(traceabilityPaths(api.calls)).toContain(`/api/projects/3/traceability?limit=50&offset=${offset}`);
    // Only the pages in view were asked for, not the 18 others.
    expect(traceabilityPaths(api.calls).length).toBeLessThanOrEqual(3);
  });

  it('downloads the whole matrix under the filters as CSV', async () => {
    const user = userEvent.setup();
    const created = vi.fn(() => 'blob:matrix');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const api = renderMatrix(
      {
        'GET /api/projects/3/traceability?coverage=untested&limit=50&offset=0': { body: page },
        'GET /api/projects/3/traceability.csv?coverage=untested': new Response('key,title\n', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="matrix.csv"' },
        }),
      },
      '/projects/3/traceability?coverage=untested',
    );
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Download CSV of the traceability matrix' }));
    await waitFor(() => expect(saved).toEqual(['matrix.csv']));
    expect(api.calls.some((call) => call.path === '/api/projects/3/traceability.csv?coverage=untested')).toBe(
      true,
    );
  });
});
