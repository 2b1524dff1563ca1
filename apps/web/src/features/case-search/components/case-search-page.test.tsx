import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type MockHandlers, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { searchHit as hit, searchPage as page, projectDetail, projectShell } from '@/test/world';

const SEARCHER = ['home_project', 'home_test_case'];

const project = projectDetail(SEARCHER);

/** The project and an empty sidebar tree, so nothing else on the screen fails or announces. */
const shell: MockHandlers = projectShell(project);

const SEARCH = '/api/projects/3/cases/search';

/** The count line: a status region that stays in the page across searches. */
function countLine(): HTMLElement {
  const line = document.querySelector<HTMLElement>('.case-search-count');
  if (!line) throw new Error('no count line');
  expect(line.getAttribute('role')).toBe('status');
  return line;
}
const searchPaths = (calls: { path: string }[]) =>
  calls.filter((call) => call.path.startsWith(SEARCH)).map((call) => call.path);

/** jsdom lays nothing out: give the list's scroll box a height so the virtualizer draws rows. */
function withListHeight(height = 440) {
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(height);
}

describe('Search Test Cases', () => {
  it('explains OR and parentheses in the search help', async () => {
    const user = userEvent.setup();
    signedIn(SEARCHER, { ...shell, [`GET ${SEARCH}?q=&limit=50&offset=0`]: page([]) });
    renderApp('/projects/3/search');
    await user.click(await screen.findByText('Search help'));
    const help = screen.getByText('Search help').closest('details') as HTMLElement;
    expect(help.textContent).toContain('so a b OR c means (a and b) or c');
    expect(help.textContent).toContain('up to 10 deep, in a query of at most 50 terms');
    expect(within(help).getByText('tag:smoke OR tag:regression')).toBeTruthy();
    expect(within(help).getByText('priority:high (tag:web OR tag:api)')).toBeTruthy();
  });

  it('says "more than" when the server counted only to its cap', async () => {
    withListHeight();
    signedIn(SEARCHER, {
      ...shell,
      [`GET ${SEARCH}?q=card&limit=50&offset=0`]: {
        body: { items: [hit(10, { name: 'Card one' })], total: 1000, total_capped: true },
      },
    });
    renderApp('/projects/3/search?q=card');
    expect(await screen.findByText('More than 1,000 cases match')).toBeTruthy();
    expect(countLine().textContent).toBe('More than 1,000 cases match');
  });

  it('shows the count and the rows of the query in the address, with path, status, priority and tags', async () => {
    withListHeight();
    signedIn(SEARCHER, {
      ...shell,
      [`GET ${SEARCH}?q=card%20tag%3Asmoke&limit=50&offset=0`]: page([
        hit(10, {
          name: 'Declined card',
          ancestors: ['Pay by card'],
          status: 'failed',
          rollup: 'failed',
          priority: 'high',
          tags: ['smoke', 'cards'],
        }),
        hit(11, { name: 'Card in no suite', suite_name: null, suite_id: null }),
      ]),
    });
    renderApp('/projects/3/search?q=card+tag%3Asmoke');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search Test Cases' })).toBeTruthy();
    expect(await screen.findByText('Checkout Web', { selector: '.page-subtitle' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: /breadcrumb/i }).textContent).toContain(
      'Search Test Cases',
    );
    expect(screen.getByRole('searchbox', { name: 'Search cases' })).toHaveProperty('value', 'card tag:smoke');

    expect(await screen.findByText('2 cases match')).toBeTruthy();
    expect(countLine().textContent).toBe('2 cases match');
    const list = screen.getByRole('list', { name: 'Matching cases' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Payments › Pay by card › Declined card'),
      expect.stringContaining('Card in no suite'),
    ]);
    const link = within(rows[0] as HTMLElement).getByRole('link', { name: 'Declined card' });
    expect(link.getAttribute('href')).toBe('/cases/10');
    expect(within(rows[0] as HTMLElement).getByRole('img', { name: 'Latest: failed' })).toBeTruthy();
    expect(rows[0]?.textContent).toContain('High');
    expect(rows[0]?.textContent).toContain('smoke');
    // Medium gets its chip like every other priority.
    expect(rows[1]?.textContent).toBe('Card in no suitePriority: Medium');
    expect(rows[1]?.querySelector('.priority-badge.priority-medium')).toBeTruthy();
    // The terms as chips, none marked.
    const chips = screen.getByRole('list', { name: 'Terms of the query' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['card', 'tag:smoke']);
  });

  it('searches after a pause in typing or on Enter, one history entry a search; Back brings the query back', async () => {
    const user = userEvent.setup();
    const api = signedIn(SEARCHER, {
      ...shell,
      [`GET ${SEARCH}?limit=50&offset=0`]: page([hit(1), hit(2), hit(3)]),
      [`GET ${SEARCH}?q=login&limit=50&offset=0`]: page([hit(2)]),
      [`GET ${SEARCH}?q=login%20-tag%3Aflaky&limit=50&offset=0`]: page([]),
    });
    const { router } = renderApp('/projects/3/search');
    expect(await screen.findByText('3 cases match')).toBeTruthy();
    const box = screen.getByRole('searchbox', { name: 'Search cases' });

    await user.type(box, 'login');
    await screen.findByText('1 case matches');
    // One request for the word, not one per key.
    expect(searchPaths(api.calls)).toEqual([
      `${SEARCH}?limit=50&offset=0`,
      `${SEARCH}?q=login&limit=50&offset=0`,
    ]);
    expect(router.state.location.search).toBe('?q=login');

    await user.type(box, ' -tag:flaky{Enter}');
    expect(await screen.findByText('No cases match.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Matching cases' })).toBeNull();
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('login -tag:flaky');

    // The refined query replaced the typed one: Back goes to the search before, the whole project.
    await act(() => router.navigate(-1));
    expect(await screen.findByText('3 cases match')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(box).toHaveProperty('value', '');
    await act(() => router.navigate(1));
    expect(await screen.findByText('No cases match.')).toBeTruthy();
    expect(box).toHaveProperty('value', 'login -tag:flaky');
  });

  it('shows the problems of a query at their terms: listed under the box, their chips marked', async () => {
    const message = 'priority:urgent: Unknown priority "urgent": use critical, high, medium or low';
    signedIn(SEARCHER, {
      ...shell,
      [`GET ${SEARCH}?q=login%20priority%3Aurgent%20colour%3Ared&limit=50&offset=0`]: {
        status: 400,
        body: {
          message,
          details: [
            { field: 'q.1', message },
            { field: 'q.2', message: 'colour:red: Unknown field "colour": use one of tag, priority' },
          ],
        },
      },
    });
    renderApp('/projects/3/search?q=login+priority%3Aurgent+colour%3Ared');
    const alert = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.case-search-problems');
      if (!found) throw new Error('no problems yet');
      return found;
    });
    expect(alert.getAttribute('role')).toBe('alert');
    const problems = within(alert).getAllByRole('listitem');
    expect(problems.map((problem) => problem.textContent)).toEqual([
      message,
      'colour:red: Unknown field "colour": use one of tag, priority',
    ]);
    expect(problems.map((problem) => problem.querySelector('code')?.textContent)).toEqual([
      'priority:urgent',
      'colour:red',
    ]);
    const box = screen.getByRole('searchbox', { name: 'Search cases' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe(alert.id);
    const chips = within(screen.getByRole('list', { name: 'Terms of the query' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual([
      'login',
      'priority:urgent error',
      'colour:red error',
    ]);
    expect(chips.map((chip) => chip.classList.contains('is-bad'))).toEqual([false, true, true]);
    // No results and no count for a query that was not run.
    expect(screen.queryByRole('list', { name: 'Matching cases' })).toBeNull();
    expect(countLine().textContent).toBe('');
  });

  it('any other failure says so with Retry, never an empty list', async () => {
    const user = userEvent.setup();
    let fail = true;
    signedIn(SEARCHER, {
      ...shell,
      [`GET ${SEARCH}?q=x&limit=50&offset=0`]: () => (fail ? { status: 500, body: {} } : page([hit(4)])),
    });
    renderApp('/projects/3/search?q=x');
    expect(await screen.findByText('⚠️ Could not load the search results.')).toBeTruthy();
    expect(screen.queryByText('No cases match.')).toBeNull();
    fail = false;
    withListHeight();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 case matches')).toBeTruthy();
  });

  it('loads the next page of 50 as the list scrolls', async () => {
    withListHeight();
    const many = (from: number) => Array.from({ length: 50 }, (_, i) => hit(from + i));
    const api = signedIn(SEARCHER, {
      ...shell,
      [`GET ${SEARCH}?limit=50&offset=0`]: page(many(1), 120),
      [`GET ${SEARCH}?limit=50&offset=50`]: page(many(51), 120),
      [`GET ${SEARCH}?limit=50&offset=100`]: page(many(101).slice(0, 20), 120),
    });
    renderApp('/projects/3/search');
    expect(await screen.findByText('120 cases match')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Matching cases' });
    // Only the rows in view (and a few more) are drawn.
    expect(within(list).getAllByRole('listitem').length).toBeLessThan(30);
    const scroller = list.parentElement as HTMLElement;
    scroller.scrollTop = 4400;
    scroller.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(within(list).getByRole('link', { name: 'Case 111' })).toBeTruthy());
    expect(searchPaths(api.calls)).toEqual([
      `${SEARCH}?limit=50&offset=0`,
      `${SEARCH}?limit=50&offset=50`,
      `${SEARCH}?limit=50&offset=100`,
    ]);
  });
});

describe('the project page search box', () => {
  it("'/' focuses it unless the user is typing; Enter opens Search Test Cases with the query", async () => {
    const user = userEvent.setup();
    signedIn(SEARCHER, {
      ...shell,
      [`GET ${SEARCH}?q=tag%3Asmoke&limit=50&offset=0`]: page([]),
    });
    const { router } = renderApp('/projects/3');
    const box = await screen.findByRole('searchbox', { name: 'Search cases' });
    expect(box.getAttribute('aria-keyshortcuts')).toBe('/');
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard('/');
    expect(document.activeElement).toBe(box);
    // In the box, '/' is a character.
    await user.keyboard('tag:smoke/');
    expect(box).toHaveProperty('value', 'tag:smoke/');
    await user.keyboard('{Backspace}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/3/search'));
    expect(router.state.location.search).toBe('?q=tag%3Asmoke');
    expect(await screen.findByText('No cases match.')).toBeTruthy();
  });

  it('is not there without home_test_case', async () => {
    signedIn(['home_project'], {
      ...shell,
      'GET /api/projects/detail/3': { body: { ...project, my_permissions: ['home_project'] } },
    });
    renderApp('/projects/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Project Details' })).toBeTruthy();
    expect(screen.queryByRole('searchbox', { name: 'Search cases' })).toBeNull();
  });
});

describe('saved searches', () => {
  const saved = (id: number, name: string, q: string) => ({
    id,
    project_id: 3,
    name,
    q,
    created_at: '2026-11-25T10:00:00Z',
  });

  it('lists them as links, saves the query under a name (a taken name said at the field), deletes one', async () => {
    const user = userEvent.setup();
    let searches = [saved(1, 'Smoke', 'tag:smoke'), saved(2, 'Everything', '')];
    const api = signedIn(SEARCHER, {
      ...shell,
      'GET /api/projects/3/saved-searches': () => ({ body: { searches } }),
      [`GET ${SEARCH}?q=priority%3Ahigh&limit=50&offset=0`]: page([]),
      'POST /api/projects/3/saved-searches': (body) => {
        const { name, q } = body as { name: string; q: string };
        if (name === 'Smoke') {
          return { status: 409, body: { message: 'You already have a saved search named "Smoke"' } };
        }
        const search = saved(3, name, q);
        searches = [...searches, search];
        return { status: 201, body: { message: 'Search saved', search } };
      },
      'DELETE /api/saved-searches/1': () => {
        searches = searches.filter((s) => s.id !== 1);
        return { body: { message: 'Saved search deleted' } };
      },
    });
    renderApp('/projects/3/search?q=priority%3Ahigh');
    const region = await screen.findByRole('region', { name: 'Saved searches' });
    const link = await within(region).findByRole('link', { name: 'Smoke' });
    expect(link.getAttribute('href')).toBe('/projects/3/search?q=tag%3Asmoke');
    expect(within(region).getByRole('link', { name: 'Everything' }).getAttribute('href')).toBe(
      '/projects/3/search',
    );

    await user.click(within(region).getByRole('button', { name: 'Save search' }));
    const name = within(region).getByRole('textbox', { name: 'Name of the search' });
    expect(document.activeElement).toBe(name);
    expect(name).toHaveProperty('value', 'priority:high');
    await user.clear(name);
    await user.type(name, 'Smoke{Enter}');
    const taken = await within(region).findByText('You already have a saved search named "Smoke"');
    expect(name.getAttribute('aria-describedby')).toContain(taken.id);
    expect(name.getAttribute('aria-invalid')).toBe('true');

    await user.clear(name);
    await user.type(name, 'High ones{Enter}');
    expect(await within(region).findByRole('link', { name: 'High ones' })).toBeTruthy();
    expect(within(region).getByRole('status').textContent).toBe('Search saved: High ones');
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { name: 'Smoke', q: 'priority:high' },
      { name: 'High ones', q: 'priority:high' },
    ]);

    await user.click(within(region).getByRole('button', { name: 'Delete saved search Smoke' }));
    await waitFor(() => expect(within(region).queryByRole('link', { name: 'Smoke' })).toBeNull());
    expect(within(region).getByRole('status').textContent).toBe('Saved search deleted');
  });
});
