import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type ListState, pageFromParam, useUrlListState } from './use-url-list-state';

describe('pageFromParam', () => {
  it('reads a positive whole number and takes anything else as page 1', () => {
    expect(pageFromParam('3')).toBe(3);
    expect(pageFromParam(null)).toBe(1);
    for (const bad of ['0', '-2', '1.5', 'two', '', '03', '1e3']) expect(pageFromParam(bad)).toBe(1);
  });
});

let state: ListState | undefined;
let names: Parameters<typeof useUrlListState>[0];

function Probe() {
  state = useUrlListState(names);
  return null;
}

function setup(path: string, params?: Parameters<typeof useUrlListState>[0]) {
  names = params;
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { router, current: () => state as ListState };
}

describe('useUrlListState', () => {
  it('keeps the search and page in the address; a new search goes back to page 1 in one entry', () => {
    const { router, current } = setup('/admin?q=ann&page=2');
    expect(current().query).toBe('ann');
    expect(current().page).toBe(2);

    // The list sets page 1 right after the search, in the same event.
    act(() => {
      current().setQuery('bob');
      current().setPage(1);
    });
    expect(router.state.location.search).toBe('?q=bob');
    expect(router.state.historyAction).toBe('REPLACE');

    act(() => current().setPage(3));
    expect(router.state.location.search).toBe('?q=bob&page=3');
    expect(router.state.historyAction).toBe('PUSH');

    act(() => current().setQuery(''));
    expect(router.state.location.search).toBe('');
  });

  it('a list with its own names leaves the other lists of the screen alone', () => {
    const { router, current } = setup('/projects/1?suites=2', {
      queryParam: 'members_q',
      pageParam: 'members',
    });
    expect(current().page).toBe(1);
    act(() => current().setPage(2));
    expect(router.state.location.search).toBe('?suites=2&members=2');
    act(() => current().setQuery('x'));
    expect(router.state.location.search).toBe('?suites=2&members_q=x');
  });
});
