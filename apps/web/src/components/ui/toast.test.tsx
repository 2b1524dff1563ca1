import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS } from '@/lib/ui-constants';
import { ToastProvider, useNavigationToast, useToast } from './toast';

function ShowButtons() {
  const { show } = useToast();
  return (
    <>
      <button type="button" onClick={() => show('User created successfully!')}>
        ok
      </button>
      <button type="button" onClick={() => show('Failed to delete user', 'error')}>
        fail
      </button>
    </>
  );
}

describe('toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a toast and removes it after exactly 3000 ms', () => {
    render(
      <ToastProvider>
        <ShowButtons />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'ok' }).click());
    expect(screen.getByRole('status').textContent).toContain('User created successfully!');

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.queryByText('User created successfully!')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('User created successfully!')).toBeNull();
    expect(TOAST_DURATION_MS).toBe(3000);
  });

  it('prefixes error toasts with a warning sign', () => {
    render(
      <ToastProvider>
        <ShowButtons />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'fail' }).click());
    expect(screen.getByText('⚠️ Failed to delete user')).toBeTruthy();
  });

  it('times each toast on its own', () => {
    render(
      <ToastProvider>
        <ShowButtons />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'ok' }).click());
    act(() => vi.advanceTimersByTime(2000));
    act(() => screen.getByRole('button', { name: 'fail' }).click());
    expect(screen.getAllByRole('status')).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getAllByRole('status')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryAllByRole('status')).toHaveLength(0);
  });
});

function ToastLayout() {
  useNavigationToast();
  return <Outlet />;
}
function SaveForm() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => navigate('/list', { state: { message: 'User created successfully!' } })}
    >
      save
    </button>
  );
}

describe('useNavigationToast', () => {
  it('shows the message once, then clears it from history state', async () => {
    const router = createMemoryRouter(
      [
        // The form sits outside the layout, so the layout mounts with the message in state,
        // which is when StrictMode runs its effect twice.
        { path: '/form', element: <SaveForm /> },
        {
          element: <ToastLayout />,
          children: [
            { path: '/list', element: <p>list</p> },
            { path: '/other', element: <p>other</p> },
          ],
        },
      ],
      { initialEntries: ['/form'] },
    );
    render(
      <StrictMode>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </StrictMode>,
    );

    await act(async () => screen.getByRole('button', { name: 'save' }).click());
    expect(screen.getByText('list')).toBeTruthy();
    // Once, even under StrictMode's double effects.
    expect(screen.getAllByText('User created successfully!')).toHaveLength(1);
    expect(router.state.location.state).toBeNull();
    expect(router.state.location.pathname).toBe('/list');

    // Leaving and coming Back does not show it again.
    await act(async () => router.navigate('/other'));
    await act(async () => router.navigate(-1));
    expect(screen.getByText('list')).toBeTruthy();
    expect(screen.getAllByText('User created successfully!')).toHaveLength(1);
  });
});

describe('toast pauses', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stays while hovered or focused and leaves with the time that was left', () => {
    render(
      <ToastProvider>
        <ShowButtons />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'ok' }).click());
    const shown = screen.getByRole('status');
    act(() => vi.advanceTimersByTime(1000));
    act(() => {
      shown.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    });
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByText('User created successfully!')).not.toBeNull();
    act(() => {
      shown.dispatchEvent(new MouseEvent('mouseout', { bubbles: true }));
    });
    act(() => screen.getByRole('button', { name: 'Dismiss' }).focus());
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByText('User created successfully!')).not.toBeNull();
    act(() => screen.getByRole('button', { name: 'Dismiss' }).blur());
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1000 - 1));
    expect(screen.queryByText('User created successfully!')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('User created successfully!')).toBeNull();
  });
});
