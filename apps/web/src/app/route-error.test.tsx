import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ScreenErrorBoundary } from './route-error';
import { countedLoad, useScreenLoading } from './screen-loading';

function Boom(): never {
  throw new Error('The screen broke');
}

/** docs/product/errors-and-keyboard.md, "Loading" and "After a new release". */
describe('ScreenErrorBoundary', () => {
  it('shows what a screen threw in its place, and the next address gets its chance', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter(
      [
        {
          element: (
            <ScreenErrorBoundary>
              <Outlet />
            </ScreenErrorBoundary>
          ),
          children: [
            { path: '/boom', element: <Boom /> },
            { path: '/fine', element: <p>A fine screen</p> },
          ],
        },
      ],
      { initialEntries: ['/boom'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('The screen broke')).toBeTruthy();
    await act(() => router.navigate('/fine'));
    expect(await screen.findByText('A fine screen')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    logged.mockRestore();
  });
});

function Probe() {
  return <p>{useScreenLoading() ? 'loading' : 'idle'}</p>;
}

describe('the count of screens loading', () => {
  it('is on while a screen’s code is fetched, and off once it settles, failed or not', async () => {
    render(<Probe />);
    expect(screen.getByText('idle')).toBeTruthy();
    let finish!: () => void;
    let fail!: (error: Error) => void;
    const first = countedLoad(() => new Promise<void>((resolve) => (finish = resolve)));
    const second = countedLoad(() => new Promise<void>((_, reject) => (fail = reject)));
    expect(await screen.findByText('loading')).toBeTruthy();
    await act(async () => {
      finish();
      await first;
    });
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => {
      fail(new Error('gone'));
      await second.catch(() => {});
    });
    expect(screen.getByText('idle')).toBeTruthy();
  });
});
