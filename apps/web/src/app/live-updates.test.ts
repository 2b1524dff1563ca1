import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { STORAGE_KEYS } from '@verdict/contract';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readEvents, staleKeysOf, useLiveUpdates } from './live-updates';

describe('readEvents', () => {
  it('answers the complete change events and keeps the unfinished rest', () => {
    const text =
      'retry: 2000\n: connected\n\n' +
      'event: change\ndata: {"kind":"cycles","projects":[3],"cycles":[7]}\n\n' +
      ': ping\n\n' +
      'event: change\r\ndata: {"kind":"runs","projects":[3],"cycles":null}\r\n\r\n' +
      'event: change\ndata: {"kind":"ru';
    const { changes, rest } = readEvents(text);
    expect(changes).toEqual([
      { kind: 'cycles', projects: [3], cycles: [7] },
      { kind: 'runs', projects: [3], cycles: null },
    ]);
    expect(rest).toBe('event: change\ndata: {"kind":"ru');
    expect(readEvents(`${rest}ns","projects":[1],"cycles":null}\n\n`).changes).toEqual([
      { kind: 'runs', projects: [1], cycles: null },
    ]);
  });

  it("tells when the caller's notifications changed", () => {
    expect(readEvents('event: notifications\ndata: {}\n\n').notified).toBe(true);
    expect(readEvents('event: change\ndata: {"kind":"runs","projects":[1],"cycles":null}\n\n').notified).toBe(
      false,
    );
  });

  it('skips other events and data it cannot read', () => {
    expect(readEvents('event: other\ndata: {}\n\nevent: change\ndata: nope\n\n').changes).toEqual([]);
  });
});

describe('staleKeysOf', () => {
  it('reloads the case lists, runs and counts after runs; the cycle screens after cycles', () => {
    expect(staleKeysOf('runs')).toContainEqual(['cases']);
    expect(staleKeysOf('runs')).toContainEqual(['runs']);
    expect(staleKeysOf('cycles')).toEqual([['cycles'], ['cycle-items'], ['my-work']]);
  });
});

describe('useLiveUpdates', () => {
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('tries the event stream again after a failure, and never once the screen is gone', async () => {
    vi.useFakeTimers();
    localStorage.setItem(STORAGE_KEYS.token, 'a-token');
    const fetchStub = vi.fn().mockRejectedValue(new TypeError('offline'));
    vi.stubGlobal('fetch', fetchStub);
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);

    const { unmount } = renderHook(() => useLiveUpdates(), { wrapper });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetchStub).toHaveBeenCalledTimes(2);

    unmount();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchStub).toHaveBeenCalledTimes(2);
  });

  it('stops once the stream is refused with 401 (the session ended)', async () => {
    vi.useFakeTimers();
    localStorage.setItem(STORAGE_KEYS.token, 'a-signed-out-token');
    const fetchStub = vi.fn().mockResolvedValue(new Response('{"message":"signed out"}', { status: 401 }));
    vi.stubGlobal('fetch', fetchStub);
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);

    const { unmount } = renderHook(() => useLiveUpdates(), { wrapper });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    unmount();
  });
});
